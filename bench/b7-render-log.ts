// B7 (log part): a 100,000-line run log in the Runs page's log view, in Debian's headless Chromium
// against headless mode (production build). Measures the first page shown, the whole log read (in
// pages of the run-log slice's LOG_PAGE_LINES), scroll frame times, and the append latency of lines
// written while the 100,000 lines are open — each beside a reference measured in the same run: the
// dashboard's render, an idle page's frames, and the append latency of the same lines in a short log.
// Targets: none of the log's own (docs/benchmarks.md#b7-console-rendering); the first page borrows B7a's first render (500 ms) and
// scrolling B7b's frame budget (16.7 ms); the rest is reported beside its reference only.
// Usage: npx tsx bench/b7-render-log.ts [lines=100000]   (needs out/ built: npx electron-vite build)
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/support/chromium'
import type { TriggerResult } from '../src/shared/api'
import { defaultJobInput } from '../src/shared/job-defaults'
import { EMBEDDED_APP_NAME, runStatus, type JobGroup, type JobInfo, type JobRun } from '../src/shared/model'
import { connectBridge, type BridgeCaller } from './b7-bridge-client'
import { collectTickLatencies, timeUntilLogEnd } from './b7-log-probes'
import { sampleFrames, timeNavigation, reportChecks, type RenderCheck } from './b7-page-probes'
import { median, percentile } from './support/stats'
import { startHeadlessServer } from '../test/support/headless-process'
import { QUICK } from './support/cli'

const LINES = Number(process.argv[2] ?? 100_000)
const TICKS = QUICK ? 12 : 40
/** Seconds between two tick lines. */
const TICK_GAP_SEC = 0.15
const REPEATS = QUICK ? 1 : 3
/** Frame sampling per measurement (docs/benchmarks.md#measurement-rules: 2 s); quick runs only check that it works. */
const SAMPLE_MS = QUICK ? 500 : 2000

const TICK_LOOP = `for i in $(seq 1 ${TICKS}); do echo "tick $i at $(date +%s%3N)"; sleep ${TICK_GAP_SEC}; done`

async function createShellJob(bridge: BridgeCaller, groupId: number, name: string, script: string): Promise<number> {
  const job = (await bridge.call(
    'saveJob',
    defaultJobInput(groupId, 'UTC', { name, glueType: 'GLUE_SHELL', glueSource: `#!/bin/bash\n${script}\n`, glueRemark: 'bench' }),
  )) as JobInfo
  return job.id
}

async function trigger(bridge: BridgeCaller, jobId: number): Promise<number> {
  const result = (await bridge.call('triggerJob', { jobId })) as TriggerResult
  return result.logIds[0]
}

async function waitForEnd(bridge: BridgeCaller, logId: number): Promise<void> {
  const deadline = Date.now() + 120_000
  for (;;) {
    const run = (await bridge.call('getRun', logId)) as JobRun
    const status = runStatus(run)
    if (status === 'success') return
    if (status === 'failed') throw new Error(`run ${logId} failed: ${run.handleMsg || run.triggerMsg}`)
    if (Date.now() > deadline) throw new Error(`run ${logId} did not end within 120 s`)
    await new Promise((done) => setTimeout(done, 200))
  }
}

async function showPage(page: Page, nav: string): Promise<void> {
  await page.getByTestId(`nav-${nav}`).click()
  await page.getByTestId(`page-${nav}`).waitFor()
}

const runRow = (logId: number) => `[data-testid="run-row"][data-run-id="${logId}"]`

/** Opens a run from the Runs list and collects its tick lines' latencies as they arrive. */
async function tickLatencies(page: Page, logId: number): Promise<number[]> {
  await showPage(page, 'dashboard')
  await showPage(page, 'runs')
  await page.locator(runRow(logId)).waitFor()
  const collected = page.evaluate(collectTickLatencies, { count: TICKS, timeoutMs: 120_000 })
  await page.locator(runRow(logId)).click()
  return collected
}

