import { createServer, type Server } from 'node:http'
import { expect, test } from '@playwright/test'
import { goTo, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()
let hookServer: Server | null = null
const received: string[] = []

test.beforeAll(async () => {
  // A loopback webhook receiver for the test button.
  hookServer = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      received.push(body)
      response.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((done) => hookServer!.listen(0, '127.0.0.1', done))
})
test.afterAll(async () => {
  await new Promise<void>((done) => (hookServer ? hookServer.close(() => done()) : done()))
})

test('settings save retention and a webhook (tested live), say that the listen address waits for a restart, and regenerate the token', async ({ page }) => {
  const port = (hookServer!.address() as { port: number }).port
  await openConsole(page, server())
  await goTo(page, 'settings')
  await expect(page.getByTestId('settings-next-start')).toContainText('next start')

  const retention = page.getByTestId('settings-retention')
  await retention.fill('14')
  await expect(page.getByTestId('settings-dirty')).toBeVisible()
  await page.getByTestId('settings-webhook-add').click()
  await page.getByTestId('settings-webhook-url').fill(`http://127.0.0.1:${port}/jobdesk-alarm`)
  await page.getByTestId('settings-webhook-test').click()
  await expect(page.getByTestId('settings-webhook-result')).toHaveAttribute('data-ok', 'true')
  expect(received.length).toBeGreaterThan(0)
  await page.getByTestId('settings-save').click()
  await expect(page.getByTestId('settings-dirty')).toHaveCount(0)

  // A refused value: the core's message names the field.
  await page.getByTestId('settings-listenHost').fill('not a host!')
  await page.getByTestId('settings-save').click()
  await expect(page.getByTestId('settings-error')).toContainText('Listen address: ')

  // Saved values come back after a reload (which first asks about the refused, unsaved edit).
  page.once('dialog', (dialog) => void dialog.accept())
  await page.reload()
  await goTo(page, 'settings')
  await expect(page.getByTestId('settings-retention')).toHaveValue('14')
  await expect(page.getByTestId('settings-webhook-url')).toHaveValue(`http://127.0.0.1:${port}/jobdesk-alarm`)

  const token = page.getByTestId('settings-token-value')
  const before = await token.inputValue()
  await page.getByTestId('settings-token-regenerate').click()
  await page.getByTestId('settings-token-regenerate-confirm').click()
  await expect.poll(() => token.inputValue()).not.toBe(before)
  expect((await token.inputValue()).length).toBeGreaterThan(15)
})
