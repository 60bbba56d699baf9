import { expect, test } from '@playwright/test'
import { createJob, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'
import { E2E_ACCESS_TOKEN, startLanAgent, stopAll, type LanAgent } from './support/lan-agent'

const APP = 'e2e-override'
const server = useHeadlessServer({ extraArgs: ['--token', E2E_ACCESS_TOKEN] })
let agents: LanAgent[] = []

test.afterAll(async () => {
  await stopAll(agents)
  agents = []
})

test('a manual trigger overridden onto one of two agents runs there, and its routing trail says so', async ({ page }) => {
  agents = [await startLanAgent(server(), APP), await startLanAgent(server(), APP)]
  // FIRST would pick the lower address (the group lists them sorted); override onto the other one.
  const [first, other] = agents.map((agent) => agent.address).sort()

  await openConsole(page, server())
  await goTo(page, 'executors')
  const group = page.locator(`[data-testid="executor-group"][data-app-name="${APP}"]`)
  await expect(group.getByTestId('executor-address')).toHaveCount(2)
  // Created by the registration (unknown app name, global token): marked as new.
  await expect(group.getByTestId('group-new-badge')).toBeVisible()

  await goTo(page, 'jobs')
  await createJob(page, { name: 'E2E override target', handler: 'e2eEcho', param: 'where am I', groupLabel: new RegExp(APP) })
  await jobRow(page, 'E2E override target').getByTestId('job-trigger').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('route-preview')).toContainText(`Would run on ${first}`)
  await expect(dialog.getByTestId('trigger-address-option')).toHaveCount(2)
  await dialog.locator(`[data-testid="trigger-address-option"][data-address="${other}"]`).check()
  // The preview follows the override: FIRST of the one address left.
  await expect(dialog.getByTestId('route-preview')).toContainText(`Would run on ${other}`)
  await dialog.getByTestId('trigger-submit').click()
  await dialog.getByTestId('trigger-run-link').click()

  const detail = page.getByTestId('run-detail')
  await expect(detail).toHaveAttribute('data-status', 'success', { timeout: 60_000 })
  await expect(detail.getByTestId('run-trigger-msg')).toContainText('address override for this trigger')
  await expect(detail.getByTestId('run-trigger-msg')).toContainText(`Chosen: ${other}`)
  await expect(detail.getByTestId('run-detail-address')).toHaveText(other)
  await expect(detail.getByTestId('log-row').filter({ hasText: 'e2eEcho ran with param "where am I"' })).toHaveCount(1)
})
