// Baseline for B1/B2: N every-second jobs in croner, in memory, no persistence — the same lag
// measurement (scheduled second → callback start). Runs in its own process so its RSS is its own.
// Usage: croner-baseline.ts <jobs> <warmup s> <window s>; prints one JSON line.
import { Cron } from 'croner'
import { percentile, sleepUntil, trackPeakRss } from '../support/stats'

const [jobs, warmupSec, windowSec] = process.argv.slice(2).map(Number)
const startMs = (Math.floor(Date.now() / 1000) + 1 + warmupSec) * 1000
const endMs = startMs + windowSec * 1000
const lags: number[] = []
const perSecond = new Map<number, number>()
const rss = trackPeakRss()
const crons: Cron[] = []
for (let i = 0; i < jobs; i++) {
  crons.push(
    new Cron('* * * * * *', () => {
      const now = Date.now()
      const scheduled = Math.floor(now / 1000) * 1000
      if (scheduled < startMs || scheduled >= endMs) return
      lags.push(now - scheduled)
      perSecond.set(scheduled, (perSecond.get(scheduled) ?? 0) + 1)
    }),
  )
}
await sleepUntil(startMs)
const cpuStart = process.cpuUsage()
await sleepUntil(endMs + 1000)
const cpu = process.cpuUsage(cpuStart)
for (const cron of crons) cron.stop()
const fires = lags.length
console.log(
  JSON.stringify({
    fires,
    firesPerSecondMedian: percentile([...perSecond.values()], 50),
    lagP50: percentile(lags, 50),
    lagP99: percentile(lags, 99),
    lagMax: percentile(lags, 100),
    cpuUsPerFire: (cpu.user + cpu.system) / Math.max(1, fires),
    peakRssMb: rss.stop() / 1048576,
  }),
)
process.exit(0)
