// B3b (lock-hold) of docs/benchmarks.md#b3b-lock-hold: how long the product's write transactions (scan, run inserts,
// callback batches) make other writers wait, during B1 at 10k every-second jobs (headless, black-box).
// Two concurrent writers, each one edit every 5 ms, one at a time:
//  - a UI edit through the console's WebSocket bridge (`saveJob` renaming a stopped job): its round
//    trip, which also waits for the core's event loop;
//  - a second SQLite connection in another process renaming the same job row (BEGIN IMMEDIATE …
//    COMMIT): its wait for the write lock.
// Reference, in the same run: the same writers against the same build with no jobs. Target (issue 14):
// p99 ≤ 50 ms, max ≤ 120 ms.
// Usage: npx tsx bench/b3b-lock-hold.ts [--quick] [--jobs 10000] [--warmup 5] [--window 20]
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { jobInputOf } from '../src/shared/job-defaults'
import { EMBEDDED_APP_NAME, type JobGroup, type JobInfo } from '../src/shared/model'
import { defaultJobInput } from '../src/shared/job-defaults'
import { connectBridge } from './b7-bridge-client'
import { startChild } from './support/child'
import { number } from './support/cli'
import { prepareDataDir, startHeadless, type Headless } from './support/jobdesk'
import { measureCronLoad } from './support/jobdesk-cron-load'
import { BenchResult } from './support/results'
import { percentile, sleep, sleepUntil } from './support/stats'

const here = dirname(fileURLToPath(import.meta.url))
const jobs = number('jobs', 10_000, 500)
const warmupSec = number('warmup', 5, 2)
const windowSec = number('window', 20, 4)
const referenceSec = number('reference', 10, 3)
const PERIOD_MS = 5

interface Waits {
  bridge: number[]
  sqlite: number[]
  sqliteErrors: number
  /** This process's own event-loop delay p99 while measuring (ms): the bridge figures are only as good as it is small. */
  benchLoopP99: number
}

/** Both writers against a running headless server until `untilMs`. */
async function runWriters(headless: Headless, dbFile: string, untilMs: number): Promise<Waits> {
  const bridge = await connectBridge(headless.origin, headless.consoleToken)
  try {
    const groups = (await bridge.call('listGroups')) as JobGroup[]
    const group = groups.find((g) => g.appName === EMBEDDED_APP_NAME) ?? groups[0]
    const job = (await bridge.call('saveJob', defaultJobInput(group.id, 'UTC', { name: 'b3b edited', executorHandler: 'noopJobHandler' }))) as JobInfo
    const lockWriter = startChild(
      process.execPath,
      [
        '--import',
        'tsx',
        join(here, 'support', 'lock-writer.ts'),
        '--file',
        dbFile,
        '--job',
        String(job.id),
        '--period',
        String(PERIOD_MS),
        '--until',
        String(untilMs),
      ],
      {},
      'lock-writer',
    )
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    const bridgeWaits: number[] = []
    const input = jobInputOf(job)
    let slot = Date.now()
    for (let i = 0; Date.now() < untilMs; i++) {
      const start = performance.now()
      await bridge.call('saveJob', { ...input, name: `b3b edited ${i}` })
      bridgeWaits.push(performance.now() - start)
      slot = Math.max(slot + PERIOD_MS, Date.now())
      await sleepUntil(slot)
    }
    loop.disable()
    const line = await lockWriter.waitFor(/^RESULT (\{.*\})$/, 30_000)
    const sqlite = JSON.parse(line[1]) as { waits: number[]; errors: number }
    await lockWriter.stop()
    // monitorEventLoopDelay reports in ns and includes its own resolution (docs/benchmarks.md#measurement-rules).
    return { bridge: bridgeWaits, sqlite: sqlite.waits, sqliteErrors: sqlite.errors, benchLoopP99: Math.max(0, loop.percentile(99) / 1e6 - 10) }
  } finally {
    bridge.close()
  }
}

async function referenceWaits(): Promise<Waits> {
  const data = prepareDataDir('jobdesk-bench-b3b-')
  const headless = await startHeadless({ dataDir: data.dir })
  try {
    await sleep(1000)
    return await runWriters(headless, data.file, Date.now() + referenceSec * 1000)
  } finally {
    await headless.stop()
    data.remove()
  }
}

const report = new BenchResult('b3b', `B3b lock hold: a UI edit every ${PERIOD_MS} ms over the bridge and over a second SQLite connection, during B1`, {
  jobs,
  warmupSec,
  windowSec,
  referenceSec,
})
const idle = await referenceWaits()
let loaded: Waits | null = null
const load = await measureCronLoad({
  jobs,
  warmupSec,
  windowSec,
  during: async (headless, dbFile, endMs) => {
    loaded = await runWriters(headless, dbFile, endMs)
  },
})
const under = loaded as Waits | null
if (!under) throw new Error('the writers did not run')
const n = jobs.toLocaleString('en-US')
report.section(
  `during B1 at N = ${n}: ${load.completed}/${load.expected} completed, ${load.misfires} misfires; ${under.bridge.length} bridge edits, ${under.sqlite.length} SQLite edits (${under.sqliteErrors} failed)`,
)
for (const [what, waits, ref] of [
  ['bridge saveJob round trip', under.bridge, idle.bridge],
  ['second-connection write wait', under.sqlite, idle.sqlite],
] as const) {
  report.figure({ name: `B3b N=${n} ${what} p50`, value: percentile(waits, 50), unit: 'ms', reference: { name: 'idle p50', value: percentile(ref, 50) } })
  report.figure({
    name: `B3b N=${n} ${what} p99`,
    value: percentile(waits, 99),
    unit: 'ms',
    target: { op: '<=', value: 50 },
    reference: { name: 'idle p99', value: percentile(ref, 99) },
  })
  report.figure({
    name: `B3b N=${n} ${what} max`,
    value: percentile(waits, 100),
    unit: 'ms',
    target: { op: '<=', value: 120 },
    reference: { name: 'idle max', value: percentile(ref, 100) },
  })
}
report.figure({
  name: `B3b N=${n} bench's own event-loop delay p99`,
  value: under.benchLoopP99,
  unit: 'ms',
  reference: { name: 'idle', value: idle.benchLoopP99 },
})
report.note(
  "the second connection writes the same job_info row the bridge edits; SQLite has one writer per file, so its wait is the product's longest write transactions",
)
report.save()
process.exit(0)
