// A JobDesk node that joins the cluster on a database, plans one scan at a fixed time and is then
// killed with SIGKILL before its ring fires anything: what a node dying in the pre-read window leaves.
// Usage: node-scan-then-die.ts <database url or file> <node id> <now ms>
import { NodeMembership } from '../../src/main/cluster/node-membership'
import { ManualClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { nextFireTimeMs } from '../../src/main/schedule'
import { Scheduler } from '../../src/main/scheduler/scheduler'
import { openStore } from '../../src/main/store/open-store'

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
const scheduler = new Scheduler({ store, nodeId, fence: membership, clock, nextFire: nextFireTimeMs, fire: () => {}, logger: silentLogger })
await membership.join()
const result = await scheduler.scanOnce(nowMs)
console.log(`planned ${result.fires.length}`)
process.kill(process.pid, 'SIGKILL')
