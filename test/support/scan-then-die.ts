// A JobDesk scheduler that plans one scan at a fixed time and is then killed with SIGKILL before its
// ring fires anything: what a crash in the pre-read window leaves behind.
// Usage: scan-then-die.ts <db file> <now ms>
import { ManualClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { nextFireTimeMs } from '../../src/main/schedule'
import { Scheduler } from '../../src/main/scheduler/scheduler'
import { openDatabase } from '../../src/main/store/open-database'
import { Store } from '../../src/main/store/store'

const [file, nowText] = process.argv.slice(2)
const store = new Store(openDatabase(file))
const scheduler = new Scheduler({
  store,
  clock: new ManualClock(Number(nowText)),
  nextFire: nextFireTimeMs,
  fire: () => {}, // dies before any fire is triggered
  logger: silentLogger,
})
const result = scheduler.scanOnce(Number(nowText))
console.log(`planned ${result.fires.length}`)
process.kill(process.pid, 'SIGKILL')
