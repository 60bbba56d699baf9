import { expect, test } from '@playwright/test'
import { goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()

test.use({ viewport: { width: 1440, height: 900 } })

const rowsOf = (page: import('@playwright/test').Page) => page.getByTestId('run-row')

test('the runs list shows whole job names, the executor address and group, and its columns can be resized', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'runs')
  const row = rowsOf(page).filter({ hasText: 'Demo: hello every 2 seconds' }).first()
  await expect(row).toBeVisible()
  const name = row.getByTestId('run-job-name')
  await expect(name).toHaveAttribute('title', 'Demo: hello every 2 seconds')
  // The name fits its column at 1440 px: nothing is cut off.
  expect(
    await name.evaluate(
      (el) => (el as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth <= (el as unknown as { clientWidth: number }).clientWidth,
    ),
  ).toBe(true)
  await expect(row.getByTestId('run-address')).toHaveText(/^jobdesk:\/\/embedded\/[0-9a-f]+\/$/)
  await expect(row.getByTestId('run-group')).toContainText('Embedded executor')

  const header = page.getByTestId('runs-col-job')
  const before = (await header.boundingBox())!.width
  const grip = header.getByTestId('column-resize')
  const box = (await grip.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + 80, box.y + box.height / 2, { steps: 8 })
  await page.mouse.up()
  await expect.poll(async () => (await header.boundingBox())!.width).toBeGreaterThan(before + 60)
  // The rows follow the header.
  await expect.poll(async () => Math.round((await rowsOf(page).first().getByTestId('run-job').boundingBox())!.width)).toBeGreaterThan(Math.round(before + 40))
})

test('the selected run stays where it is on screen while new runs arrive above it', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'runs')
  // Enough runs of the 2-second demo job to have some off-screen.
  await expect.poll(() => rowsOf(page).count()).toBeGreaterThan(3)
  const picked = rowsOf(page).nth(2)
  const runId = await picked.getAttribute('data-run-id')
  await picked.click()
  await expect(page.getByTestId('run-detail')).toHaveAttribute('data-run-id', runId!)
  const selected = page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`)
  const y = (await selected.boundingBox())!.y
  const newest = Number(await rowsOf(page).first().getAttribute('data-run-id'))
  // Wait for newer runs (the demo job fires every 2 s) and check the row did not move.
  await expect(page.getByTestId('runs-newer')).toBeVisible()
  await expect.poll(async () => Number(await page.getByTestId('runs-newer').getAttribute('data-count'))).toBeGreaterThan(0)
  expect(Math.abs((await selected.boundingBox())!.y - y)).toBeLessThan(2)
  await expect(selected).toHaveAttribute('aria-selected', 'true')
  // Jumping to the newest runs shows them.
  await page.getByTestId('runs-newer').click()
  await expect.poll(async () => Number(await rowsOf(page).first().getAttribute('data-run-id'))).toBeGreaterThan(newest)
})

test('a run row filters the list to its job, so your own runs do not drown under the demo job', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  const fixedRate = jobRow(page, 'Demo: fixed rate, every 10 s')
  await fixedRate.getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await expect(page.getByRole('dialog').getByTestId('trigger-run-link')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await goTo(page, 'runs')
  const row = rowsOf(page).filter({ hasText: 'Demo: fixed rate, every 10 s' }).first()
  await row.getByTestId('run-filter-job').click()
  await expect(page).toHaveURL(/[?&]job=\d+/)
  const jobIds = await rowsOf(page).evaluateAll((rows) => [...new Set(rows.map((r) => r.getAttribute('data-job-id')))])
  expect(jobIds).toHaveLength(1)
  await expect(page.getByTestId('runs-filter-job')).toHaveValue(/Demo: fixed rate/)
})
