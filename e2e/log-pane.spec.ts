import { expect, test } from '@playwright/test'
import { createJob, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'
import { textIsInView } from './support/log-pane'

const server = useHeadlessServer({ extraArgs: ['--enable-scripts'] })

test.use({ viewport: { width: 1440, height: 900 } })

/** Opens the run of a manual trigger of `name` and waits until it succeeded. */
async function runOnce(page: import('@playwright/test').Page, name: string) {
  await jobRow(page, name).getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await page.getByRole('dialog').getByTestId('trigger-run-link').click()
  const detail = page.getByTestId('run-detail')
  await expect(detail).toHaveAttribute('data-status', 'success')
  return detail
}

test('the log pane shows each line’s time and message first, the XXL-JOB prefix on demand', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  const detail = await runOnce(page, 'Demo: hello every 2 seconds')
  const log = detail.getByTestId('log-tail')
  const line = log.getByTestId('log-row').filter({ hasText: 'demoJobHandler, param: hello from JobDesk' })
  await expect(line).toHaveCount(1)
  // The message itself is on screen, not ~100 characters of `[jobdesk.BuiltinHandlers#…]-[0]-[…]` first.
  expect(await textIsInView(line, 'hello from JobDesk')).toBe(true)
  await expect(line.getByTestId('log-time')).toHaveText(/^\d{2}:\d{2}:\d{2}$/)
  await expect(line).not.toContainText('BuiltinHandlers')
  // The prefix is in the row's tooltip, and shown inline on demand.
  await expect(line.getByTestId('log-message')).toHaveAttribute('title', /jobdesk\.BuiltinHandlers#demoJobHandler/)
  await log.getByTestId('log-show-source').click()
  await expect(line).toContainText('[jobdesk.BuiltinHandlers#demoJobHandler]')
  await log.getByTestId('log-show-source').click()
  await expect(line).not.toContainText('BuiltinHandlers')
})

test('long lines wrap on demand, a search hit far to the right is scrolled into view, and the log opens full screen', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  const filler = 'x'.repeat(400)
  await createJob(page, { name: 'E2E wide log', shell: `#!/bin/bash\necho "start ${filler} NEEDLE-AT-THE-END"\necho "short line"\n` })
  const detail = await runOnce(page, 'E2E wide log')
  const log = detail.getByTestId('log-tail')
  const wide = log.getByTestId('log-row').filter({ hasText: 'NEEDLE-AT-THE-END' })
  await expect(wide).toHaveCount(1)
  expect(await textIsInView(wide, 'NEEDLE-AT-THE-END')).toBe(false)

  await log.getByTestId('log-search').fill('NEEDLE-AT-THE-END')
  await log.getByTestId('log-search').press('Enter')
  await expect(log.getByTestId('log-match-count')).toHaveText('1 / 1')
  await expect.poll(() => textIsInView(wide, 'NEEDLE-AT-THE-END')).toBe(true)

  await log.getByTestId('log-search').fill('')
  await log.getByTestId('log-wrap').click()
  await expect(log.getByTestId('log-wrap')).toHaveAttribute('aria-pressed', 'true')
  // Wrapped: the whole line fits the pane's width, its end included, without scrolling sideways.
  await expect.poll(() => textIsInView(wide, 'NEEDLE-AT-THE-END')).toBe(true)
  await expect.poll(async () => (await wide.boundingBox())?.height ?? 0).toBeGreaterThan(40)
  await expect(log.getByTestId('log-row').filter({ hasText: 'short line' })).toBeVisible()

  await log.getByTestId('log-fullscreen').click()
  await expect(log).toHaveAttribute('data-fullscreen', 'true')
  const box = await log.boundingBox()
  expect(box?.width).toBeGreaterThan(1400)
  expect(box?.height).toBeGreaterThan(850)
  await page.keyboard.press('Escape')
  await expect(log).toHaveAttribute('data-fullscreen', 'false')
})

test('the split between the runs list and the run can be dragged wider, and stays so', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  const detail = await runOnce(page, 'Demo: hello every 2 seconds')
  const before = (await detail.boundingBox())!.width
  const splitter = page.getByTestId('runs-splitter')
  const handle = (await splitter.boundingBox())!
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2)
  await page.mouse.down()
  await page.mouse.move(handle.x - 200, handle.y + handle.height / 2, { steps: 10 })
  await page.mouse.up()
  await expect.poll(async () => (await detail.boundingBox())!.width).toBeGreaterThan(before + 150)
  const widened = (await detail.boundingBox())!.width
  // The keyboard moves it too (a focusable separator), and the width is remembered across a reload.
  await splitter.focus()
  await page.keyboard.press('ArrowRight')
  await expect.poll(async () => (await detail.boundingBox())!.width).toBeLessThan(widened)
  const kept = (await detail.boundingBox())!.width
  await page.reload()
  await expect(page.getByTestId('run-detail')).toBeVisible()
  await expect.poll(async () => Math.abs((await page.getByTestId('run-detail').boundingBox())!.width - kept)).toBeLessThan(4)
})
