// A JobDesk scheduler that plans one scan at a fixed time and is then killed with SIGKILL before its
// ring fires anything: what a crash in the pre-read window leaves behind.
// Usage: scan-then-die.ts <db file> <now ms>
import { ManualClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { nextFireTimeMs } from '../../src/main/schedule'
import { Scheduler } from '../../src/main/scheduler/scheduler'
import { openSqliteStore } from '../../src/main/store/sqlite/open-sqlite-store'
import { SOLE_FENCE } from './sole-fence'

const [file, nowText] = process.argv.slice(2)
const store = openSqliteStore(file)
const scheduler = new Scheduler({
  store,
  nodeId: `process-${process.pid}`,
  fence: SOLE_FENCE,
  clock: new ManualClock(Number(nowText)),
  nextFire: nextFireTimeMs,
  triggers: { fireScheduled: () => {} }, // dies before any fire is triggered
  logger: silentLogger,
})
void scheduler.scanOnce(Number(nowText)).then((result) => {
  console.log(`planned ${result.fires.length}`)
  process.kill(process.pid, 'SIGKILL')
})
