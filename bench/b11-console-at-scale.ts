// B11 (console at scale) of docs/benchmarks.md#b11-console-at-scale: the console in headless Chromium
// against 100k jobs and 1M runs, opened straight on the Jobs page: navigation → first job rows, the
// bytes its bridge received before them, a name search (typed → the one matching row), and the JS
// heap after a collection. Beside it in the same run: the same console on a database of 100 jobs,
// and, with `--before DIR` (a checkout of an earlier commit, built), that build on the big database.
// Targets (issue 23): first rows ≤ 1 s, ≤ 1 MB before them, search ≤ 200 ms, heap ≤ 100 MB.
// Usage: npx tsx bench/b11-console-at-scale.ts [--quick] [--jobs 100000] [--runs 1000000] [--reps 3] [--before DIR]
import type { Browser } from '@playwright/test'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { timeSearch } from './b7-page-probes'
import { plantScaleDatabase, type ScaleDatabase } from '../test/support/scale-database'
import { number, option } from './support/cli'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/support/chromium'
import { startHeadless } from './support/jobdesk'
import { BenchResult } from './support/results'
import { median } from './support/stats'

const jobs = number('jobs', 100_000, 10_000)
const runs = number('runs', 1_000_000, 100_000)
const reps = number('reps', 3, 1)
const before = option('before')

interface Visit {
  firstRowsMs: number
  bytesBeforeRows: number
  searchMs: number
  heapMb: number
}

/** One fresh browser context: open the Jobs page, wait for rows, search, weigh the heap. */
async function visit(browser: Browser, url: string, searchFor: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  // tsx keeps function names with a `__name` helper that the page lacks; the probes run there.
  await page.addInitScript('globalThis.__name = (fn) => fn')
  let bytes = 0
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => (bytes += Buffer.byteLength(frame.payload))))
  try {
    // The token's fragment first (the console takes it and clears it), then the Jobs page.
    await page.goto(url)
    await page.evaluate("location.hash = '#/jobs'")
    await page.getByTestId('job-row').first().waitFor({ timeout: 120_000 })
    const firstRowsMs = await page.evaluate(() => performance.now())
    const bytesBeforeRows = bytes
    const searchMs = await page.evaluate(timeSearch, {
      inputSelector: '[data-testid="jobs-search"]',
      rowSelector: '[data-testid="job-row"]',
      nameSelector: '[data-testid="job-name"]',
      text: searchFor,
      expectName: searchFor,
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    return { firstRowsMs, bytesBeforeRows, searchMs, heapMb: usedSize / 1_048_576 }
  } finally {
    await context.close()
  }
}

async function measure(browser: Browser, dataDir: string, searchFor: string, entry?: string): Promise<Visit> {
  const headless = await startHeadless({ dataDir, entry, timeoutMs: 120_000 })
  try {
    // A first visit warms the server's caches and the browser's: each rep then opens a new context.
    await visit(browser, headless.url, searchFor)
    const visits: Visit[] = []
    for (let r = 0; r < reps; r++) visits.push(await visit(browser, headless.url, searchFor))
    return {
      firstRowsMs: median(visits.map((v) => v.firstRowsMs)),
      bytesBeforeRows: median(visits.map((v) => v.bytesBeforeRows)),
      searchMs: median(visits.map((v) => v.searchMs)),
      heapMb: median(visits.map((v) => v.heapMb)),
    }
  } finally {
    await headless.stop()
  }
}

/**
 * The earlier build on the same rows, in a database of its own schema (a build refuses a newer
 * one): that build starts once on an empty folder to create it, then the same rows are planted.
 */
async function measureBefore(browser: Browser, entry: string): Promise<Visit> {
  const dir = mkdtempSync(join(tmpdir(), 'jobdesk-scale-before-'))
  const once = await startHeadless({ dataDir: dir, entry, timeoutMs: 120_000 })
  await once.stop()
  const planted = plantScaleDatabase(jobs, runs, dir)
  try {
    return await measure(browser, planted.dir, planted.uniqueName, entry)
  } finally {
    planted.remove()
  }
}

const report = new BenchResult('b11', `B11 console at scale: ${jobs.toLocaleString('en-US')} jobs and ${runs.toLocaleString('en-US')} runs`, {
  jobs,
  runs,
  reps,
})
if (!existsSync(CHROMIUM)) {
  report.skip('B11', `${CHROMIUM} is missing (apt-get install -y chromium)`)
} else {
  const plantStart = performance.now()
  const big: ScaleDatabase = plantScaleDatabase(jobs, runs)
  const small: ScaleDatabase = plantScaleDatabase(100, 1_000)
  report.note(`databases planted in ${((performance.now() - plantStart) / 1000).toFixed(1)} s`)
  const { chromium } = await import('@playwright/test')
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  try {
    const atScale = await measure(browser, big.dir, big.uniqueName)
    const atHundred = await measure(browser, small.dir, small.uniqueName)
    const earlier = before ? await measureBefore(browser, join(before, 'out', 'main', 'serve.js')) : null
    const reference = (value: (v: Visit) => number) =>
      earlier ? { name: `--before build, ${jobs.toLocaleString('en-US')} jobs`, value: value(earlier) } : { name: '100 jobs', value: value(atHundred) }
    report.section(`Jobs page in headless Chromium, 1440×900, median of ${reps} fresh contexts`)
    report.figure({
      name: 'B11 navigation → first job rows',
      value: atScale.firstRowsMs,
      unit: 'ms',
      target: { op: '<=', value: 1000 },
      reference: reference((v) => v.firstRowsMs),
    })
    report.figure({
      name: 'B11 bridge bytes before first rows',
      value: atScale.bytesBeforeRows / 1000,
      unit: 'KB',
      target: { op: '<=', value: 1000 },
      reference: reference((v) => v.bytesBeforeRows / 1000),
    })
    report.figure({
      name: 'B11 name search → the one row',
      value: atScale.searchMs,
      unit: 'ms',
      target: { op: '<=', value: 200 },
      reference: reference((v) => v.searchMs),
    })
    report.figure({ name: 'B11 JS heap after GC', value: atScale.heapMb, unit: 'MB', target: { op: '<=', value: 100 }, reference: reference((v) => v.heapMb) })
    if (earlier) {
      report.section('the same figures at 100 jobs, this build')
      report.figure({ name: 'B11 first rows, 100 jobs', value: atHundred.firstRowsMs, unit: 'ms' })
      report.figure({ name: 'B11 bytes before first rows, 100 jobs', value: atHundred.bytesBeforeRows / 1000, unit: 'KB' })
    }
  } finally {
    await browser.close()
    big.remove()
    small.remove()
  }
}
report.save()
process.exit(0)
