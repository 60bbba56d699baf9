import { expect, test } from '@playwright/test'
import { goTo, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()

test('the Cluster page shows this JobDesk as the one node on its SQLite file, heartbeating and doing the periodic work', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'cluster')
  await expect(page.getByTestId('cluster-engine')).toHaveText('SQLite file')
  await expect(page.getByTestId('cluster-location')).toContainText('jobdesk.db')
  await expect(page.getByTestId('page-cluster')).toContainText('works alone on its SQLite file')
  const node = page.getByTestId('cluster-node')
  await expect(node).toHaveCount(1)
  await expect(node).toHaveAttribute('data-alive', 'true')
  await expect(node).toHaveAttribute('data-self', 'true')
  await expect(node).toHaveAttribute('data-periodic', 'true')
  // The demo jobs fire every 2 s: this node's ring holds their planned fires.
  await expect.poll(async () => Number(await node.getByTestId('cluster-ring-rows').textContent())).toBeGreaterThan(0)
  // Its admin address is where it listens, so other nodes can reach its embedded executor.
  await expect(node).toContainText(`127.0.0.1:${new URL(server().url).port}`)
})
