// B1 (e2e-throughput-embedded) and B2 (trigger-lag) of docs/benchmarks.md, measured black-box on the
// built product: N every-second cron jobs planted in the SQLite file, `node out/main/serve.js`
// (embedded executor, worker threads), figures from `job_log`, CPU and RSS of the whole process from
// /proc — beside croner in memory at the same N in the same run (no persistence: the floor).
// Targets (issue 14): B1 at 10k and 20k ≥ 0.999·N completed per second, 0 misfires, ≤ 25 CPU-µs per
// fire, 50k reported; B2 handler start p99 ≤ 50 ms at 1k and ≤ 100 ms at 10k, completed p99 ≤ 150 ms
// at 10k, p99 ≤ 2× croner at 1k and ≤ 1× at 10k (the ratio to BullMQ is B10's).
// Issue 47 makes the headline a handler that logs one line (`logLineJobHandler`): ≤ 30 CPU-µs per fire,
// completed p99 ≤ 150 ms, peak RSS ≤ 300 MB at 10k; the no-op (`noopJobHandler`) is the second row.
// Usage: npx tsx bench/b1-b2-headless.ts [--quick] [--jobs 10,1000,10000,20000,50000] [--warmup 5] [--window 20]
//        [--handlers logLineJobHandler,noopJobHandler] (the first is the headline; --beside measures it alone)
//        [--node-args="--flag=value …"] (flags for node itself on today's build, alone and in --beside: V8's heap settings, say)
//        [--cpu-prof]   (writes .cpuprofile files of the main thread and the workers to bench/results/profiles/)
//        [--before DIR[,DIR…]] (checkouts of earlier commits, built: the same workload on each one's out/main/serve.js
//                        in the same run, on a database of its own schema; their figures are printed as references)
//        [--beside DIR [--rounds 3]] (one earlier build at the same time as today's, both on the same machine in the same
//                        seconds, round after round: the median of each round's ratio of CPU per fire)
import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { flag, number, numbers, option } from './support/cli'
import { SERVE_ENTRY } from './support/jobdesk'
import { measureCronLoad, prepareCronDataDir, type CronLoadResult } from './support/jobdesk-cron-load'
import { BenchResult, RESULTS_DIR } from './support/results'

const here = dirname(fileURLToPath(import.meta.url))
const sizes = numbers('jobs', [10, 1000, 10_000, 20_000, 50_000], [500])
const warmupSec = number('warmup', 5, 2)
const windowSec = number('window', 20, 3)
const before = option('before')
const beforeDirs = before ? before.split(',').filter(Boolean) : []
const beside = option('beside')
const besideRounds = number('rounds', 3, 1)
const handlers = (option('handlers') ?? 'logLineJobHandler,noopJobHandler').split(',').filter(Boolean)
const HEADLINE = handlers[0]!
/** A row's name: the headline handler's rows keep B1/B2's names, another handler's say which. */
const rowName = (handler: string, name: string) => (handler === HEADLINE ? name : `${name} (${handler})`)
/** croner keeps an 81 KB year table per Cron instance: beyond 10k it measures swap, not scheduling. */
const CRONER_MAX_JOBS = 10_000

interface CronerResult {
  fires: number
  firesPerSecondMedian: number
  lagP50: number
  lagP99: number
  cpuUsPerFire: number
  peakRssMb: number
}

function measureCroner(jobs: number): CronerResult | null {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(here, 'baselines', 'croner-baseline.ts'), String(jobs), String(warmupSec), String(windowSec)],
    {
      encoding: 'utf8',
      timeout: (warmupSec + windowSec + 60) * 1000,
    },
  )
  const line = result.stdout?.trim().split('\n').pop()
  return result.status === 0 && line ? (JSON.parse(line) as CronerResult) : null
}

/** `--node-args` and `--cpu-prof`: the flags today's build is started with. */
function nodeArgsFor(jobs: number): string[] {
  return [...(option('node-args') ?? '').split(' ').filter(Boolean), ...profileArgs(jobs)]
}

function profileArgs(jobs: number): string[] {
  if (!flag('cpu-prof')) return []
  const dir = join(RESULTS_DIR, 'profiles', `b1-${jobs}-${new Date().toISOString().replace(/[:.]/g, '-')}`)
  mkdirSync(dir, { recursive: true })
  return ['--cpu-prof', '--cpu-prof-dir', dir]
}

const report = new BenchResult('b1-b2', 'B1/B2 headless: N every-second cron jobs, embedded executor, figures from job_log', {
  sizes,
  warmupSec,
  windowSec,
  ...(before ? { before } : {}),
})
const byJobs = new Map<string, CronLoadResult>()
for (const jobs of sizes) {
  const croner = jobs <= CRONER_MAX_JOBS ? measureCroner(jobs) : null
  for (const handler of handlers) await measureSize(jobs, handler, croner)
}

