import { expect, test } from '@playwright/test'
import { createJob, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'
import { E2E_ACCESS_TOKEN, startLanAgent, stopAll, type LanAgent } from './support/lan-agent'

const APP = 'e2e-remote-log'
const server = useHeadlessServer({ extraArgs: ['--token', E2E_ACCESS_TOKEN] })
let agents: LanAgent[] = []

test.afterAll(async () => {
  await stopAll(agents)
  agents = []
})

test('a remote run’s log after its executor is gone: the kept copy is shown and said to be the kept one, and LIVE ended with the run', async ({ page }) => {
  const agent = await startLanAgent(server(), APP)
  agents = [agent]
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await createJob(page, { name: 'E2E remote echo', handler: 'e2eEcho', param: 'kept line', groupLabel: new RegExp(APP) })
  await jobRow(page, 'E2E remote echo').getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await page.getByRole('dialog').getByTestId('trigger-run-link').click()
  const detail = page.getByTestId('run-detail')
  await expect(detail).toHaveAttribute('data-status', 'success')
  const log = detail.getByTestId('log-tail')
  await expect(log.getByTestId('log-row').filter({ hasText: 'e2eEcho ran with param "kept line"' })).toHaveCount(1)
  // The run ended: so did LIVE.
  await expect(log.getByTestId('log-state')).toHaveAttribute('data-end', 'true')
  const runId = await detail.getAttribute('data-run-id')

  // JobDesk copies a finished LAN run's log shortly after the run ends; then the agent dies.
  await expect
    .poll(async () => {
      await goTo(page, 'dashboard')
      await goTo(page, 'runs')
      await page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`).click()
      return page.getByTestId('log-tail').getByTestId('log-source').getAttribute('data-source')
    })
    .toBe('kept')
  await agent.kill()

  await goTo(page, 'dashboard')
  await goTo(page, 'runs')
  await page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`).click()
  const reopened = page.getByTestId('log-tail')
  await expect(reopened.getByTestId('log-row').filter({ hasText: 'e2eEcho ran with param "kept line"' })).toHaveCount(1)
  await expect(reopened.getByTestId('log-source')).toHaveAttribute('data-source', 'kept')
  await expect(reopened.getByTestId('log-empty')).toHaveCount(0)
  await expect(reopened.getByTestId('log-state')).toHaveAttribute('data-end', 'true')
})

test('a remote run whose executor died mid-run shows the lines JobDesk copied while it ran, and says the executor is unreachable', async ({ page }) => {
  const agent = await startLanAgent(server(), `${APP}-2`)
  agents.push(agent)
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await createJob(page, { name: 'E2E remote sleeper', handler: 'sleepJobHandler', param: '60000', groupLabel: new RegExp(`${APP}-2`) })
  await jobRow(page, 'E2E remote sleeper').getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await page.getByRole('dialog').getByTestId('trigger-run-link').click()
  const detail = page.getByTestId('run-detail')
  await expect(detail).toHaveAttribute('data-status', 'running')
  const runId = await detail.getAttribute('data-run-id')
  // A read of a running LAN run's log keeps the lines it brings (RunLogs offers them to the keeper before
  // answering): once the console shows the handler's line, JobDesk has it, whatever the keeper's period.
  await expect(detail.getByTestId('log-tail').getByTestId('log-row').filter({ hasText: 'sleeping 60000 ms' })).toHaveCount(1)
  await agent.kill()
  await goTo(page, 'dashboard')
  await goTo(page, 'runs')
  await page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`).click()
  const log = page.getByTestId('log-tail')
  // JobDesk copies a LAN run's lines while it runs: what the agent wrote before it died is there.
  await expect(log.getByTestId('log-row').filter({ hasText: 'sleeping 60000 ms' })).toHaveCount(1)
  await expect(log.getByTestId('log-source')).toHaveAttribute('data-source', 'kept')
  await expect(log.getByTestId('log-source')).toContainText(/unreachable/i)
  await expect(log.getByTestId('log-empty')).toHaveCount(0)
})
