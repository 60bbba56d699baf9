// B3 (scan-cost-scaling) of docs/benchmarks.md#b3-scan-cost: one scan tick of the product's scheduler — schedule lock,
// due-job query, next-time planning, ring rows and next times written, commit — as the job table grows,
// run in-process through `Scheduler.scanOnce` on a real SQLite file (no loops started; each call is
// timed). A tick is what the scan loop does at one second: `scanOnce` again at once while a call hits
// the batch limit (the product's default batch, 1000 rows). Beside it, in the same run on the same
// file: a raw batched UPDATE of trigger_next_time (one transaction) per row.
// (a) idle (0 due) at every size, target ≤ 1 ms; (b) 5,000 due every-second jobs, target ≤ 100 ms
// per tick (≤ 20 µs/row) and ≤ 5× the raw UPDATE per row; 1,000 due at every size for the size ratio
// (largest ÷ smallest ≤ 1.5); (c) a realistic spread (every-minute jobs, uniform over the minute).
// Usage: npx tsx bench/b3-scan-cost.ts [--quick] [--jobs 1000,10000,100000] [--reps 5]
import type Database from 'better-sqlite3'
import { systemClock } from '../src/main/kernel/clock'
import { silentLogger } from '../src/main/kernel/logger'
import { nextFireTimeMs } from '../src/main/schedule'
import { Scheduler } from '../src/main/scheduler/scheduler'
import { openSqliteStore } from '../src/main/store/sqlite/open-sqlite-store'
import type { SqliteStore } from '../src/main/store/sqlite/sqlite-store'
import { number, numbers } from './support/cli'
import { plantJobs, prepareDataDir } from './support/jobdesk'
import { BenchResult } from './support/results'
import { median, percentile } from './support/stats'

const sizes = numbers('jobs', [1000, 10_000, 100_000], [1000, 10_000])
const reps = number('reps', 5, 2)
const IDLE_SCANS = 200
const FAR_FUTURE_MS = 86_400_000

interface Tick {
  ms: number
  calls: number
  /** Longest single scanOnce: how long one transaction held the write lock. */
  maxCallMs: number
  planned: number
}

function newScheduler(store: SqliteStore): Scheduler {
  // Alone on its file: the node's lease always holds (the scan's fence check is one indexed read).
  const fence = { check: async () => {} }
  return new Scheduler({
    store,
    nodeId: 'bench',
    fence,
    clock: systemClock,
    nextFire: nextFireTimeMs,
    triggers: { fireScheduled: () => {} },
    logger: silentLogger,
  })
}

/** The scan loop's work at one second: scanOnce until a call no longer hits its batch limit. */
async function tick(scheduler: Scheduler, nowMs: number): Promise<Tick> {
  const start = performance.now()
  let calls = 0
  let maxCallMs = 0
  let planned = 0
  for (;;) {
    const callStart = performance.now()
    const result = await scheduler.scanOnce(nowMs)
    maxCallMs = Math.max(maxCallMs, performance.now() - callStart)
    calls++
    planned += result.readCount
    if (!result.batchLimitHit || calls > 1000) break
  }
  return { ms: performance.now() - start, calls, maxCallMs, planned }
}

/** Every job back to not due, the persisted ring emptied: the next measurement starts clean. */
function reset(db: Database.Database, nowMs: number): void {
  db.prepare('UPDATE job_info SET trigger_next_time = ?').run(nowMs + FAR_FUTURE_MS)
  db.prepare('DELETE FROM job_ring').run()
}

async function dueTicks(store: SqliteStore, due: number, baseMs: number): Promise<Tick[]> {
  const ticks: Tick[] = []
  for (let r = 0; r < reps; r++) {
    const nowMs = baseMs + r * 60_000
    reset(store.db, nowMs)
    store.db.prepare('UPDATE job_info SET trigger_next_time = ? WHERE id IN (SELECT id FROM job_info ORDER BY id LIMIT ?)').run(nowMs, due)
    ticks.push(await tick(newScheduler(store), nowMs))
  }
  return ticks
}

/** µs per row of one transaction updating `rows` next times by id (the floor for what a tick writes). */
function rawUpdateUsPerRow(store: SqliteStore, rows: number, baseMs: number): number {
  const ids = store.db.prepare('SELECT id FROM job_info ORDER BY id LIMIT ?').pluck().all(rows) as number[]
  const update = store.db.prepare('UPDATE job_info SET trigger_next_time = ? WHERE id = ?')
  const times: number[] = []
  for (let r = 0; r < reps; r++) {
    const start = performance.now()
    store.db.transaction(() => {
      for (const id of ids) update.run(baseMs + r, id)
    })()
    times.push(((performance.now() - start) * 1000) / ids.length)
  }
  return median(times)
}

