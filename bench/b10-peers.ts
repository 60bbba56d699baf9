// B10 (peer-parity) of docs/benchmarks.md#b10-peers and issue 14: the same workload — N every-second jobs, a no-op
// handler — on JobDesk (headless, black-box, as B1/B2) and on its peers, in the same run:
// BullMQ job schedulers + Redis, pg-boss + PostgreSQL, Quartz 2.3 JDBC store on H2. For each: fires/s
// (median of executions started per wall-clock second), p50/p99 lag from the job's own scheduled
// time to its handler's start, CPU-µs per fire of every process involved (from /proc), peak RSS and
// PSS — each as a ratio to JobDesk. Targets: JobDesk ≥ every peer on throughput and p99 (docs/benchmarks.md
// B10), p99 ≤ 0.2× BullMQ's (B2), ≥ 2× BullMQ's throughput at 10k (B1). A peer that cannot be
// installed or started is skipped with a notice.
// Usage: npx tsx bench/b10-peers.ts [--quick] [--jobs 1000,10000] [--warmup 5] [--window 20] [--peers bullmq,pgboss,quartz]
import { number, numbers, option } from './support/cli'
import { measureCronLoad } from './support/jobdesk-cron-load'
import { BenchResult } from './support/results'
import { allPeers, runPeer, type PeerRun } from './peers/run-peer'

const sizes = numbers('jobs', [1000, 10_000], [300])
const warmupSec = number('warmup', 5, 1)
const windowSec = number('window', 20, 2)
const only = option('peers')?.split(',')
const peers = allPeers().filter(
  (p) =>
    !only ||
    only.some((name) =>
      p.name
        .toLowerCase()
        .replace(/[^a-z]/g, '')
        .includes(name),
    ),
)

const report = new BenchResult('b10', "B10 peers: N every-second jobs, no-op handler, lag from each job's own scheduled time", {
  sizes,
  warmupSec,
  windowSec,
  peers: peers.map((p) => p.name),
})
const ready = new Map<string, string | null>()
for (const peer of peers) {
  const problem = await peer.prepare()
  ready.set(peer.name, problem)
  if (problem) report.skip(peer.name, problem)
}

try {
  for (const jobs of sizes) {
    const n = jobs.toLocaleString('en-US')
    const ours = await measureCronLoad({ jobs, warmupSec, windowSec })
    const jd = {
      perSecond: ours.startedPerSecondMedian,
      p50: ours.startLag.p50,
      p99: ours.startLag.p99,
      cpuUsPerFire: ours.cpuUsPerFire,
      rssMb: ours.peakRssMb,
      pssMb: ours.peakPssMb,
      unfinished: ours.unfinished,
    }
    report.section(
      `N = ${n}: JobDesk ${ours.fires}/${ours.expected} fired, ${ours.misfires} misfires, ${ours.unfinished} unfinished, ${ours.cpuCores.toFixed(2)} cores busy`,
    )
    if (ours.failureReasons.length > 0) report.note(`JobDesk at N=${n}, failed runs: ${ours.failureReasons.join(' | ')}`)
    if (ours.serverStderr.length > 0)
      report.note(`JobDesk at N=${n} wrote ${ours.serverStderr.length} lines on stderr, first: ${ours.serverStderr.slice(0, 3).join(' | ').slice(0, 400)}`)
    report.figure({ name: `B10 N=${n} JobDesk fires/s`, value: jd.perSecond, unit: '/s' })
    report.figure({ name: `B10 N=${n} JobDesk window fires never ran`, value: jd.unfinished, unit: '', target: { op: '<=', value: 0 } })
    report.figure({ name: `B10 N=${n} JobDesk lag p50`, value: jd.p50, unit: 'ms' })
    report.figure({ name: `B10 N=${n} JobDesk lag p99`, value: jd.p99, unit: 'ms' })
    report.figure({ name: `B10 N=${n} JobDesk CPU per fire`, value: jd.cpuUsPerFire, unit: 'µs' })
    report.figure({ name: `B10 N=${n} JobDesk peak RSS`, value: jd.rssMb, unit: 'MB' })

    for (const peer of peers) {
      if (ready.get(peer.name)) continue
      const outcome = await runPeer(peer, jobs, warmupSec, windowSec)
      if ('skipped' in outcome) {
        report.skip(`${peer.name} at N=${n}`, outcome.skipped)
        continue
      }
      reportPeer(peer.name, n, jobs, outcome.run, jd)
    }
  }
} finally {
  for (const peer of peers) peer.dispose()
}
report.note("lag is to the handler's start for every system; fires/s counts executions started per wall-clock second in the window")
report.note(
  'lags are over the window\'s fires that ran; "never ran" counts the others (skipped by the peer, or still queued after the window and up to 10 s of drain), so read a saturated system\'s p99 beside it',
)
report.note(
  "memory: RSS summed over the processes, and PSS (shared pages split between the processes that share them: the fair total for PostgreSQL's backends)",
)
report.save()
process.exit(0)

