import { expect, test } from '@playwright/test'
import { chooseOption, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer({ extraArgs: ['--no-demo'] })
// The browser's clock reads UTC: the range typed below is in UTC, as the job's slots.
test.use({ timezoneId: 'UTC' })

test('a backfill started from a job’s Backfill dialog: its slots previewed, then its progress followed to done', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  await editor.getByTestId('field-name').fill('E2E hourly report')
  await editor.getByTestId('field-executorHandler').fill('echoJobHandler')
  await editor.getByTestId('field-executorParam').fill('report for ${schedule.time}')
  await editor.getByTestId('field-scheduleConf').fill('0 0 * * * ?')
  await chooseOption(page, editor.getByTestId('field-timezone'), 'UTC')
  await editor.getByTestId('editor-save').click()
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

  await jobRow(page, 'E2E hourly report').getByTestId('job-backfill').click()
  const dialog = page.getByTestId('backfill-dialog')
  await expect(dialog.getByTestId('backfill-form')).toBeVisible()
  await dialog.getByTestId('backfill-from').fill('2026-03-01T00:00')
  await dialog.getByTestId('backfill-to').fill('2026-03-01T06:00')
  await dialog.getByTestId('backfill-concurrency').fill('2')
  await dialog.getByTestId('backfill-preview').click()
  await expect(dialog.getByTestId('backfill-preview-count')).toHaveText('6 slots in the range')
  await expect(dialog.getByTestId('backfill-preview-slots')).toContainText('2026-03-01 05:00:00')

  await dialog.getByTestId('backfill-start').click()
  const progress = dialog.getByTestId('backfill-progress')
  await expect(progress).toHaveAttribute('data-state', 'done')
  await expect(progress.getByTestId('backfill-counts')).toContainText('6 of 6 done · 0 failed')
  await expect(progress.getByTestId('backfill-slot')).toHaveCount(6)
  await expect(progress.locator('[data-testid="backfill-slot"][data-state="done"]')).toHaveCount(6)
  await expect(progress.getByTestId('backfill-state')).toHaveText('Done')

  // Later, the job's backfills are listed in its dialog, and the one picked shows its progress.
  await page.keyboard.press('Escape')
  await expect(dialog.getByTestId('backfill-progress')).toHaveCount(0)
  await jobRow(page, 'E2E hourly report').getByTestId('job-backfill').click()
  await expect(dialog.getByTestId('backfill-earlier-item')).toHaveCount(1)
  await dialog.getByTestId('backfill-earlier-item').click()
  await expect(dialog.getByTestId('backfill-progress')).toHaveAttribute('data-state', 'done')
  await dialog.getByTestId('backfill-slot').first().getByRole('link').click()
  await expect(page.getByTestId('page-runs')).toBeVisible()
})
