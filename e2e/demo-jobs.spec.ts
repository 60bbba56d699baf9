import { expect, test } from '@playwright/test'
import { goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()

test('the console lists the three demo jobs and shows a run of the 2-second job succeed with its log', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')

  for (const name of ['Demo: hello every 2 seconds', 'Demo: a job that fails (run it by hand)', 'Demo: fixed rate, every 10 s']) {
    await expect(jobRow(page, name)).toHaveCount(1)
  }
  await expect(page.getByTestId('job-row')).toHaveCount(3)
  await expect(jobRow(page, 'Demo: hello every 2 seconds').getByTestId('schedule-description')).toHaveText('Every 2 seconds')

  // Its runs, filtered by job: a successful one appears as the scheduler fires it (every 2 s).
  await jobRow(page, 'Demo: hello every 2 seconds').getByTestId('job-runs').click()
  await expect(page.getByTestId('page-runs')).toBeVisible()
  const succeeded = page.getByTestId('run-row').filter({ has: page.locator('[data-testid="run-status"][data-status="success"]') })
  await expect(succeeded.first()).toBeVisible()
  const jobId = await succeeded.first().getAttribute('data-job-id')
  const listedJobIds = await page.getByTestId('run-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-job-id')))
  expect(new Set(listedJobIds)).toEqual(new Set([jobId]))

  // New runs arrive in the open list by themselves (pushed `runs-changed`, no re-read).
  const newestId = Math.max(...(await page.getByTestId('run-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-run-id'))))))
  await expect
    .poll(async () => Math.max(...(await page.getByTestId('run-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-run-id')))))))
    .toBeGreaterThan(newestId)

  await succeeded.first().click()
  const detail = page.getByTestId('run-detail')
  await expect(detail).toHaveAttribute('data-status', 'success')
  await expect(detail.getByTestId('run-param')).toHaveText('hello from JobDesk')
  await expect(detail.getByTestId('run-trigger-msg')).toContainText('Route strategy: FIRST')
  await expect(detail.getByTestId('log-tail').getByTestId('log-row').filter({ hasText: 'hello from JobDesk' }).first()).toBeVisible()
})
