// B9 (cold start) of docs/benchmarks.md#b9-cold-start: launch → scheduler ready with a database of 100k jobs and 1M
// runs, black-box on the built headless entry. "Ready" is the core's `core running` log line, which
// it prints after the database is open and migrated, the ring recovered, the first scan run and the
// first ring tick armed (startCore in src/main/app/core.ts); the console's address line follows once
// the HTTP server listens. Beside it, in the same run: `node -e 0` (spawn → exit) and the same build
// on an empty database. Then the console's first paint in headless Chromium, beside an empty page
// served by bare node:http. Targets (issue 14): ready ≤ 300 ms and ≤ 3× `node -e 0`.
// Usage: npx tsx bench/b9-cold-start.ts [--quick] [--jobs 100000] [--runs 1000000] [--reps 5]
import type { Browser } from '@playwright/test'
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { plantRuns } from '../test/support/scale-database'
import { startChild } from './support/child'
import { number } from './support/cli'
import { plantJobs, prepareDataDir, startHeadless, type Headless } from './support/jobdesk'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/support/chromium'
import { BenchResult } from './support/results'
import { median } from './support/stats'

const jobs = number('jobs', 100_000, 10_000)
const runs = number('runs', 1_000_000, 100_000)
const reps = number('reps', 5, 1)

interface Launch {
  readyMs: number
  listeningMs: number
}

async function launch(dataDir: string): Promise<Launch> {
  const headless: Headless = await startHeadless({ dataDir })
  try {
    const ready = headless.lines.find((l) => /\bcore running\b/.test(l.text))
    const listening = headless.lines.find((l) => l.text.startsWith('Console: '))
    if (!ready || !listening) throw new Error(`no 'core running' line in:\n${headless.output()}`)
    return { readyMs: ready.atMs - headless.spawnedAtMs, listeningMs: listening.atMs - headless.spawnedAtMs }
  } finally {
    await headless.stop()
  }
}

async function nodeBaseline(): Promise<number> {
  const child = startChild(process.execPath, ['-e', '0'])
  await child.exited
  return performance.now() - child.spawnedAtMs
}

/** First contentful paint (ms after navigation start) and, for the console, ms until it says it is online. */
async function paints(browser: Browser, url: string, console: boolean): Promise<{ fcp: number; usable: number }[]> {
  const out: { fcp: number; usable: number }[] = []
  for (let r = 0; r < Math.max(1, Math.ceil(reps / 2)); r++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    const page = await context.newPage()
    await page.goto(url)
    if (console) await page.getByTestId('connection-status').and(page.locator('[data-state="online"]')).waitFor()
    const usable = await page.evaluate(() => performance.now())
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 10_000 })
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime)
    out.push({ fcp, usable })
    await context.close()
  }
  return out
}

async function emptyPageUrl(): Promise<{ url: string; close: () => void }> {
  const server = createServer((_, res) => res.end('<!doctype html><html><body><p>empty</p></body></html>'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() }
}

const report = new BenchResult('b9', `B9 cold start: ${jobs.toLocaleString('en-US')} jobs and ${runs.toLocaleString('en-US')} runs`, { jobs, runs, reps })
const big = prepareDataDir('jobdesk-bench-b9-')
const empty = prepareDataDir('jobdesk-bench-b9-empty-')
try {
  const plantStart = performance.now()
  const nextHourMs = (Math.floor(Date.now() / 3_600_000) + 1) * 3_600_000
  // Hourly jobs, next times spread over the coming hour: nothing due at start, as after a short restart.
  const { firstId } = plantJobs(big.file, {
    count: jobs,
    groupId: big.embeddedGroupId,
    scheduleType: 'CRON',
    scheduleConf: '0 0 * * * ?',
    handler: 'noopJobHandler',
    nextTimeMs: (i) => nextHourMs + (i % 3600) * 1000,
  })
  plantRuns(big.file, runs, jobs, big.embeddedGroupId, firstId)
  report.note(`database planted in ${((performance.now() - plantStart) / 1000).toFixed(1)} s`)

  const nodeMs: number[] = []
  const bigLaunches: Launch[] = []
  const emptyLaunches: Launch[] = []
  // Interleaved, so drifting background load hits all three alike.
  for (let r = 0; r < reps; r++) {
    nodeMs.push(await nodeBaseline())
    bigLaunches.push(await launch(big.dir))
    emptyLaunches.push(await launch(empty.dir))
  }
  const ready = median(bigLaunches.map((l) => l.readyMs))
  const node = median(nodeMs)
  report.section(`launch → ready, median of ${reps} (spawn to the line arriving here)`)
  report.figure({
    name: 'B9 launch → scheduler ready',
    value: ready,
    unit: 'ms',
    target: { op: '<=', value: 300 },
    reference: { name: 'empty database', value: median(emptyLaunches.map((l) => l.readyMs)) },
  })
  report.figure({
    name: 'B9 launch → scheduler ready ÷ node -e 0',
    value: ready,
    unit: 'ms',
    target: { op: '<=', value: 3, on: 'ratio' },
    reference: { name: 'node -e 0', value: node },
  })
  report.figure({
    name: 'B9 launch → console server listening',
    value: median(bigLaunches.map((l) => l.listeningMs)),
    unit: 'ms',
    reference: { name: 'empty database', value: median(emptyLaunches.map((l) => l.listeningMs)) },
  })

  if (!existsSync(CHROMIUM)) report.skip('B9 first paint', `${CHROMIUM} is missing (apt-get install -y chromium)`)
  else {
    const headless = await startHeadless({ dataDir: big.dir })
    const emptyHeadless = await startHeadless({ dataDir: empty.dir })
    const blank = await emptyPageUrl()
    const { chromium } = await import('@playwright/test')
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    try {
      const blankPaints = await paints(browser, blank.url, false)
      const consolePaints = await paints(browser, headless.url, true)
      const emptyConsolePaints = await paints(browser, emptyHeadless.url, true)
      report.section('console in headless Chromium (new context each time, production build)')
      report.figure({
        name: 'B9 console first contentful paint',
        value: median(consolePaints.map((p) => p.fcp)),
        unit: 'ms',
        target: { op: '<=', value: 1.5, on: 'ratio' },
        reference: { name: 'empty page FCP', value: median(blankPaints.map((p) => p.fcp)) },
      })
      report.figure({
        name: 'B9 console first contentful paint, empty database',
        value: median(emptyConsolePaints.map((p) => p.fcp)),
        unit: 'ms',
        reference: { name: 'empty page FCP', value: median(blankPaints.map((p) => p.fcp)) },
      })
      report.figure({
        name: 'B9 console online (navigation → status online)',
        value: median(consolePaints.map((p) => p.usable)),
        unit: 'ms',
        reference: { name: 'same, empty database', value: median(emptyConsolePaints.map((p) => p.usable)) },
      })
    } finally {
      await browser.close()
      blank.close()
      await headless.stop()
      await emptyHeadless.stop()
    }
  }
  report.note("ready times include Node's own start and module loading; the reference `node -e 0` is spawn → exit")
} finally {
  big.remove()
  empty.remove()
}
report.save()
process.exit(0)
