// B8 (memory-100k) of docs/benchmarks.md#b8-memory: the headless product with 100k job definitions scheduling 1 %
// of them each second (FIX_RATE 100 s, spread over the 100 s: 1,000 fires/s, embedded no-op handler)
// for 10 minutes, black-box: RSS from /proc every second (anonymous and file-backed apart: the
// database is memory-mapped), and the main isolate's heap after a full GC every 30 s through the
// inspector (`--inspect=127.0.0.1:0`). Beside it, in the same run: the same build with no jobs.
// Targets (issue 14, docs/benchmarks.md#b8-memory): core RSS ≤ 250 MB, heap slope ≈ 0 (≤ 5 % growth once every job has fired),
// ≤ +150 MB over the bare app.
// Usage: npx tsx bench/b8-memory.ts [--quick] [--jobs 100000] [--seconds 600] [--bare-seconds 60] [--gc-every 30]
import Database from 'better-sqlite3'
import { number } from './support/cli'
import { attachInspector } from './support/inspector'
import { plantJobs, prepareDataDir, startHeadless } from './support/jobdesk'
import { residentBreakdown } from './support/proc-meter'
import { BenchResult } from './support/results'
import { linearFit, median, sleep } from './support/stats'

const jobs = number('jobs', 100_000, 10_000)
const seconds = number('seconds', 600, 6)
const bareSeconds = number('bare-seconds', 60, 3)
const gcEverySec = number('gc-every', 30, 3)
const RATE_SEC = 100
/** After RATE_SEC: the server's start and the first fire come a few seconds after sampling starts. */
const WARM_MARGIN_SEC = 10

interface Sample {
  tSec: number
  rssMb: number
  anonMb: number
  fileMb: number
}

interface AppRun {
  rss: Sample[]
  heap: { x: number; y: number }[]
  /** Runs triggered per second over the second half of the run. */
  firesPerSecond: number
}

async function runApp(withJobs: number, runSeconds: number): Promise<AppRun> {
  const data = prepareDataDir('jobdesk-bench-b8-')
  const firstMs = (Math.ceil(Date.now() / 1000) + 3) * 1000
  if (withJobs > 0) {
    plantJobs(data.file, {
      count: withJobs,
      groupId: data.embeddedGroupId,
      scheduleType: 'FIX_RATE',
      scheduleConf: String(RATE_SEC),
      handler: 'noopJobHandler',
      nextTimeMs: (i) => firstMs + (i % RATE_SEC) * 1000,
    })
  }
  try {
    const { rss, heap, t0 } = await sample(data.dir, runSeconds)
    const db = new Database(data.file, { readonly: true })
    const half = t0 + (runSeconds * 1000) / 2
    const fired = db
      .prepare('SELECT COUNT(*) FROM job_log WHERE trigger_time >= ? AND trigger_time < ?')
      .pluck()
      .get(half, t0 + runSeconds * 1000) as number
    db.close()
    return { rss, heap, firesPerSecond: fired / (runSeconds / 2) }
  } finally {
    data.remove()
  }
}

/** RSS every second and the heap after a full GC every gcEverySec, from the inspector. */
async function sample(dataDir: string, runSeconds: number) {
  const headless = await startHeadless({ dataDir, nodeArgs: ['--inspect=127.0.0.1:0'] })
  const rss: Sample[] = []
  const heap: { x: number; y: number }[] = []
  const t0 = Date.now()
  try {
    const probe = await attachInspector(headless)
    try {
      let nextGc = t0
      while (Date.now() < t0 + runSeconds * 1000) {
        const tSec = (Date.now() - t0) / 1000
        rss.push({ tSec, ...residentBreakdown(headless.pid) })
        if (Date.now() >= nextGc) {
          heap.push({ x: tSec, y: await probe.heapAfterGcMb() })
          nextGc += gcEverySec * 1000
        }
        await sleep(1000 - ((Date.now() - t0) % 1000))
      }
      heap.push({ x: (Date.now() - t0) / 1000, y: await probe.heapAfterGcMb() })
    } finally {
      probe.close()
    }
  } finally {
    await headless.stop()
  }
  return { rss, heap, t0 }
}