/** Every-minute jobs spread over the minute: after the first tick reads its 6 s, each reads ≈ M/60. */
async function spreadTicks(store: SqliteStore, baseMs: number): Promise<Tick[]> {
  reset(store.db, baseMs)
  store.db.prepare("UPDATE job_info SET schedule_conf = (id % 60) || ' * * * * ?', trigger_next_time = ? + (id % 60) * 1000").run(baseMs)
  const scheduler = newScheduler(store)
  const ticks: Tick[] = []
  for (let s = 0; s < 60; s++) ticks.push(await tick(scheduler, baseMs + s * 1000))
  store.db.prepare("UPDATE job_info SET schedule_conf = '* * * * * ?'").run()
  return ticks.slice(6)
}

const report = new BenchResult('b3', 'B3 scan cost: one scheduler tick (lock, due query, plan, write, commit) by table size, beside a raw batched UPDATE', {
  sizes,
  reps,
  idleScans: IDLE_SCANS,
})
const at1000 = new Map<number, number>()
for (const jobs of sizes) {
  const data = prepareDataDir('jobdesk-bench-b3-')
  const baseMs = (Math.ceil(Date.now() / 1000) + 3600) * 1000
  plantJobs(data.file, {
    count: jobs,
    groupId: data.embeddedGroupId,
    scheduleType: 'CRON',
    scheduleConf: '* * * * * ?',
    handler: 'noopJobHandler',
    nextTimeMs: () => baseMs + FAR_FUTURE_MS,
  })
  const store = openSqliteStore(data.file)
  try {
    const n = jobs.toLocaleString('en-US')
    report.section(`table of ${n} jobs`)
    const idle = newScheduler(store)
    const idleMs: number[] = []
    for (let i = 0; i < IDLE_SCANS; i++) idleMs.push((await tick(idle, baseMs)).ms)
    report.figure({ name: `B3 ${n} jobs: idle scan median`, value: median(idleMs), unit: 'ms', target: { op: '<=', value: 1 } })
    report.figure({ name: `B3 ${n} jobs: idle scan p99`, value: percentile(idleMs, 99), unit: 'ms' })

    const due1000 = await dueTicks(store, Math.min(1000, jobs), baseMs)
    const raw1000 = rawUpdateUsPerRow(store, Math.min(1000, jobs), baseMs)
    const tick1000 = median(due1000.map((t) => t.ms))
    at1000.set(jobs, tick1000)
    report.figure({
      name: `B3 ${n} jobs: 1,000-due tick`,
      value: tick1000,
      unit: 'ms',
      reference: { name: `raw UPDATE of 1,000 rows`, value: (raw1000 * Math.min(1000, jobs)) / 1000 },
    })

    if (jobs >= 5000) {
      const due5000 = await dueTicks(store, 5000, baseMs)
      const raw5000 = rawUpdateUsPerRow(store, 5000, baseMs)
      const tickMs = median(due5000.map((x) => x.ms))
      report.figure({ name: `B3 ${n} jobs: 5,000-due tick`, value: tickMs, unit: 'ms', target: { op: '<=', value: 100 } })
      report.figure({
        name: `B3 ${n} jobs: 5,000-due longest transaction (of ${due5000[0].calls})`,
        value: median(due5000.map((x) => x.maxCallMs)),
        unit: 'ms',
      })
      report.figure({
        name: `B3 ${n} jobs: µs per due row`,
        value: (tickMs * 1000) / 5000,
        unit: 'µs',
        target: { op: '<=', value: 5, on: 'ratio' },
        reference: { name: 'raw UPDATE µs/row', value: raw5000 },
      })
    }
    const spread = await spreadTicks(store, baseMs + reps * 60_000 + 120_000)
    const perTick = Math.round(jobs / 60)
    report.figure({ name: `B3 ${n} jobs: spread tick median (~${perTick} due)`, value: median(spread.map((t) => t.ms)), unit: 'ms' })
    report.figure({ name: `B3 ${n} jobs: spread tick max`, value: Math.max(...spread.map((t) => t.ms)), unit: 'ms' })
  } finally {
    await store.close()
    data.remove()
  }
}
if (sizes.length > 1) {
  const smallest = Math.min(...sizes)
  const largest = Math.max(...sizes)
  report.section('size ratio at equal due count (1,000 due)')
  report.figure({
    name: `B3 1,000-due tick at ${largest.toLocaleString('en-US')} ÷ at ${smallest.toLocaleString('en-US')}`,
    value: at1000.get(largest)!,
    unit: 'ms',
    reference: { name: `tick at ${smallest.toLocaleString('en-US')}`, value: at1000.get(smallest)! },
    target: { op: '<=', value: 1.5, on: 'ratio' },
  })
}
report.note('every due job is an every-second cron job: a tick plans its fires for the whole 5-s pre-read window (6 ring rows per job)')
report.save()