async function measureSize(jobs: number, handler: string, croner: CronerResult | null): Promise<void> {
  const ours = await measureCronLoad({ jobs, warmupSec, windowSec, handler, nodeArgs: nodeArgsFor(jobs) })
  byJobs.set(`${handler}@${jobs}`, ours)
  const n = jobs.toLocaleString('en-US')
  // The earlier builds right after today's, so all run in the same minutes.
  const earlier: [string, CronLoadResult][] = []
  for (const dir of beforeDirs) earlier.push([dir, await measureCronLoad({ jobs, warmupSec, windowSec, handler, entry: join(dir, 'out', 'main', 'serve.js') })])
  report.section(
    `N = ${n}, ${handler}: ${ours.fires}/${ours.expected} fired, ${ours.completed} completed, ${ours.failed} failed, ${ours.misfires} misfires, ${ours.duplicates} duplicates, ${ours.unfinished} unfinished; ` +
      `${ours.cpuCores.toFixed(2)} cores busy; croner ${croner ? `${croner.fires} fires` : jobs > CRONER_MAX_JOBS ? `not run above ${CRONER_MAX_JOBS}` : 'FAILED'}`,
  )
  if (ours.failureReasons.length > 0) report.note(`JobDesk at N=${n}, failed runs: ${ours.failureReasons.join(' | ')}`)
  if (ours.serverStderr.length > 0)
    report.note(`JobDesk at N=${n} wrote ${ours.serverStderr.length} lines on stderr, first: ${ours.serverStderr.slice(0, 3).join(' | ').slice(0, 400)}`)
  // Targets by the nearest size issue 14 names; quick sizes borrow the 1k ones.
  const small = jobs <= 1000
  const upTo20k = jobs >= 100 && jobs <= 20_000
  const cronerRef = (value: number | undefined, name: string) => (croner && value !== undefined ? { name: `croner ${name}`, value } : undefined)
  const at10k = byJobs.get(`${handler}@10000`)
  const scaleRef = jobs > CRONER_MAX_JOBS && at10k ? { name: 'JobDesk at 10k', value: at10k.cpuUsPerFire } : undefined
  if (jobs >= 100) {
    report.figure({
      name: rowName(handler, `B1 N=${n} completed/s ÷ N`),
      value: ours.completedPerSecondMedian / jobs,
      unit: '',
      target: upTo20k ? { op: '>=', value: 0.999 } : undefined,
      reference: croner ? { name: 'croner fires/s ÷ N', value: croner.firesPerSecondMedian / jobs } : undefined,
    })
    report.figure({ name: rowName(handler, `B1 N=${n} misfires`), value: ours.misfires, unit: '', target: upTo20k ? { op: '<=', value: 0 } : undefined })
    report.figure({ name: rowName(handler, `B1 N=${n} duplicates`), value: ours.duplicates, unit: '', target: { op: '<=', value: 0 } })
  }
  report.figure({
    name: rowName(handler, `B1 N=${n} CPU per fire`),
    value: ours.cpuUsPerFire,
    unit: 'µs',
    target: upTo20k ? { op: '<=', value: handler === 'noopJobHandler' ? 25 : 30 } : undefined,
    reference: cronerRef(croner?.cpuUsPerFire, 'µs/fire') ?? scaleRef,
  })
  report.figure({
    name: rowName(handler, `B1 N=${n} peak RSS`),
    value: ours.peakRssMb,
    unit: 'MB',
    target: jobs === 10_000 && handler === HEADLINE ? { op: '<=', value: 300 } : undefined,
    reference: cronerRef(croner?.peakRssMb, 'RSS'),
  })
  if (jobs <= 10_000) {
    const startTarget = small ? 50 : 100
    report.figure({ name: rowName(handler, `B2 N=${n} handler start p50`), value: ours.startLag.p50, unit: 'ms', reference: cronerRef(croner?.lagP50, 'p50') })
    report.figure({
      name: rowName(handler, `B2 N=${n} handler start p99`),
      value: ours.startLag.p99,
      unit: 'ms',
      target: jobs >= 100 ? { op: '<=', value: startTarget } : undefined,
      reference: cronerRef(croner?.lagP99, 'p99'),
    })
    if (croner && jobs >= 100) {
      report.figure({
        name: rowName(handler, `B2 N=${n} handler start p99 ÷ croner p99`),
        value: ours.startLag.p99,
        unit: 'ms',
        target: { op: '<=', value: small ? 2 : 1, on: 'ratio' },
        reference: { name: 'croner p99', value: croner.lagP99 },
      })
    }
    report.figure({ name: rowName(handler, `B2 N=${n} handler start max`), value: ours.startLag.max, unit: 'ms' })
    report.figure({ name: rowName(handler, `B2 N=${n} trigger p99`), value: ours.triggerLag.p99, unit: 'ms' })
    report.figure({ name: rowName(handler, `B2 N=${n} completed p50`), value: ours.completedLag.p50, unit: 'ms' })
    report.figure({
      name: rowName(handler, `B2 N=${n} completed p99`),
      value: ours.completedLag.p99,
      unit: 'ms',
      target: jobs > 1000 ? { op: '<=', value: 150 } : undefined,
    })
  } else {
    report.figure({ name: rowName(handler, `B1 N=${n} handler start p99`), value: ours.startLag.p99, unit: 'ms' })
    report.figure({ name: rowName(handler, `B1 N=${n} completed p99`), value: ours.completedLag.p99, unit: 'ms' })
  }
  for (const [dir, result] of earlier) reportBefore(n, handler, dir, ours, result)
  if (beside && handler === HEADLINE) await reportBeside(n, jobs, beside)
}