/** Median over the second half of the run: the steady state, past start-up and cache warm-up. */
function steady(samples: readonly Sample[], key: 'rssMb' | 'anonMb' | 'fileMb'): number {
  return median(samples.slice(Math.floor(samples.length / 2)).map((s) => s[key]))
}

const report = new BenchResult('b8', `B8 memory: ${jobs.toLocaleString('en-US')} jobs, 1 % due per second, beside the bare app`, {
  jobs,
  seconds,
  bareSeconds,
  gcEverySec,
})
const bare = await runApp(0, bareSeconds)
const loaded = await runApp(jobs, seconds)
// The slope is fitted once every job has fired (FIX_RATE spreads the first fires over RATE_SEC):
// before that the per-job caches (the next fire's cron state, the job's trail shape) fill, one job
// at a time, which is warm-up, not a leak. A run too short for that fits all but the start-up sample.
const warm = loaded.heap.filter((p) => p.x >= RATE_SEC + WARM_MARGIN_SEC)
const fitted = warm.length >= 3 ? warm : loaded.heap.slice(1)
const fit = linearFit(fitted)
const growthPct = (100 * (fit.last - fit.first)) / fit.first
const n = jobs.toLocaleString('en-US')
report.section(`${n} jobs for ${seconds} s (${loaded.heap.length} heap samples), bare app for ${bareSeconds} s`)
report.figure({ name: `B8 ${n} jobs: fires/s (second half)`, value: loaded.firesPerSecond, unit: '/s', target: { op: '>=', value: 0.999 * (jobs / RATE_SEC) } })
report.figure({
  name: `B8 ${n} jobs: steady RSS`,
  value: steady(loaded.rss, 'rssMb'),
  unit: 'MB',
  target: { op: '<=', value: 250 },
  reference: { name: 'bare app', value: steady(bare.rss, 'rssMb') },
})
report.figure({
  name: `B8 ${n} jobs: steady RSS over the bare app`,
  value: steady(loaded.rss, 'rssMb') - steady(bare.rss, 'rssMb'),
  unit: 'MB',
  target: { op: '<=', value: 150 },
})
report.figure({
  name: `B8 ${n} jobs: peak RSS`,
  value: Math.max(...loaded.rss.map((s) => s.rssMb)),
  unit: 'MB',
  reference: { name: 'bare app', value: Math.max(...bare.rss.map((s) => s.rssMb)) },
})
report.figure({
  name: `B8 ${n} jobs: steady anonymous RSS`,
  value: steady(loaded.rss, 'anonMb'),
  unit: 'MB',
  reference: { name: 'bare app', value: steady(bare.rss, 'anonMb') },
})
report.figure({
  name: `B8 ${n} jobs: steady file-backed RSS (code, mmap'd db)`,
  value: steady(loaded.rss, 'fileMb'),
  unit: 'MB',
  reference: { name: 'bare app', value: steady(bare.rss, 'fileMb') },
})
report.figure({
  name: `B8 ${n} jobs: heap after GC, last`,
  value: loaded.heap[loaded.heap.length - 1].y,
  unit: 'MB',
  reference: { name: 'bare app', value: bare.heap[bare.heap.length - 1].y },
})
report.figure({
  name: `B8 ${n} jobs: heap growth ${fitted === warm ? `from ${Math.round(warm[0].x)} s, every job having fired` : 'over the run'} (fitted)`,
  value: growthPct,
  unit: '%',
  target: { op: '<=', value: 5 },
})
const every10s = (samples: readonly Sample[]) =>
  samples.filter((_, i) => i % 10 === 0).map((s) => ({ tSec: Math.round(s.tSec), rssMb: +s.rssMb.toFixed(1), anonMb: +s.anonMb.toFixed(1) }))
report.attach('heapAfterGcMb', {
  loaded: loaded.heap.map((p) => ({ tSec: Math.round(p.x), mb: +p.y.toFixed(1) })),
  bare: bare.heap.map((p) => ({ tSec: Math.round(p.x), mb: +p.y.toFixed(1) })),
})
report.attach('rssEvery10s', { loaded: every10s(loaded.rss), bare: every10s(bare.rss) })
report.note("heap is the main isolate's (the core); runner worker threads have their own isolates, counted in RSS only")
report.save()
process.exit(0)
