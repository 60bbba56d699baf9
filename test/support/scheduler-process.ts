// A scheduler process that writes run rows for its fires (no executor) for a while, then reports.
// Two of these on one database file show what the lock and the ring claim guarantee.
// Usage: scheduler-process.ts <db file> <run for ms>
import { systemClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { nextFireTimeMs } from '../../src/main/schedule'
import { Scheduler } from '../../src/main/scheduler/scheduler'
import { openDatabase } from '../../src/main/store/open-database'
import { Store } from '../../src/main/store/store'
import { prepareScheduledRuns } from '../../src/main/trigger/prepare-runs'

const [file, durationText] = process.argv.slice(2)
const store = new Store(openDatabase(file))
const totals = { runs: 0, unclaimed: 0, inactive: 0, duplicates: 0 }
const scheduler = new Scheduler({
  store,
  clock: systemClock,
  nextFire: nextFireTimeMs,
  fire: (fires) => {
    const result = prepareScheduledRuns(store, fires, systemClock.nowMs())
    totals.runs += result.runs.length
    totals.unclaimed += result.unclaimed
    totals.inactive += result.inactive
    totals.duplicates += result.duplicates
  },
  logger: silentLogger,
})
scheduler.start()
console.log('started')
setTimeout(async () => {
  await scheduler.stop()
  store.close()
  console.log(`totals ${JSON.stringify(totals)}`)
  process.exit(0)
}, Number(durationText))
