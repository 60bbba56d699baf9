import { expect, test, type Page } from '@playwright/test'
import { startHeadlessServer, type HeadlessServer } from '../test/support/headless-process'
import { plantScaleDatabase, type ScaleDatabase } from '../test/support/scale-database'

/**
 * The console against 100,000 jobs and 1,000,000 runs: it reads a page of jobs, not all of them.
 * Bytes and heap are asserted near their targets (they do not depend on the machine's speed); how
 * long the first rows and a search take is benchmark B11's (bench/b11-console-at-scale.ts).
 */
const JOBS = 100_000
const RUNS = 1_000_000

let database: ScaleDatabase
let server: HeadlessServer

test.beforeAll(async () => {
  test.setTimeout(180_000)
  database = plantScaleDatabase(JOBS, RUNS)
  server = await startHeadlessServer({ dataDir: database.dir, extraArgs: ['--no-demo'] })
})

test.afterAll(async () => {
  await server?.stop({ keepDataDir: true })
  database?.remove()
})

/** Bytes the console received over its bridge's WebSocket. */
function countBridgeBytes(page: Page): () => number {
  let bytes = 0
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => (bytes += Buffer.byteLength(frame.payload))))
  return () => bytes
}

test('at 100,000 jobs the Jobs page shows its first rows from one page of data, searches on the server and holds a small heap', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const received = countBridgeBytes(page)
  await page.goto(server.url)
  await page.getByTestId('nav-jobs').click()
  await expect(page.getByTestId('job-row').first()).toBeVisible({ timeout: 30_000 })
  const bytesBeforeRows = received()
  await expect(page.getByTestId('jobs-count')).toContainText(JOBS.toLocaleString('en'))
  expect(await page.getByTestId('job-row').count(), 'only the rows in view are drawn').toBeLessThan(60)

  await page.getByTestId('jobs-search').fill(database.uniqueName)
  await expect(page.getByTestId('job-row')).toHaveCount(1)
  await expect(page.getByTestId('job-name')).toHaveText(database.uniqueName)

  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  const heapMb = usedSize / 1_048_576

  await testInfo.attach('figures', {
    body: JSON.stringify({ bytesBeforeRows, heapMb: Number(heapMb.toFixed(1)) }, null, 2),
    contentType: 'application/json',
  })
  await testInfo.attach('jobs at scale', { body: await page.screenshot(), contentType: 'image/png' })
  expect(bytesBeforeRows, 'bytes over the bridge before the first rows (target 1 MB)').toBeLessThan(1_000_000)
  expect(heapMb, 'JS heap after the first page and a search (target 100 MB)').toBeLessThan(100)
})
