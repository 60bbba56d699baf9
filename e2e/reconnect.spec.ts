import { expect, test } from '@playwright/test'
import { goTo, jobRow, openConsole } from './support/console-page'
import { startHeadlessServer, type HeadlessServer } from '../test/support/headless-process'

let server: HeadlessServer | null = null

test.afterAll(async () => {
  await server?.stop()
})

test('the console shows "reconnecting" while headless mode is down and works again when it is back', async ({ page }) => {
  test.setTimeout(120_000)
  server = await startHeadlessServer()
  await openConsole(page, server)
  await goTo(page, 'jobs')
  await expect(page.getByTestId('job-row')).toHaveCount(3)

  const { dataDir, url } = server
  const port = Number(new URL(url).port)
  await server.stop({ keepDataDir: true })
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'reconnecting')
  await expect(page.getByTestId('connection-status')).toHaveText('Reconnecting…')

  // Same data directory (so the same console token) and port: the tab reconnects by itself.
  server = await startHeadlessServer({ dataDir, port })
  expect(server.url).toBe(url)
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'online', { timeout: 30_000 })

  // Calls and pushed changes work again on the new connection.
  await expect(jobRow(page, 'Demo: hello every 2 seconds').getByTestId('job-status')).toHaveText('Running')
  await jobRow(page, 'Demo: hello every 2 seconds').getByTestId('job-stop').click()
  await expect(jobRow(page, 'Demo: hello every 2 seconds').getByTestId('job-status')).toHaveText('Stopped')
})
