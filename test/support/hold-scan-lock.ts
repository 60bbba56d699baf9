// Holds the schedule lock in the middle of a scan for a while: the planning step (next fire
// computation) blocks, so another connection that stops a job has to wait for this scan to commit.
// Usage: hold-scan-lock.ts <db file> <now ms> <hold ms>
import { ManualClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { nextFireTimeMs } from '../../src/main/schedule'
import { Scheduler } from '../../src/main/scheduler/scheduler'
import { openSqliteStore } from '../../src/main/store/sqlite/open-sqlite-store'
import { SOLE_FENCE } from './sole-fence'

const [file, nowText, holdText] = process.argv.slice(2)
const store = openSqliteStore(file)
let held = false
const scheduler = new Scheduler({
  store,
  nodeId: `process-${process.pid}`,
  fence: SOLE_FENCE,
  clock: new ManualClock(Number(nowText)),
  nextFire: (job, fromMs) => {
    if (!held) {
      held = true
      console.log('holding the scan lock')
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(holdText))
    }
    return nextFireTimeMs(job, fromMs)
  },
  triggers: { fireScheduled: () => {} },
  logger: silentLogger,
})
void scheduler.scanOnce(Number(nowText)).then(async (result) => {
  console.log(`scan committed, planned ${result.fires.length}`)
  await store.close()
})
