// B7a (render-dag-1000) of docs/benchmarks.md#b7-console-rendering: the DAG page with 1,000 jobs and ~1,500 links in Debian's
// headless Chromium against headless mode (production build). Measures first render (nav → nodes
// and edges painted), frame times during 2 s of pan and zoom, and click → highlight painted, each
// beside a reference measured in the same run: the dashboard's render, an idle page's frames, and
// one attribute change → painted frame.
// Usage: npx tsx bench/b7-render-dag.ts [jobs=1000] [componentSize=20]   (needs out/ built: npx electron-vite build)
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/support/chromium'
import type { JobGroup, JobInfo } from '../src/shared/model'
import { EMBEDDED_APP_NAME } from '../src/shared/model'
import { defaultJobInput } from '../src/shared/job-defaults'
import { connectBridge, type BridgeCaller } from './b7-bridge-client'
import { samplePanZoom, timeAttributeFrame, timeHighlight } from './b7-dag-probes'
import { sampleFrames, timeNavigation, reportChecks, type RenderCheck } from './b7-page-probes'
import { median, percentile } from './support/stats'
import { startHeadlessServer } from '../test/support/headless-process'
import { QUICK } from './support/cli'

const JOBS = Number(process.argv[2] ?? 1000)
const COMPONENT = Number(process.argv[3] ?? 20)
/** Links per component beyond its spanning tree, so the graph has ~1.5 links per job. */
const EXTRA_LINKS = Math.round(COMPONENT * 0.55)
const REPEATS = QUICK ? 1 : 3
/** Frame sampling per measurement (docs/benchmarks.md#measurement-rules: 2 s); quick runs only check that it works. */
const SAMPLE_MS = QUICK ? 500 : 2000
const IN_FLIGHT = 100
const ms = (x: number) => `${x.toFixed(1)} ms`

/** A fixed pseudo-random sequence, so every run links the same graph. */
function random(seed: number): () => number {
  let state = seed
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648
}

async function inParallel(count: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) await work(next++)
    }),
  )
}

/** 1,000 jobs in components of 20: a random tree plus forward links (acyclic), ~1,500 links in all. */
async function seedGraph(bridge: BridgeCaller): Promise<number> {
  const groups = (await bridge.call('listGroups')) as JobGroup[]
  const group = groups.find((g) => g.appName === EMBEDDED_APP_NAME) ?? groups[0]
  const ids: number[] = new Array(JOBS)
  await inParallel(JOBS, async (i) => {
    const job = (await bridge.call('saveJob', defaultJobInput(group.id, 'UTC', { name: `dag job ${i}`, executorHandler: 'demoJobHandler' }))) as JobInfo
    ids[i] = job.id
  })
  const rnd = random(7)
  const links: { parentJobId: number; childJobId: number }[] = []
  for (let base = 0; base + 1 < JOBS; base += COMPONENT) {
    const size = Math.min(COMPONENT, JOBS - base)
    const seen = new Set<string>()
    const add = (a: number, b: number) => {
      const key = `${a}>${b}`
      if (seen.has(key)) return false
      seen.add(key)
      links.push({ parentJobId: ids[base + a], childJobId: ids[base + b] })
      return true
    }
    for (let i = 1; i < size; i++) add(Math.max(0, i - 1 - Math.floor(rnd() * 3)), i)
    for (let added = 0, tries = 0; added < EXTRA_LINKS && tries < 1000; tries++) {
      const a = Math.floor(rnd() * (size - 1))
      const b = a + 1 + Math.floor(rnd() * (size - a - 1))
      if (add(a, b)) added++
    }
  }
  await inParallel(links.length, async (i) => {
    await bridge.call('saveLink', { ...links[i], condition: i % 7 === 0 ? 'ALWAYS' : i % 5 === 0 ? 'FAILURE' : 'SUCCESS' })
  })
  return links.length
}

async function showPage(page: Page, nav: string): Promise<void> {
  await page.getByTestId(`nav-${nav}`).click()
  await page.getByTestId(`page-${nav}`).waitFor()
}

const DAG_READY = '.react-flow__edge-path'

