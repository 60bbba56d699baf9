import { expect, test } from '@playwright/test'
import { goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()

test('a manual trigger with another parameter starts a run that appears and completes', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  // Stop the 2-second job first so its own scheduled runs can't be mistaken for the manual one.
  const row = jobRow(page, 'Demo: hello every 2 seconds')
  await row.getByTestId('job-stop').click()
  await expect(row.getByTestId('job-status')).toHaveText('Stopped')

  await row.getByTestId('job-trigger').click()
  const dialog = page.getByRole('dialog')
  const param = dialog.getByTestId('trigger-param')
  await expect(param).toHaveValue('hello from JobDesk')
  await param.fill('manual e2e parameter')
  await dialog.getByTestId('trigger-submit').click()

  const link = dialog.getByTestId('trigger-run-link')
  await expect(link).toHaveCount(1)
  const runText = await link.textContent()
  const runId = /(\d+)/.exec(runText ?? '')?.[1]
  expect(runId).toBeDefined()
  await link.click()

  await expect(page.getByTestId('page-runs')).toBeVisible()
  await expect(page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`)).toBeVisible()
  const detail = page.getByTestId('run-detail')
  await expect(detail).toHaveAttribute('data-run-id', runId!)
  await expect(detail).toHaveAttribute('data-status', 'success')
  await expect(detail.getByTestId('run-param')).toHaveText('manual e2e parameter')
  await expect(detail.getByText('Manual', { exact: true })).toBeVisible()
  await expect(page.locator(`[data-testid="run-row"][data-run-id="${runId}"] [data-testid="run-status"]`)).toHaveAttribute('data-status', 'success')
  await expect(detail.getByTestId('log-row').filter({ hasText: 'manual e2e parameter' }).first()).toBeVisible()
})
