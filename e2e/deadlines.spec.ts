import { expect, test } from '@playwright/test'
import { goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

// Issue 43, deadlines: a job that promises to be done within a second, run for longer, is marked
// late in the Runs list (and in its detail) once the deadline monitor has looked, and the run goes on.
const server = useHeadlessServer()

test.use({ viewport: { width: 1280, height: 720 } })

test('a run past its finish deadline shows a late badge in the Runs list and its detail', async ({ page }, testInfo) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  await editor.getByTestId('field-name').fill('E2E late settlement')
  await editor.getByTestId('field-scheduleType').getByText('NONE', { exact: true }).click()
  await editor.getByTestId('field-executorHandler').fill('sleepJobHandler')
  await editor.getByTestId('field-executorParam').fill('20000')
  await editor.getByTestId('field-finishWithinSec').fill('1')
  await editor.getByTestId('editor-save').click()
  await expect(editor).toHaveCount(0)

  await jobRow(page, 'E2E late settlement').getByTestId('job-trigger').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByTestId('trigger-submit').click()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  await goTo(page, 'runs')
  const row = page.getByTestId('run-row').filter({ hasText: 'E2E late settlement' }).first()
  // The deadline monitor looks every 10 s; its mark reaches the list with the run's change.
  await expect(row.getByTestId('run-late')).toHaveText('late', { timeout: 30_000 })
  await expect(row.getByTestId('run-late')).toHaveAttribute('title', /Missed its deadline/)
  await expect(row.getByTestId('run-slow')).toHaveCount(0)
  // A warning, not a kill: the run still runs.
  await expect(row.getByTestId('run-status')).toHaveAttribute('data-status', 'running')
  await testInfo.attach('runs-list-late.png', { body: await page.screenshot(), contentType: 'image/png' })
  await row.click()
  await expect(page.getByTestId('run-detail').getByTestId('run-late')).toBeVisible()
})
