import { expect, test } from '@playwright/test'
import { createJob, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

// Script jobs run on the JobDesk host only when the operator turns them on.
const server = useHeadlessServer({ extraArgs: ['--enable-scripts'] })
const JOB = 'E2E glue versions'
const script = (word: string) => `#!/bin/bash\necho "version ${word}"\n`

test('the GLUE editor saves versions with remarks, diffs one against the editor, and restores one that then runs', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await createJob(page, { name: JOB, shell: script('one') })
  await jobRow(page, JOB).getByTestId('job-glue').click()
  const ide = page.getByRole('dialog')
  await expect(ide.getByTestId('glue-source')).toContainText('version one')
  // The source the job was created with is its first version.
  await expect(ide.getByTestId('glue-version-remark')).toHaveText(['saved with the job'])

  // A version needs a remark: the core refuses one without and says which field.
  await ide.getByTestId('glue-source').fill(script('two'))
  await expect(ide.getByTestId('glue-changed')).toBeVisible()
  await ide.getByTestId('glue-save').click()
  await expect(ide.getByTestId('glue-error')).toContainText('Version remark: ')

  await ide.getByTestId('glue-remark').fill('say two')
  await ide.getByTestId('glue-save').click()
  await expect(ide.getByTestId('glue-version')).toHaveCount(2)
  await ide.getByTestId('glue-source').fill(script('three'))
  await ide.getByTestId('glue-remark').fill('say three')
  await ide.getByTestId('glue-save').click()
  await expect(ide.getByTestId('glue-version-remark')).toHaveText(['say three', 'say two', 'saved with the job'])
  await expect(ide.getByTestId('glue-changed')).toHaveCount(0)

  // Compare "say two" with the editor (three): both sides are shown.
  await ide.getByTestId('glue-version-diff').nth(1).click()
  const diff = ide.getByTestId('glue-diff')
  await expect(diff).toContainText('version two')
  await expect(diff).toContainText('version three')
  await expect(diff.locator('.cm-changedLine').first()).toBeVisible()

  // Restore = load the version, then save it with a remark.
  await ide.getByTestId('glue-version-load').nth(1).click()
  await expect(ide.getByTestId('glue-source')).toContainText('version two')
  await expect(ide.getByTestId('glue-remark')).toHaveValue(/say two/)
  await ide.getByTestId('glue-save').click()
  await expect(ide.getByTestId('glue-version')).toHaveCount(4)
  await expect(ide.getByTestId('glue-version-remark').first()).toContainText('Restore')
  await page.keyboard.press('Escape')

  // The restored source is what runs.
  await jobRow(page, JOB).getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await page.getByRole('dialog').getByTestId('trigger-run-link').click()
  const detail = page.getByTestId('run-detail')
  await expect(detail).toHaveAttribute('data-status', 'success', { timeout: 60_000 })
  await expect(detail.getByTestId('log-row').filter({ hasText: 'version two' })).toHaveCount(1)
  await expect(detail.getByTestId('log-row').filter({ hasText: 'version three' })).toHaveCount(0)
})
