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
  // SQLite has no server clock: the processes sharing a file share one machine's.
  await expect(node.getByTestId('cluster-node-clock')).toHaveAttribute('data-state', 'unmeasured')
  await expect(node.getByTestId('cluster-node-clock')).toHaveText('not measured')
  await expect(page.getByTestId('cluster-clock-warning')).toHaveCount(0)
  // The demo jobs fire every 2 s: this node's ring holds their planned fires.
  await expect.poll(async () => Number(await node.getByTestId('cluster-ring-rows').textContent())).toBeGreaterThan(0)
  // Its admin address is where it listens, so other nodes can reach its embedded executor.
  await expect(node).toContainText(`127.0.0.1:${new URL(server().url).port}`)
})

test('the Cluster page shows the node epoch, the node route off on a lone SQLite file, and an admin rotates the cluster secret', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'cluster')
  await expect(page.getByTestId('cluster-node-epoch')).toHaveText(/^[1-9]\d*$/)
  // Only this process uses the file: no node calls another.
  await expect(page.getByTestId('cluster-node-route')).toHaveAttribute('data-active', 'false')
  await expect(page.getByTestId('cluster-node-route')).toHaveText('off')
  const rotated = page.getByTestId('cluster-secret-rotated')
  await expect(rotated).toHaveText('never rotated since it was made')

  // The confirmation says what rotating does before anything happens; cancelling changes nothing.
  await page.getByTestId('cluster-rotate-secret').click()
  const dialog = page.getByTestId('cluster-rotate-dialog')
  await expect(dialog).toContainText('every node picks it up within a second')
  await expect(dialog).toContainText('the old one still works for a minute')
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(rotated).toHaveAttribute('data-rotated-at', '0')

  await page.getByTestId('cluster-rotate-secret').click()
  await page.getByTestId('cluster-rotate-confirm').click()
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'The cluster secret was rotated' })).toBeVisible()
  await expect(rotated).toHaveText(/^last rotated \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  await expect(rotated).not.toHaveAttribute('data-rotated-at', '0')
})