function reportPeer(
  name: string,
  n: string,
  jobs: number,
  run: PeerRun,
  jd: { perSecond: number; p50: number; p99: number; cpuUsPerFire: number; rssMb: number; pssMb: number; unfinished: number },
): void {
  const { result, reading } = run
  const cpuUsPerFire = reading.cpuUs / Math.max(1, result.startsInWindow)
  report.section(
    `${name} at N=${n}: ${result.fires}/${result.expected} of the window's fires ran, ${(reading.cpuUs / 1e6 / reading.seconds).toFixed(2)} cores busy over ${reading.processes} processes; ${result.config}`,
  )
  if (run.stderr.length > 0)
    report.note(`${name} at N=${n} wrote ${run.stderr.length} lines on stderr, first: ${[...new Set(run.stderr)].slice(0, 3).join(' | ').slice(0, 400)}`)
  const vsJobDesk = (value: number) => ({ name: 'JobDesk', value })
  report.figure({ name: `B10 N=${n} ${name} fires/s`, value: result.perSecondMedian, unit: '/s', reference: vsJobDesk(jd.perSecond) })
  report.figure({ name: `B10 N=${n} ${name} window fires never ran`, value: result.unfired, unit: '', reference: vsJobDesk(jd.unfinished) })
  report.figure({ name: `B10 N=${n} ${name} lag p50`, value: result.lagP50, unit: 'ms', reference: vsJobDesk(jd.p50) })
  report.figure({ name: `B10 N=${n} ${name} lag p99`, value: result.lagP99, unit: 'ms', reference: vsJobDesk(jd.p99) })
  report.figure({ name: `B10 N=${n} ${name} CPU per fire`, value: cpuUsPerFire, unit: 'µs', reference: vsJobDesk(jd.cpuUsPerFire) })
  report.figure({ name: `B10 N=${n} ${name} peak RSS (Σ)`, value: reading.peakRssMb, unit: 'MB', reference: vsJobDesk(jd.rssMb) })
  report.figure({ name: `B10 N=${n} ${name} peak PSS (Σ)`, value: reading.peakPssMb, unit: 'MB', reference: vsJobDesk(jd.pssMb) })
  // The targets, as JobDesk ÷ peer.
  const bullmq = name.startsWith('BullMQ')
  report.figure({
    name: `B10 N=${n} JobDesk fires/s ÷ ${name}`,
    value: jd.perSecond,
    unit: '/s',
    reference: { name, value: result.perSecondMedian },
    target: { op: '>=', value: bullmq && jobs >= 10_000 ? 2 : 1, on: 'ratio' },
  })
  report.figure({
    name: `B10 N=${n} JobDesk p99 ÷ ${name} p99`,
    value: jd.p99,
    unit: 'ms',
    reference: { name: `${name} p99`, value: result.lagP99 },
    target: { op: '<=', value: bullmq ? 0.2 : 1, on: 'ratio' },
  })
}