async function main(): Promise<void> {
  const server = await startHeadlessServer({ extraArgs: ['--no-demo'] })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  try {
    const bridge = await connectBridge(server.origin, server.token)
    const seedStart = Date.now()
    const linkCount = await seedGraph(bridge).finally(() => bridge.close())
    console.log(`seeded ${JOBS} jobs and ${linkCount} links through the bridge in ${Date.now() - seedStart} ms`)

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    // tsx keeps function names with a `__name` helper that the page lacks; the probes run there.
    await page.addInitScript('globalThis.__name = (fn) => fn')
    page.on('pageerror', (error) => console.error('page error:', error.message))
    await page.goto(server.url)
    await page.getByTestId('connection-status').and(page.locator('[data-state="online"]')).waitFor()
    await showPage(page, 'jobs')
    await page.getByTestId('jobs-count').getByText(`${JOBS} jobs`).waitFor({ timeout: 60_000 })
    await showPage(page, 'dashboard')

    // Cold: the first visit also loads the DAG page's code (React Flow) and lays the graph out (ELK in a worker).
    const cold = await page.evaluate(timeNavigation, { navSelector: '[data-testid="nav-dag"]', readySelector: DAG_READY })
    const canvas = page.getByTestId('dag-canvas')
    const engine = await canvas.getAttribute('data-engine')
    const nodeCount = await canvas.getAttribute('data-node-count')
    const firstRender: number[] = []
    const dashboardRender: number[] = []
    for (let r = 0; r < REPEATS; r++) {
      await showPage(page, 'dashboard')
      firstRender.push(await page.evaluate(timeNavigation, { navSelector: '[data-testid="nav-dag"]', readySelector: DAG_READY }))
      dashboardRender.push(await page.evaluate(timeNavigation, { navSelector: '[data-testid="nav-dashboard"]', readySelector: '[data-testid="stat-jobs"]' }))
    }
    /** The DAG as first shown (zoom 1, top-left), optionally zoomed out by the Controls' button. */
    const freshView = async (zoomOuts: number) => {
      await showPage(page, 'dashboard')
      await showPage(page, 'dag')
      await page.locator(DAG_READY).first().waitFor({ state: 'attached' })
      for (let i = 0; i < zoomOuts; i++) await page.locator('.react-flow__controls-zoomout').click()
    }
    await freshView(0)
    const nodesInDom = await page.locator('.react-flow__node').count()

    const idleP95: number[] = []
    const panP95: number[] = []
    const panOutP95: number[] = []
    const domNodes: string[] = []
    for (let r = 0; r < REPEATS; r++) {
      await freshView(0)
      idleP95.push(percentile(await page.evaluate(sampleFrames, { scrollSelector: '.react-flow__pane', durationMs: SAMPLE_MS, stepPx: 0 }), 95))
      const pan = await page.evaluate(samplePanZoom, { paneSelector: '.react-flow__pane', durationMs: SAMPLE_MS })
      panP95.push(percentile(pan.intervals, 95))
      // Zoomed out (about 0.48): about four times the nodes in view.
      await freshView(4)
      const panOut = await page.evaluate(samplePanZoom, { paneSelector: '.react-flow__pane', durationMs: SAMPLE_MS })
      panOutP95.push(percentile(panOut.intervals, 95))
      domNodes.push(`${pan.minNodes}–${pan.maxNodes} / ${panOut.minNodes}–${panOut.maxNodes}`)
    }

    await freshView(0)
    const highlight = await page.evaluate(timeHighlight, { count: 9, paneSelector: '.react-flow__pane' })
    const floor = await page.evaluate(timeAttributeFrame, { count: 9 })
    await freshView(4)
    const highlightOut = await page.evaluate(timeHighlight, { count: 9, paneSelector: '.react-flow__pane' })

    const checks: RenderCheck[] = [
      {
        what: 'first render (nav → nodes+edges painted)',
        value: median(firstRender),
        target: 500,
        reference: median(dashboardRender),
        refName: 'dashboard render',
      },
      { what: 'pan/zoom frame p95 (zoom 1)', value: median(panP95), target: 20, reference: median(idleP95), refName: 'idle frame p95' },
      { what: 'pan/zoom frame p95 (zoomed out ×0.48)', value: median(panOutP95), target: 20, reference: median(idleP95), refName: 'idle frame p95' },
      { what: 'select → highlight painted (median)', value: median(highlight), target: 50, reference: median(floor), refName: 'attribute → frame' },
      { what: 'same, zoomed out ×0.48 (median)', value: median(highlightOut), target: 50, reference: median(floor), refName: 'attribute → frame' },
    ]
    console.log(
      `B7a render-dag-${JOBS}: ${nodeCount} nodes, ${linkCount} links, layout ${engine}; ${nodesInDom} node elements in the DOM at first, ` +
        `${domNodes.join(', ')} while panning/zooming at zoom 1 / zoomed out (median of ${REPEATS}); cold first visit ${ms(cold)}; highlight p95 ${ms(percentile(highlight, 95))}`,
    )
    reportChecks('b7a-dag', `B7a render-dag-${JOBS}: DAG page in headless Chromium`, checks, { repeats: REPEATS })
  } finally {
    await browser.close()
    await server.stop()
  }
}

void main()
