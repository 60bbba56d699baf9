// B7b (render-table-10k) of docs/benchmarks.md#b7-console-rendering: the Jobs table with 10,000 jobs in Debian's headless
// Chromium against headless mode (production build). Measures first render, scroll frame times (the
// table reads further pages as it scrolls) and a search typed → the one matching row (the server
// searches), each beside a reference measured in the same run: an idle page's frames, a plain-JS
// filter of 10,000 rows, and rendering the small dashboard page.
// Usage: npx tsx bench/b7-render-table.ts [jobs=10000]   (needs out/ built: npx electron-vite build)
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/support/chromium'
import { defaultJobInput } from '../src/shared/job-defaults'
import type { JobGroup } from '../src/shared/model'
import { EMBEDDED_APP_NAME } from '../src/shared/model'
import { connectBridge } from './b7-bridge-client'
import { sampleFrames, timeNavigation, timePlainFilter, timeSearch, reportChecks, type RenderCheck } from './b7-page-probes'
import { startHeadlessServer } from '../test/support/headless-process'
import { QUICK } from './support/cli'

const JOBS = Number(process.argv[2] ?? 10_000)
const REPEATS = QUICK ? 1 : 3
/** Frame sampling per measurement (docs/benchmarks.md#measurement-rules: 2 s); quick runs only check that it works. */
const SAMPLE_MS = QUICK ? 500 : 2000
const IN_FLIGHT = 200

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

async function seedJobs(origin: string, token: string): Promise<void> {
  const bridge = await connectBridge(origin, token)
  try {
    const groups = (await bridge.call('listGroups')) as JobGroup[]
    const group = groups.find((g) => g.appName === EMBEDDED_APP_NAME) ?? groups[0]
    let next = 0
    const worker = async () => {
      while (next < JOBS) {
        const i = next++
        await bridge.call(
          'saveJob',
          defaultJobInput(group.id, 'UTC', {
            name: `bench job ${i}`,
            author: 'bench',
            scheduleType: i % 3 === 0 ? 'FIX_RATE' : 'CRON',
            scheduleConf: i % 3 === 0 ? String(60 + (i % 600)) : `0 ${i % 60} ${i % 24} * * ?`,
            executorHandler: i % 2 ? 'demoJobHandler' : 'sleepJobHandler',
          }),
        )
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
  } finally {
    bridge.close()
  }
}

async function showPage(page: Page, nav: string): Promise<void> {
  await page.getByTestId(`nav-${nav}`).click()
  await page.getByTestId(`page-${nav}`).waitFor()
}

async function measure(page: Page) {
  const firstRender: number[] = []
  const dashboardRender: number[] = []
  for (let r = 0; r < REPEATS; r++) {
    await showPage(page, 'dashboard')
    firstRender.push(await page.evaluate(timeNavigation, { navSelector: '[data-testid="nav-jobs"]', readySelector: '[data-testid="job-row"]' }))
    dashboardRender.push(await page.evaluate(timeNavigation, { navSelector: '[data-testid="nav-dashboard"]', readySelector: '[data-testid="stat-jobs"]' }))
  }
  await showPage(page, 'jobs')

  const idleP95: number[] = []
  const scrollP95: number[] = []
  for (let r = 0; r < REPEATS; r++) {
    idleP95.push(percentile(await page.evaluate(sampleFrames, { scrollSelector: '[data-testid="jobs-table"]', durationMs: SAMPLE_MS, stepPx: 0 }), 95))
    scrollP95.push(percentile(await page.evaluate(sampleFrames, { scrollSelector: '[data-testid="jobs-table"]', durationMs: SAMPLE_MS, stepPx: 157 }), 95))
  }

  const searchMs: number[] = []
  for (let r = 0; r < REPEATS; r++) {
    await page.getByTestId('jobs-search').fill('')
    await page.getByTestId('jobs-count').getByText(`${JOBS} jobs`).waitFor()
    // Job 1234 at full size; a quick run's smaller table has no such job, so it searches one it has.
    const name = `bench job ${(1234 + r) % JOBS}`
    searchMs.push(
      await page.evaluate(timeSearch, {
        inputSelector: '[data-testid="jobs-search"]',
        rowSelector: '[data-testid="job-row"]',
        nameSelector: '[data-testid="job-name"]',
        text: name,
        expectName: name,
      }),
    )
  }
  const plainFilter = await page.evaluate(timePlainFilter, { n: JOBS, needle: 'job 12', runs: 9 })

  return {
    firstRender: median(firstRender),
    dashboardRender: median(dashboardRender),
    idleP95: median(idleP95),
    scrollP95: median(scrollP95),
    searchMs: median(searchMs),
    plainFilter,
  }
}

async function main(): Promise<void> {
  const server = await startHeadlessServer({ extraArgs: ['--no-demo'] })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  try {
    const seedStart = Date.now()
    await seedJobs(server.origin, server.token)
    console.log(`seeded ${JOBS} jobs through the bridge in ${Date.now() - seedStart} ms`)

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    // tsx keeps function names with a `__name` helper that the page lacks; the probes run there.
    await page.addInitScript('globalThis.__name = (fn) => fn')
    page.on('crash', () => console.error('the page crashed'))
    page.on('pageerror', (error) => console.error('page error:', error.message))
    await page.goto(server.url)
    await page.getByTestId('connection-status').and(page.locator('[data-state="online"]')).waitFor()
    await showPage(page, 'jobs')
    await page.getByTestId('jobs-count').getByText(`${JOBS} jobs`).waitFor({ timeout: 60_000 })
    const rowsInDom = await page.getByTestId('job-row').count()

    const m = await measure(page)
    const checks: RenderCheck[] = [
      { what: 'first render (nav → rows painted)', value: m.firstRender, target: 200, reference: m.dashboardRender, refName: 'dashboard render' },
      { what: 'scroll frame p95', value: m.scrollP95, target: 16.7, reference: m.idleP95, refName: 'idle frame p95' },
      { what: 'search typed → the one row (median)', value: m.searchMs, target: 200, reference: m.plainFilter, refName: 'plain JS filter' },
    ]
    console.log(`B7b render-table-${JOBS}: ${rowsInDom} row elements in the DOM for ${JOBS} jobs (median of ${REPEATS})`)
    reportChecks('b7b-table', `B7b render-table-${JOBS}: Jobs table in headless Chromium`, checks, { repeats: REPEATS })
  } finally {
    await browser.close()
    await server.stop()
  }
}

void main()
