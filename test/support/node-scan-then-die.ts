// A JobDesk node that joins the cluster on a database, plans one scan at a fixed time and is then
// killed with SIGKILL before it triggers anything: what a node dying in the pre-read window leaves.
// With `write-ahead` it first writes the run rows of the next second, as the ring does 200 ms
// before each second: what a node dying in its busiest moment leaves.
// Usage: node-scan-then-die.ts <database url or file> <node id> <now ms> [write-ahead]
import type { NodeDuties } from '../../src/main/cluster/node-duties'
import { NodeMembership } from '../../src/main/cluster/node-membership'
import { ManualClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { nextFireTimeMs } from '../../src/main/schedule'
import { Scheduler } from '../../src/main/scheduler/scheduler'
import { openStore } from '../../src/main/store/open-store'
import { TriggerService } from '../../src/main/trigger/trigger-service'

const [database, nodeId, nowText, mode] = process.argv.slice(2)
const nowMs = Number(nowText)
const clock = new ManualClock(nowMs)
const store = await openStore(database)
const membership = new NodeMembership({
  store,
  node: { nodeId, nodeName: nodeId, embeddedAddress: '', adminUrl: '' },
  clock,
  logger: silentLogger,
})
const duties: NodeDuties = {
  adopt: () => {},
  adoptRuns: () => {},
  registerIn: async () => {},
  onJoined: () => {},
  forgetIn: async () => {},
  onNodeGone: async () => {},
  onFenced: () => {},
  onRenewed: () => {},
}
const scheduler = new Scheduler({
  store,
  nodeId,
  fence: membership,
  clock,
  nextFire: nextFireTimeMs,
  triggers: { fireScheduled: () => {} },
  logger: silentLogger,
})
await membership.join(duties)
const { fires } = await scheduler.scanOnce(nowMs)
if (mode === 'write-ahead') {
  // The pool is never reached: the runs wait for their second, which this clock never reaches.
  const triggers = new TriggerService({ store, pool: { submit: () => {} }, clock, logger: silentLogger, nodeId, fence: membership })
  const nextSecondMs = Math.floor(nowMs / 1000) * 1000 + 1000
  await triggers.fireScheduled(
    fires.filter((fire) => fire.fireAtMs === nextSecondMs),
    nextSecondMs,
  )
}
console.log(`planned ${fires.length}`)
process.kill(process.pid, 'SIGKILL')
