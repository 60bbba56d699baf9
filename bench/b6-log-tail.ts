// B6 (log-tail-latency) of docs/benchmarks.md#b6-log-tail: a line a handler writes → the line shown in the console,
// in Debian's headless Chromium (Playwright) against headless mode: a BEAN handler writes `tick <i>
// at <epoch ms>` 50 times a second, once on the embedded executor and once on a LAN agent
// (`node out/main/executor-agent.js`), while the run is open in the console; the page records when
// each line's row appears. Beside it, in the same run: raw fs.watch → read of the same lines.
// Targets (issue 14): embedded p50 ≤ 30 ms, p99 ≤ 100 ms; LAN p99 ≤ 300 ms (XXL-JOB polls every 3 s).
// Usage: npx tsx bench/b6-log-tail.ts [--quick] [--lines 200] [--runs 3]
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TriggerResult } from '../src/shared/api'
import { defaultJobInput } from '../src/shared/job-defaults'
import { EMBEDDED_APP_NAME, runStatus, type JobGroup, type JobInfo, type JobRun } from '../src/shared/model'
import { connectBridge, type BridgeCaller } from './b7-bridge-client'
import { collectTickLatencies } from './b7-log-probes'
import { number } from './support/cli'
import { fsWatchLatencies } from './support/fs-watch-latency'
import { prepareDataDir, startAgent, startHeadless } from './support/jobdesk'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/support/chromium'
import { BenchResult } from './support/results'
import { percentile, sleep } from './support/stats'

const lines = number('lines', 200, 40)
const runs = number('runs', 3, 1)
const GAP_MS = 20
/** The handler waits this long before its first line, so the run is open in the console by then. */
const START_DELAY_MS = 2000
const LAN_APP = 'bench-b6-lan'

async function waitForRun(bridge: BridgeCaller, logId: number): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const status = runStatus((await bridge.call('getRun', logId)) as JobRun)
    if (status === 'success') return
    if (status === 'failed') throw new Error(`run ${logId} failed`)
    await sleep(200)
  }
  throw new Error(`run ${logId} did not end within 60 s`)
}

async function groupNamed(bridge: BridgeCaller, appName: string): Promise<JobGroup> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const group = ((await bridge.call('listGroups')) as JobGroup[]).find((g) => g.appName === appName)
    if (group) return group
    await sleep(200)
  }
  throw new Error(`no group ${appName} appeared within 30 s (did the agent register?)`)
}

const report = new BenchResult('b6', "B6 log tail: a handler's log line → its row in the console (Chromium against headless mode)", {
  lines,
  runs,
  gapMs: GAP_MS,
})
if (!existsSync(CHROMIUM)) {
  report.skip('B6', `${CHROMIUM} is missing (apt-get install -y chromium)`)
  report.save()
  process.exit(0)
}
const { chromium } = await import('@playwright/test')
const reference = await fsWatchLatencies(lines * runs, GAP_MS)
const data = prepareDataDir('jobdesk-bench-b6-')
const agentLogs = mkdtempSync(join(tmpdir(), 'jobdesk-bench-b6-agent-'))
const headless = await startHeadless({ dataDir: data.dir })
const agent = await startAgent(headless.origin, LAN_APP, agentLogs)
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
const bridge = await connectBridge(headless.origin, headless.consoleToken)
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  // tsx keeps function names with a `__name` helper that the page lacks; the probes run there.
  await page.addInitScript('globalThis.__name = (fn) => fn')
  page.on('pageerror', (error) => console.error('page error:', error.message))
  await page.goto(headless.url)
  await page.getByTestId('connection-status').and(page.locator('[data-state="online"]')).waitFor()

  const sides = [
    { name: 'embedded', group: await groupNamed(bridge, EMBEDDED_APP_NAME), target: { p50: 30, p99: 100 } },
    { name: 'LAN agent', group: await groupNamed(bridge, LAN_APP), target: { p50: null, p99: 300 } },
  ]
  for (const side of sides) {
    const job = (await bridge.call(
      'saveJob',
      defaultJobInput(side.group.id, 'UTC', {
        name: `b6 ${side.name}`,
        executorHandler: 'logTickerHandler',
        executorParam: `${lines} ${GAP_MS} ${START_DELAY_MS}`,
      }),
    )) as JobInfo
    const latencies: number[] = []
    for (let r = 0; r < runs; r++) {
      const result = (await bridge.call('triggerJob', { jobId: job.id })) as TriggerResult
      const logId = result.logIds[0]
      const collected = page.evaluate(collectTickLatencies, { count: lines, timeoutMs: START_DELAY_MS + lines * GAP_MS + 30_000 })
      await page.evaluate((id) => {
        ;(globalThis as unknown as { location: { hash: string } }).location.hash = `#/runs/${id}`
      }, logId)
      latencies.push(...(await collected))
      await waitForRun(bridge, logId)
    }
    report.section(
      `${side.name}: ${latencies.length}/${lines * runs} lines seen in the page (${side.name === 'embedded' ? 'embedded executor' : `agent at ${agent.address}`})`,
    )
    report.figure({
      name: `B6 ${side.name} written → shown p50`,
      value: percentile(latencies, 50),
      unit: 'ms',
      target: side.target.p50 === null ? undefined : { op: '<=', value: side.target.p50 },
      reference: { name: 'fs.watch p50', value: percentile(reference, 50) },
    })
    report.figure({
      name: `B6 ${side.name} written → shown p99`,
      value: percentile(latencies, 99),
      unit: 'ms',
      target: { op: '<=', value: side.target.p99 },
      reference: { name: 'fs.watch p99', value: percentile(reference, 99) },
    })
    report.figure({
      name: `B6 ${side.name} written → shown max`,
      value: percentile(latencies, 100),
      unit: 'ms',
      reference: { name: 'fs.watch max', value: percentile(reference, 100) },
    })
    report.figure({ name: `B6 ${side.name} lines seen ÷ written`, value: latencies.length / (lines * runs), unit: '', target: { op: '>=', value: 1 } })
  }
  report.note('the handler and the page read the same machine clock (Date.now / performance.timeOrigin + now)')
} finally {
  bridge.close()
  await browser.close()
  await agent.stop()
  await headless.stop()
  data.remove()
  rmSync(agentLogs, { recursive: true, force: true })
}
report.save()
process.exit(0)
