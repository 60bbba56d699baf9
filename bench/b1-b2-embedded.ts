// B1 (e2e-throughput-embedded) and B2 (trigger-lag) of benchmarks.md: N every-second cron jobs
// through the whole product path — scan → ring → run rows → embedded executor (worker threads) →
// callbacks → run rows — beside croner in memory measured in the same run.
// Usage: npx tsx bench/b1-b2-embedded.ts [jobs,jobs,…] [warmup s] [window s]
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startCore } from '../src/main/app/core'
import { silentLogger } from '../src/main/kernel/logger'
import { storedJobOf } from '../src/main/store/job-repo'
import { defaultJobInput } from '../src/shared/job-defaults'
import { EMBEDDED_APP_NAME } from '../src/shared/model'
import { fmt, median, percentile, sleepUntil, trackPeakRss } from './support/stats'

const here = dirname(fileURLToPath(import.meta.url))
const sizes = (process.argv[2] ?? '1000,10000').split(',').map(Number)
const warmupSec = Number(process.argv[3] ?? 5)
const windowSec = Number(process.argv[4] ?? 20)

interface Row {
  schedule_time: number
  handle_time: number
  handle_code: number
  handle_msg: string
  trigger_type: string
}

async function measureJobDesk(jobs: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'jobdesk-bench-'))
  const core = await startCore({
    dataDir,
    logger: silentLogger,
    seedDemo: false,
    executorOptions: { handlerDirs: [join(here, 'handlers')] },
  })
  const group = core.store.groups.findByAppName(EMBEDDED_APP_NAME)!
  const firstFireMs = (Math.floor(Date.now() / 1000) + 2) * 1000
  core.store.transaction(() => {
    for (let i = 0; i < jobs; i++) {
      const job = storedJobOf(defaultJobInput(group.id, 'UTC', { name: `bench ${i}`, scheduleType: 'CRON', scheduleConf: '* * * * * ?', executorHandler: 'noopJobHandler' }), Date.now())
      core.store.jobs.insert({ ...job, triggerStatus: 1, triggerNextTimeMs: firstFireMs })
    }
  })
  const startMs = firstFireMs + warmupSec * 1000
  const endMs = startMs + windowSec * 1000
  await sleepUntil(startMs)
  const rss = trackPeakRss()
  const cpuStart = process.cpuUsage()
  await sleepUntil(endMs)
  const cpu = process.cpuUsage(cpuStart)
  const peakRss = rss.stop()
  // Let the last second's runs finish before reading the rows.
  await sleepUntil(endMs + 3000)
  const rows = core.store.db
    .prepare('SELECT schedule_time, handle_time, handle_code, handle_msg, trigger_type FROM job_log WHERE schedule_time >= ? AND schedule_time < ?')
    .all(startMs, endMs) as Row[]
  await core.stop()
  rmSync(dataDir, { recursive: true, force: true })

  const done = rows.filter((r) => r.handle_code === 200)
  const perSecond = new Map<number, number>()
  for (const r of done) {
    const second = Math.floor(r.handle_time / 1000) * 1000
    if (second >= startMs && second < endMs) perSecond.set(second, (perSecond.get(second) ?? 0) + 1)
  }
  const startLags = done.map((r) => Number(r.handle_msg) - r.schedule_time).filter(Number.isFinite)
  const commitLags = done.map((r) => r.handle_time - r.schedule_time)
  return {
    expected: jobs * windowSec,
    fires: rows.length,
    completed: done.length,
    misfires: jobs * windowSec - rows.filter((r) => r.trigger_type === 'CRON').length,
    completedPerSecondMedian: median([...perSecond.values()]),
    startP50: percentile(startLags, 50),
    startP99: percentile(startLags, 99),
    startMax: percentile(startLags, 100),
    commitP50: percentile(commitLags, 50),
    commitP99: percentile(commitLags, 99),
    cpuUsPerFire: (cpu.user + cpu.system) / Math.max(1, rows.length),
    peakRssMb: peakRss / 1048576,
  }
}

function measureCroner(jobs: number) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'baselines', 'croner-baseline.ts'), String(jobs), String(warmupSec), String(windowSec)], {
    encoding: 'utf8',
  })
  const line = result.stdout.trim().split('\n').pop() ?? '{}'
  return JSON.parse(line) as { fires: number; firesPerSecondMedian: number; lagP50: number; lagP99: number; cpuUsPerFire: number; peakRssMb: number }
}

console.log(`B1/B2 embedded: every-second cron jobs, ${warmupSec} s warm-up, ${windowSec} s window`)
for (const jobs of sizes) {
  const croner = measureCroner(jobs)
  const ours = await measureJobDesk(jobs)
  console.log(`\nN = ${jobs}`)
  console.log(`  JobDesk: completed/s median ${ours.completedPerSecondMedian} (${fmt(ours.completedPerSecondMedian / jobs, 3)}·N), ` +
    `${ours.completed}/${ours.expected} completed, misfires ${ours.misfires}`)
  console.log(`           lag to handler start p50 ${fmt(ours.startP50, 0)} / p99 ${fmt(ours.startP99, 0)} / max ${fmt(ours.startMax, 0)} ms; ` +
    `to callback committed p50 ${fmt(ours.commitP50, 0)} / p99 ${fmt(ours.commitP99, 0)} ms`)
  console.log(`           CPU ${fmt(ours.cpuUsPerFire)} µs per fire, peak RSS ${fmt(ours.peakRssMb, 0)} MB`)
  console.log(`  croner : fires/s median ${croner.firesPerSecondMedian}, lag p50 ${fmt(croner.lagP50, 0)} / p99 ${fmt(croner.lagP99, 0)} ms, ` +
    `CPU ${fmt(croner.cpuUsPerFire)} µs per fire, peak RSS ${fmt(croner.peakRssMb, 0)} MB`)
  console.log(`  ratio  : p99 ours/croner ${fmt(ours.startP99 / croner.lagP99, 2)}, CPU ours/croner ${fmt(ours.cpuUsPerFire / croner.cpuUsPerFire, 2)}`)
}
process.exit(0)
