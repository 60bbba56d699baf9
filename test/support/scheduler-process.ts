// A scheduler process that writes run rows for its fires (no executor) for a while, then reports.
// Two of these on one database file show what the lock and the ring claim guarantee.
// Usage: scheduler-process.ts <db file> <run for ms>
import { systemClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { nextFireTimeMs } from '../../src/main/schedule'
import { Scheduler } from '../../src/main/scheduler/scheduler'
import { openSqliteStore } from '../../src/main/store/sqlite/open-sqlite-store'
import { prepareScheduledRuns } from '../../src/main/trigger/prepare-runs'
import type { RingFire } from '../../src/main/domain/fires'
import { SOLE_FENCE } from './sole-fence'

const [file, durationText] = process.argv.slice(2)
const store = openSqliteStore(file)
const totals = { runs: 0, unclaimed: 0, inactive: 0, duplicates: 0 }
const nodeId = `process-${process.pid}`
const writing = new Set<Promise<void>>()
const scheduler = new Scheduler({
  store,
  nodeId,
  fence: SOLE_FENCE,
  clock: systemClock,
  nextFire: nextFireTimeMs,
  triggers: { fireScheduled: (fires: RingFire[]) => writeRuns(fires) },
  logger: silentLogger,
})
function writeRuns(fires: RingFire[]): void {
  const write: Promise<void> = store
    .transaction((tx) => prepareScheduledRuns(tx, fires, systemClock.nowMs(), nodeId))
    .then((result) => {
      totals.runs += result.runs.length
      totals.unclaimed += result.unclaimed
      totals.inactive += result.inactive
      totals.duplicates += result.duplicates
    })
    .finally(() => writing.delete(write))
  writing.add(write)
}
scheduler.start()
console.log('started')
setTimeout(async () => {
  await scheduler.stop()
  await Promise.all([...writing])
  await store.close()
  console.log(`totals ${JSON.stringify(totals)}`)
  process.exit(0)
}, Number(durationText))
