// A JobDesk node that joins the cluster on a database, plans one scan, writes the run rows of the
// next second ahead of it (as the ring does 200 ms before each second) and is killed with SIGKILL
// before it triggers them: what a node dying in its busiest moment leaves behind.
// Usage: node-write-ahead-then-die.ts <database url or file> <node id> <now ms>
import { NodeMembership } from '../../src/main/cluster/node-membership'
import { ManualClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { nextFireTimeMs } from '../../src/main/schedule'
import { Scheduler } from '../../src/main/scheduler/scheduler'
import { openStore } from '../../src/main/store/open-store'
import { TriggerService } from '../../src/main/trigger/trigger-service'

const [database, nodeId, nowText] = process.argv.slice(2)
const nowMs = Number(nowText)
const clock = new ManualClock(nowMs)
const store = await openStore(database)
const membership = new NodeMembership({
  store,
  node: { nodeId, nodeName: nodeId, embeddedAddress: '', adminUrl: '' },
  clock,
  logger: silentLogger,
  adopt: () => {},
  adoptRuns: () => {},
  onNodeGone: async () => {},
  onFenced: () => {},
  onRenewed: () => {},
})
// The pool is never reached: the runs wait for their second, which this clock never reaches.
const triggers = new TriggerService({ store, pool: { submit: () => {} }, clock, logger: silentLogger, nodeId, fence: membership })
const scheduler = new Scheduler({ store, nodeId, fence: membership, clock, nextFire: nextFireTimeMs, fire: () => {}, logger: silentLogger })
await membership.join()
const { fires } = await scheduler.scanOnce(nowMs)
const nextSecondMs = Math.floor(nowMs / 1000) * 1000 + 1000
await triggers.fireScheduled(fires.filter((fire) => fire.fireAtMs === nextSecondMs), nextSecondMs)
console.log(`planned ${fires.length}, wrote ${await store.runs.countOutcomesSince(0).then((c) => c.unfinishedCount)}`)
process.kill(process.pid, 'SIGKILL')