/**
 * Today's build and an earlier one run at the same time, round after round. Run one after the
 * other, two builds met different minutes of a shared VM, whose speed swung by ±15 % between runs
 * of the same build; side by side, both meet the same swings (and share the two cores, so each
 * runs slower than alone: compare only the ratio). The median of the rounds' ratios is the figure.
 */
async function reportBeside(n: string, jobs: number, dir: string): Promise<void> {
  const label = basename(dir)
  const ratios: number[] = []
  const pairs: string[] = []
  const entry = join(dir, 'out', 'main', 'serve.js')
  for (let round = 0; round < besideRounds; round++) {
    // Both folders first, each made by its own build's first start, and one first fire for both: the
    // two then plant, start and measure in the same seconds. (Made one way for today's build and the
    // other for the earlier one, their windows were seconds apart, and the same build measured 0.83–1.01
    // of itself side by side.)
    const [ours, theirs] = await Promise.all([prepareCronDataDir(SERVE_ENTRY), prepareCronDataDir(entry)])
    // Planting is synchronous, one folder after the other: a second of lead per 10k jobs.
    const firstFireMs = (Math.ceil(Date.now() / 1000) + 2 + Math.ceil(jobs / 10_000)) * 1000
    const [today, then] = await Promise.all([
      measureCronLoad({ jobs, warmupSec, windowSec, handler: HEADLINE, nodeArgs: nodeArgsFor(jobs), prepared: { data: ours, firstFireMs } }),
      measureCronLoad({ jobs, warmupSec, windowSec, handler: HEADLINE, entry, prepared: { data: theirs, firstFireMs } }),
    ])
    ratios.push(today.cpuUsPerFire / then.cpuUsPerFire)
    pairs.push(
      `${today.cpuUsPerFire.toFixed(1)} / ${then.cpuUsPerFire.toFixed(1)} µs (completed ${today.completed}/${today.expected} and ${then.completed}/${then.expected}, p99 ${today.completedLag.p99} / ${then.completedLag.p99} ms, peak RSS ${Math.round(today.peakRssMb)} / ${Math.round(then.peakRssMb)} MB)`,
    )
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!
  report.section(`N = ${n}, ${HEADLINE}, side by side with the build in ${dir}, ${besideRounds} rounds: ${pairs.join('; ')}`)
  report.figure({ name: `B1 N=${n} CPU per fire ÷ ${label}, side by side (median ratio)`, value: median, unit: '×', target: { op: '<=', value: 1 } })
}
/** An earlier build's figures beside today's, each today's value with the earlier one as its reference. */
function reportBefore(n: string, handler: string, dir: string, ours: CronLoadResult, earlier: CronLoadResult): void {
  const label = basename(dir)
  report.section(
    `N = ${n}, ${handler}, build in ${dir}: ${earlier.fires}/${earlier.expected} fired, ${earlier.completed} completed, ${earlier.failed} failed, ${earlier.misfires} misfires, ${earlier.duplicates} duplicates; ${earlier.cpuCores.toFixed(2)} cores busy`,
  )
  const ref = (value: number) => ({ name: label, value })
  report.figure({
    name: rowName(handler, `B1 N=${n} CPU per fire ÷ ${label}`),
    value: ours.cpuUsPerFire,
    unit: 'µs',
    target: { op: '<=', value: 1, on: 'ratio' },
    reference: ref(earlier.cpuUsPerFire),
  })
  report.figure({ name: rowName(handler, `B1 N=${n} ${label} CPU per fire`), value: earlier.cpuUsPerFire, unit: 'µs' })
  report.figure({ name: rowName(handler, `B1 N=${n} ${label} completed/s ÷ N`), value: earlier.completedPerSecondMedian / earlier.jobs, unit: '' })
  report.figure({ name: rowName(handler, `B1 N=${n} ${label} misfires`), value: earlier.misfires, unit: '' })
  report.figure({ name: rowName(handler, `B1 N=${n} peak RSS beside ${label}`), value: ours.peakRssMb, unit: 'MB', reference: ref(earlier.peakRssMb) })
  report.figure({
    name: rowName(handler, `B1 N=${n} completed p99 beside ${label}`),
    value: ours.completedLag.p99,
    unit: 'ms',
    reference: ref(earlier.completedLag.p99),
  })
}

report.note("handle_time is when the core took the callback; the commit follows in the run writer's next batch (~10 ms)")
report.note(
  'trigger_time is the second a run was written for: rows are written up to 200 ms ahead of it (prepareAheadMs), so "trigger" lag is how late the writing ran past the second; handler start is the run reaching its handler',
)
report.note('croner runs in its own process, in memory, no persistence; its lag is from the whole second it fired for')
if (flag('cpu-prof')) report.note(`CPU profiles in ${join(RESULTS_DIR, 'profiles')} (open in Chrome DevTools or speedscope)`)
report.save()
process.exit(0)