async function main(): Promise<void> {
  // The jobs are shell scripts (their log lines are what is measured): scripts must be allowed.
  const server = await startHeadlessServer({ extraArgs: ['--no-demo', '--enable-scripts'] })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  const bridge = await connectBridge(server.origin, server.token)
  try {
    const groups = (await bridge.call('listGroups')) as JobGroup[]
    const group = groups.find((g) => g.appName === EMBEDDED_APP_NAME) ?? groups[0]
    const bigJob = await createShellJob(bridge, group.id, 'bench big log', `seq -f "big log line %.0f" 1 ${LINES}\n${TICK_LOOP}`)
    const smallJob = await createShellJob(bridge, group.id, 'bench short log', TICK_LOOP)
    const finished = await trigger(bridge, bigJob)
    await waitForEnd(bridge, finished)

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    // tsx keeps function names with a `__name` helper that the page lacks; the probes run there.
    await page.addInitScript('globalThis.__name = (fn) => fn')
    page.on('pageerror', (error) => console.error('page error:', error.message))
    await page.goto(server.url)
    await page.getByTestId('connection-status').and(page.locator('[data-state="online"]')).waitFor()

    const firstPage: number[] = []
    const wholeLog: number[] = []
    let shownLines = ''
    const dashboardRender: number[] = []
    for (let r = 0; r < REPEATS; r++) {
      for (const measureWhole of [false, true]) {
        await showPage(page, 'dashboard')
        await showPage(page, 'runs')
        await page.locator(runRow(finished)).waitFor()
        if (measureWhole) {
          const whole = await page.evaluate(timeUntilLogEnd, { clickSelector: runRow(finished), timeoutMs: 120_000 })
          wholeLog.push(whole.ms)
          shownLines = whole.lines
        } else firstPage.push(await page.evaluate(timeNavigation, { navSelector: runRow(finished), readySelector: '[data-testid="log-row"]' }))
      }
      dashboardRender.push(await page.evaluate(timeNavigation, { navSelector: '[data-testid="nav-dashboard"]', readySelector: '[data-testid="stat-jobs"]' }))
    }

    // Scrolling the whole log (it is loaded: the last repeat waited for every line).
    await showPage(page, 'runs')
    await page.locator(runRow(finished)).click()
    await page.locator('[data-testid="log-state"][data-end="true"]').waitFor({ timeout: 120_000 })
    const rowsInDom = await page.getByTestId('log-row').count()
    const idleP95: number[] = []
    const scrollP95: number[] = []
    const flingP95: number[] = []
    for (let r = 0; r < REPEATS; r++) {
      idleP95.push(percentile(await page.evaluate(sampleFrames, { scrollSelector: '[data-testid="log-scroll"]', durationMs: SAMPLE_MS, stepPx: 0 }), 95))
      // B7b's scroll speed (157 px per frame, ~9 rows), and a fling (900 px, ~50 rows: every row new each frame).
      scrollP95.push(percentile(await page.evaluate(sampleFrames, { scrollSelector: '[data-testid="log-scroll"]', durationMs: SAMPLE_MS, stepPx: 157 }), 95))
      flingP95.push(percentile(await page.evaluate(sampleFrames, { scrollSelector: '[data-testid="log-scroll"]', durationMs: SAMPLE_MS, stepPx: 900 }), 95))
    }

    // Lines appended to an open 100,000-line log, beside the same lines in a short log.
    const bigLive = await trigger(bridge, bigJob)
    const bigTicks = await tickLatencies(page, bigLive)
    await waitForEnd(bridge, bigLive)
    const smallLive = await trigger(bridge, smallJob)
    const smallTicks = await tickLatencies(page, smallLive)
    await waitForEnd(bridge, smallLive)
    // Ticks written before the view had read its way to the end arrive with the catch-up read, not live.
    const live = (ticks: number[]) => ticks.slice(Math.min(5, Math.floor(ticks.length / 4)))

    console.log(
      `B7 render-log-${LINES}: ${rowsInDom} row elements in the DOM for the log's ${shownLines} (${LINES} written by the job, plus the executor's own); ${bigTicks.length}/${TICKS} live ticks seen in the big log, ` +
        `${smallTicks.length}/${TICKS} in the short one (median of ${REPEATS})`,
    )
    const checks: RenderCheck[] = [
      {
        what: 'first page shown (click → rows painted)',
        value: median(firstPage),
        target: 500,
        reference: median(dashboardRender),
        refName: 'dashboard render',
      },
      { what: 'whole log read and shown', value: median(wholeLog), target: null, reference: median(dashboardRender), refName: 'dashboard render' },
      { what: 'scroll frame p95 (157 px per frame, as B7b)', value: median(scrollP95), target: 16.7, reference: median(idleP95), refName: 'idle frame p95' },
      { what: 'fling frame p95 (900 px per frame)', value: median(flingP95), target: null, reference: median(idleP95), refName: 'idle frame p95' },
      {
        what: 'append latency p50 (written → painted)',
        value: median(live(bigTicks)),
        target: null,
        reference: median(live(smallTicks)),
        refName: 'short log p50',
      },
      {
        what: 'append latency p95',
        value: percentile(live(bigTicks), 95),
        target: null,
        reference: percentile(live(smallTicks), 95),
        refName: 'short log p95',
      },
    ]
    reportChecks('b7-log', `B7 render-log-${LINES}: run log view in headless Chromium`, checks, { repeats: REPEATS })
  } finally {
    bridge.close()
    await browser.close()
    await server.stop()
  }
}

void main()
