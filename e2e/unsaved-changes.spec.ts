import { expect, test } from '@playwright/test'
import { createJob, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()

const discardPrompt = (page: import('@playwright/test').Page) => page.getByTestId('discard-prompt')

test('Escape on a filled New-job form asks first; keep editing keeps the text, discard closes', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  await editor.getByTestId('field-name').fill('E2E half-typed job')
  await page.keyboard.press('Escape')
  await expect(discardPrompt(page)).toBeVisible()
  await discardPrompt(page).getByTestId('discard-keep').click()
  await expect(discardPrompt(page)).toHaveCount(0)
  await expect(editor.getByTestId('field-name')).toHaveValue('E2E half-typed job')

  // The close button asks too.
  await page.getByTestId('job-editor').locator('.mantine-Drawer-close').click()
  await expect(discardPrompt(page)).toBeVisible()
  await discardPrompt(page).getByTestId('discard-confirm').click()
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)
  await expect(jobRow(page, 'E2E half-typed job')).toHaveCount(0)

  // An untouched form closes without asking.
  await page.getByTestId('job-new').click()
  await expect(page.getByTestId('job-editor-form')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)
  await expect(discardPrompt(page)).toHaveCount(0)
})

test('the GLUE editor, the group editor and the trigger dialog ask before dropping edits too', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await createJob(page, { name: 'E2E guarded script', shell: '#!/bin/bash\necho one\n' })
  await jobRow(page, 'E2E guarded script').getByTestId('job-glue').click()
  await page.getByTestId('glue-remark').fill('half a remark')
  await page.keyboard.press('Escape')
  await expect(discardPrompt(page)).toBeVisible()
  await discardPrompt(page).getByTestId('discard-confirm').click()
  await expect(page.getByTestId('glue-form')).toHaveCount(0)

  await jobRow(page, 'E2E guarded script').getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-param').fill('a parameter I typed')
  await page.keyboard.press('Escape')
  await expect(discardPrompt(page)).toBeVisible()
  await discardPrompt(page).getByTestId('discard-keep').click()
  await expect(page.getByTestId('trigger-param')).toHaveValue('a parameter I typed')
  await page.keyboard.press('Escape')
  await discardPrompt(page).getByTestId('discard-confirm').click()
  await expect(page.getByTestId('trigger-param')).toHaveCount(0)

  await goTo(page, 'executors')
  await page.getByTestId('group-new').click()
  await page.getByTestId('group-appName').fill('e2e-half')
  await page.keyboard.press('Escape')
  await expect(discardPrompt(page)).toBeVisible()
  await discardPrompt(page).getByTestId('discard-confirm').click()
  await expect(page.getByTestId('group-editor-form')).toHaveCount(0)
})

test('leaving Settings with unsaved changes asks first', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'settings')
  await page.getByTestId('settings-retention').fill('12')
  await page.getByTestId('nav-jobs').click()
  await expect(discardPrompt(page)).toBeVisible()
  await discardPrompt(page).getByTestId('discard-keep').click()
  await expect(page.getByTestId('page-settings')).toBeVisible()
  await expect(page.getByTestId('settings-retention')).toHaveValue('12')
  await page.getByTestId('nav-jobs').click()
  await discardPrompt(page).getByTestId('discard-confirm').click()
  await expect(page.getByTestId('page-jobs')).toBeVisible()
})
