import { expect, test } from '@playwright/test'
import { chooseWireOption, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

// Script jobs run on the JobDesk host only when the operator turns them on.
const server = useHeadlessServer({ extraArgs: ['--enable-scripts'] })

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
  // While the route preview loads, its placeholder holds the answer's place: Run does not move when the
  // answer arrives, so a click aimed at it then still lands on it. (offsetTop ignores the opening transition's transform.)
  const runTop = () => dialog.getByTestId('trigger-submit').evaluate((button) => (button as HTMLElement).offsetTop)
  await expect(dialog.getByTestId('route-preview-pending')).toBeVisible()
  const topWhilePending = await runTop()
  await param.fill('manual e2e parameter')
  await expect(dialog.getByTestId('route-preview')).toContainText('Would run on jobdesk://embedded/')
  expect(await runTop()).toBe(topWhilePending)
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

test('killing a running run ends it at once as killed, with the kill in its handle message', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  await editor.getByTestId('field-name').fill('E2E long sleeper')
  await editor.getByTestId('field-scheduleType').getByText('NONE', { exact: true }).click()
  await chooseWireOption(page, editor.getByTestId('field-glueType'), 'GLUE_SHELL')
  await editor.getByTestId('field-glueSource').fill('#!/bin/bash\necho "going to sleep"\nsleep 60\necho "woke up"\n')
  await editor.getByTestId('field-executorFailRetryCount').fill('1')
  await editor.getByTestId('editor-save').click()
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

  await jobRow(page, 'E2E long sleeper').getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await page.getByRole('dialog').getByTestId('trigger-run-link').click()
  const detail = page.getByTestId('run-detail')
  await expect(detail.getByTestId('log-row').filter({ hasText: 'going to sleep' })).toHaveCount(1)
  await expect(detail).toHaveAttribute('data-status', 'running')

  await detail.getByTestId('run-kill').click()
  // The job has a retry left: the dialog says a retry follows, unless unticked.
  const retry = page.getByTestId('run-kill-retry')
  await expect(page.getByRole('dialog')).toContainText('Retry afterwards (1 retry left)')
  await expect(retry).toBeChecked()
  await retry.uncheck()
  await page.getByTestId('run-kill-confirm').click()
  // XXL-JOB's state is failed; the console reads the kill from the handle message and says killed.
  await expect(detail).toHaveAttribute('data-status', 'failed')
  await expect(detail).toHaveAttribute('data-outcome', 'killed')
  await expect(detail.getByTestId('run-status').first()).toHaveText('Killed')
  await expect(detail.getByTestId('run-handle-msg')).toContainText(/^Killed by .*, without retry/)
  const runId = await detail.getAttribute('data-run-id')
  await expect(page.locator(`[data-testid="run-row"][data-run-id="${runId}"] [data-testid="run-status"]`)).toHaveText('Killed')
  await expect(detail.getByTestId('log-row').filter({ hasText: 'woke up' })).toHaveCount(0)
})
