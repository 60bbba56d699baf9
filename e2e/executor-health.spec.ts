import { expect, test } from '@playwright/test'
import { goTo, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'
import { E2E_ACCESS_TOKEN, startLanAgent, stopAll, type LanAgent } from './support/lan-agent'

const APP = 'e2e-crash'
// Short registry timings: suspect after 1.5 missed beat intervals (1.5 s), dead after 6 s of silence.
const server = useHeadlessServer({
  extraArgs: ['--token', E2E_ACCESS_TOKEN, '--registry-beat-ms', '1000', '--registry-dead-ms', '6000', '--registry-sweep-ms', '500'],
})
let agents: LanAgent[] = []

test.afterAll(async () => {
  await stopAll(agents)
  agents = []
})

test('a crashed agent (SIGKILL) shows as suspect, then dead, while its heartbeat age keeps ticking', async ({ page }) => {
  const agent = await startLanAgent(server(), APP)
  agents = [agent]
  await openConsole(page, server())
  await goTo(page, 'executors')
  const group = page.locator(`[data-testid="executor-group"][data-app-name="${APP}"]`)
  const address = group.locator(`[data-testid="executor-address"][data-address="${agent.address}"]`)
  await expect(address.getByTestId('address-health')).toHaveAttribute('data-health', 'online')
  await address.getByTestId('probe').click()
  await expect(address.getByTestId('probe-result')).toHaveAttribute('data-code', '200')

  await agent.kill()
  await expect(address.getByTestId('address-health')).toHaveAttribute('data-health', 'suspect')
  // The age since the last beat grows while nothing arrives (the page ticks it every second).
  const age = address.getByTestId('beat-age')
  const before = await age.getAttribute('data-age-ms')
  await expect.poll(async () => Number(await age.getAttribute('data-age-ms'))).toBeGreaterThan(Number(before))
  await expect(address.getByTestId('address-health')).toHaveAttribute('data-health', 'dead')
  await expect(address.getByTestId('address-health')).toHaveText('Dead')
})
