/**
 * Embedded executor cost: N no-op BEAN runs per burst through `run()` → runner worker → run-log file →
 * callback sink, the way the B1 workload hits it (N every-second jobs fire together each second).
 * Reports runs/s, CPU-µs per run (process.cpuUsage: every thread of the process) and p50/p99/max from
 * the `run()` call to the handler's first line.
 *
 *   npx tsx bench/embedded-executor.ts [jobs=10000] [bursts=5] [layout=packed|files] [maxWorkers=64] [logBaseDir=os.tmpdir()] [executorTimeoutSec=0]
 *
 * Throwaway-quality on purpose; the product benchmark (B1/B2) measures the whole pipeline.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createExecutor, type RunLogLayout } from '../src/main/executor'
import type { HandleCallback } from '../src/main/executor/executor-api'
import { spawnWorker } from '../src/main/kernel/spawn-worker'

const jobs = Number(process.argv[2] ?? 10_000)
const bursts = Number(process.argv[3] ?? 5)
const layout = (process.argv[4] ?? 'packed') as RunLogLayout
const maxWorkers = Number(process.argv[5] ?? 64)
/** Where run logs go; the disk's cost of creating a file dominates on some machines, so compare with a tmpfs. */
const logBase = process.argv[6] || tmpdir()
/** > 0 gives every run a deadline (the shared timeout timer's cost). */
const executorTimeoutSec = Number(process.argv[7] ?? 0)

const root = await mkdtemp(join(logBase, 'jobdesk-bench-executor-'))
const handlerDir = join(root, 'handlers')
await import('node:fs/promises').then((fs) => fs.mkdir(handlerDir))
// The handler returns its start time (performance clock, absolute) as the handle message.
await writeFile(join(handlerDir, 'noop.mjs'), 'export function noop() { return String(performance.timeOrigin + performance.now()) }\n')

let received = 0
let onAll: (() => void) | null = null
const starts: number[] = []
const sent = new Map<number, number>()
const sink = async (batch: HandleCallback[]): Promise<void> => {
  for (const item of batch) {
    const sentAt = sent.get(item.logId)
    if (sentAt !== undefined && item.handleMsg) starts.push(Number(item.handleMsg) - sentAt)
  }
  received += batch.length
  if (onAll && received >= jobs) onAll()
}

const executor = createExecutor({
  logDir: join(root, 'logs'),
  callbackSink: sink,
  spawnWorker,
  enableScripts: false,
  handlerDirs: [handlerDir],
  maxWorkers,
  runLogLayout: layout,
})
let logId = 1

async function burst(record: boolean): Promise<{ wallMs: number; cpuUs: number }> {
  received = 0
  starts.length = 0
  sent.clear()
  const done = new Promise<void>((resolve) => (onAll = resolve))
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const logDateTime = Date.now()
  for (let jobId = 1; jobId <= jobs; jobId++) {
    const id = logId++
    if (record) sent.set(id, performance.timeOrigin + performance.now())
    void executor.run({
      jobId,
      executorHandler: 'noop',
      executorParams: '',
      executorBlockStrategy: 'SERIAL_EXECUTION',
      executorTimeout: executorTimeoutSec,
      logId: id,
      logDateTime,
      glueType: 'BEAN',
      glueSource: null,
      glueUpdatetime: 0,
      broadcastIndex: 0,
      broadcastTotal: 1,
    })
  }
  await done
  const wallMs = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  return { wallMs, cpuUs: cpu.user + cpu.system }
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

await burst(false) // warm-up: workers start, code gets hot
const rows: Array<{ runsPerSec: number; cpuUsPerRun: number; p50: number; p99: number; max: number }> = []
for (let i = 0; i < bursts; i++) {
  const nextSecond = Math.ceil(Date.now() / 1000) * 1000
  await new Promise((resolve) => setTimeout(resolve, nextSecond - Date.now()))
  const { wallMs, cpuUs } = await burst(true)
  rows.push({
    runsPerSec: Math.round(jobs / (wallMs / 1000)),
    cpuUsPerRun: +(cpuUs / jobs).toFixed(1),
    p50: +pct(starts, 50).toFixed(1),
    p99: +pct(starts, 99).toFixed(1),
    max: +Math.max(...starts).toFixed(1),
  })
}
console.table(rows)
const median = (key: keyof (typeof rows)[number]) =>
  pct(
    rows.map((r) => r[key]),
    50,
  )
console.log(
  `embedded executor, ${layout} run logs, ${jobs} no-op runs per burst, ${maxWorkers} workers, executorTimeout ${executorTimeoutSec} s, ` +
    `load average ${loadavg()[0].toFixed(1)}: ` +
    `median ${median('runsPerSec')} runs/s, ` +
    `${median('cpuUsPerRun')} CPU-µs/run, run()→handler start p50 ${median('p50')} ms, p99 ${median('p99')} ms`,
)
console.log('status after bursts:', executor.status())
await executor.stop()
await rm(root, { recursive: true, force: true })
