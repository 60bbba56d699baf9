import { expect, test } from '@playwright/test'
import { goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()

test('the job editor names a bad cron at once, previews a fixed one and saves the job into the list', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  await expect(editor).toBeVisible()

  await editor.getByTestId('field-name').fill('E2E nightly report')
  await editor.getByTestId('field-executorHandler').fill('demoJobHandler')
  const conf = editor.getByTestId('field-scheduleConf')
  await conf.fill('0 0 25 * * ?')
  // The core's own message, naming the field and the rule.
  await expect(editor.getByTestId('schedule-error')).toContainText('Schedule: ')
  await expect(editor.getByTestId('schedule-error')).toContainText('25')
  await expect(editor.getByTestId('schedule-preview')).toHaveCount(0)

  await conf.fill('0 30 2 * * ?')
  await expect(editor.getByTestId('schedule-error')).toHaveCount(0)
  await expect(editor.getByTestId('schedule-preview').getByTestId('preview-time')).toHaveCount(5)
  await expect(editor.getByTestId('schedule-preview').getByTestId('preview-time').first()).toContainText(':30:00')
  await expect(editor.getByTestId('schedule-description')).toHaveText('At 02:30')

  await editor.getByTestId('editor-save').click()
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)
  const row = jobRow(page, 'E2E nightly report')
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('job-status')).toHaveText('Stopped')
  await expect(row.getByTestId('schedule-description')).toHaveText('At 02:30')
})

test('a save the core refuses shows its message on the field it names', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  await editor.getByTestId('field-name').fill('E2E no handler')
  // A BEAN job without a handler passes every live check but not the core's save validation.
  await editor.getByTestId('editor-save').click()
  await expect(editor.getByText(/Job handler: a BEAN job needs/)).toBeVisible()
  await expect(page.getByTestId('job-editor-form')).toBeVisible()
})
