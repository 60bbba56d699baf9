import type { NodeDuties } from '../../src/main/cluster/node-duties'
import { NodeMembership } from '../../src/main/cluster/node-membership'
import { ManualClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { nextFireTimeMs } from '../../src/main/schedule'
import { Scheduler } from '../../src/main/scheduler/scheduler'
import type { Store } from '../../src/main/store/store'
import { prepareScheduledRuns } from '../../src/main/trigger/prepare-runs'
import type { RingFire } from '../../src/main/domain/fires'

export interface SchedulingNode {
  nodeId: string
  scheduler: Scheduler
  membership: NodeMembership
  clock: ManualClock
  /** Run rows this node wrote for its fires (claimed fires only: a fire another node claimed first is not counted). */
  runsWritten(): number
  /** Joins the cluster as the real core does: takes over the fires dead nodes left. */
  join(): Promise<void>
  /**
   * One second of the real core's loops at `nowMs`, stepped by hand: the heartbeat, a scan, the
   * ring's tick; resolves once the fires handed to the trigger side have their run rows.
   */
  second(nowMs: number): Promise<void>
  /** The parts of `second`, for callers that interleave nodes' scans page by page: clock and heartbeat… */
  enterSecond(nowMs: number): Promise<void>
  /** …one scan page (true: the page was full, scan again)… */
  scanPage(nowMs: number): Promise<boolean>
  /** …and the ring's tick, with its run rows written. */
  finishSecond(nowMs: number): Promise<void>
  /** Resolves once every fire handed to the trigger side so far has its run rows written. */
  settled(): Promise<void>
}

/**
 * The scheduling half of a JobDesk node on `store`, on a manual clock: its fires write run rows
 * as the trigger side does (claiming the ring row, refused twice by the unique guard), without
 * sending them to an executor. With `serverClock` its heartbeats measure its manual clock against
 * that one, standing in for the database server's (as the core's measure the system clock).
 */
export function schedulingNode(store: Store, nodeId: string, nowMs: number, scanBatchSize?: number, serverClock?: () => number): SchedulingNode {
  const clock = new ManualClock(nowMs)
  const writes = new Set<Promise<unknown>>()
  let written = 0
  const scheduler = new Scheduler({
    store,
    nodeId,
    fence: { check: (tx, atMs) => membership.check(tx, atMs), leads: () => membership.leads() },
    clock,
    nextFire: nextFireTimeMs,
    triggers: { fireScheduled: (fires) => writeRuns(fires) },
    logger: silentLogger,
    scanBatchSize,
  })
  function writeRuns(fires: RingFire[]): void {
    const write: Promise<unknown> = store
      .transaction(async (tx) => {
        await membership.check(tx, clock.nowMs())
        return prepareScheduledRuns(tx, fires, clock.nowMs(), nodeId)
      })
      .then((result) => void (written += result.runs.length))
      .finally(() => writes.delete(write))
    writes.add(write)
  }
  const membership = new NodeMembership({
    store: serverClock ? withServerClock(store, serverClock) : store,
    node: { nodeId, nodeName: nodeId, embeddedAddress: '', adminUrl: '' },
    clock,
    logger: silentLogger,
    measuresClock: serverClock !== undefined,
  })
  const duties: NodeDuties = {
    adopt: (fires) => scheduler.adopt(fires, clock.nowMs()),
    adoptRuns: () => {},
    registerIn: async () => {},
    onJoined: () => {},
    forgetIn: async () => {},
    onNodeGone: async () => {},
    onFenced: () => void scheduler.dropRing(),
    onStopLeading: () => void scheduler.dropRing(),
    onRenewed: () => {},
  }
  const settled = async () => {
    while (writes.size > 0) await Promise.all([...writes])
  }
  return {
    nodeId,
    scheduler,
    membership,
    clock,
    runsWritten: () => written,
    join: () => membership.join(duties),
    async second(at) {
      await this.enterSecond(at)
      // As the real scan loop does: scan again at once while a scan filled its page.
      while (await this.scanPage(at));
      await this.finishSecond(at)
    },
    async enterSecond(at) {
      await clock.advance(at - clock.nowMs())
      await membership.beat()
    },
    async scanPage(at) {
      return (await scheduler.scanOnce(at)).batchLimitHit
    },
    async finishSecond(at) {
      scheduler.tick(at)
      await settled()
    },
    settled,
  }
}

/** `store` whose node repo reads the database server's clock from `serverClock` (a test's manual time). */
function withServerClock(store: Store, serverClock: () => number): Store {
  const nodes = new Proxy(store.nodes, {
    get: (target, key) => (key === 'serverNowMs' ? async () => serverClock() : (Reflect.get(target, key, target) as unknown)),
  })
  return new Proxy(store, { get: (target, key) => (key === 'nodes' ? nodes : (Reflect.get(target, key, target) as unknown)) })
}
