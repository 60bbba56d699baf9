import type { NodeDuties } from '../../src/main/cluster/node-duties'
import { NodeMembership } from '../../src/main/cluster/node-membership'
import { RunWriter } from '../../src/main/completion/run-writer'
import { ManualClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { nextFireTimeMs } from '../../src/main/schedule'
import { Scheduler } from '../../src/main/scheduler/scheduler'
import type { Store } from '../../src/main/store/store'
import type { PreparedRun } from '../../src/main/trigger/prepare-runs'
import type { TriggerDispatch } from '../../src/main/trigger/trigger-pool'
import { TriggerService } from '../../src/main/trigger/trigger-service'

/** The executor address every run of a fencing node goes to (nothing listens: the pool only records). */
export const RECORDED_ADDRESS = 'http://127.0.0.1:9/'

export interface FencingNode {
  nodeId: string
  clock: ManualClock
  membership: NodeMembership
  scheduler: Scheduler
  triggers: TriggerService
  /** The runs this node's trigger pool called an executor for, in order. */
  triggered: PreparedRun[]
  join(): Promise<void>
  /**
   * One second of the real core's loops at `nowMs`, stepped by hand: the heartbeat, the scans, the
   * ring's tick, the triggers and their outcomes written. What fails (the database away) is caught
   * as the core's loops catch it, and the next second tries again. `beat: false` skips the
   * heartbeat (a node whose renewal is late: its lease lapses).
   */
  second(nowMs: number, options?: { beat?: boolean }): Promise<void>
}

/**
 * The scheduling and triggering half of a JobDesk node on `store`, on a manual clock: the real
 * NodeMembership (its fence), Scheduler, TriggerService, TriggerPool and RunWriter; only the
 * executor call is replaced — the pool records each run it would send and answers it accepted.
 */
export function fencingNode(store: Store, nodeId: string, nowMs: number): FencingNode {
  const clock = new ManualClock(nowMs)
  const pending = new Set<Promise<unknown>>()
  const track = (work: Promise<unknown>) => {
    const tracked = work.catch(() => undefined).finally(() => pending.delete(tracked))
    pending.add(tracked)
  }
  const triggered: PreparedRun[] = []
  const writer = new RunWriter({ store, logger: silentLogger })
  const dispatch: TriggerDispatch = {
    triggerRun: async (run) => {
      triggered.push(run)
      return { logId: run.logId, executorAddress: RECORDED_ADDRESS, triggerCode: 200, triggerMsg: 'accepted by the recording pool' }
    },
    record: (outcome) => track(writer.recordOutcome(outcome)),
  }
  const triggers = TriggerService.withPool(
    {
      store,
      clock,
      logger: silentLogger,
      nodeId,
      fence: { lease: () => membership.lease(), actsAt: (atMs) => membership.actsAt(atMs), check: (tx, atMs) => membership.check(tx, atMs) },
    },
    dispatch,
  )
  const scheduler: Scheduler = new Scheduler({
    store,
    nodeId,
    fence: { check: (tx, atMs) => membership.check(tx, atMs) },
    clock,
    nextFire: nextFireTimeMs,
    triggers: { fireScheduled: (fires, atMs) => track(triggers.fireScheduled(fires, atMs)) },
    logger: silentLogger,
  })
  const membership: NodeMembership = new NodeMembership({
    store,
    node: { nodeId, nodeName: nodeId, embeddedAddress: '', adminUrl: '' },
    clock,
    logger: silentLogger,
  })
  const duties: NodeDuties = {
    adopt: (fires) => scheduler.adopt(fires, clock.nowMs()),
    adoptRuns: (logIds) => track(triggers.adoptRuns(logIds)),
    registerIn: async () => {},
    onJoined: () => {},
    forgetIn: async () => {},
    onNodeGone: async () => {},
    onFenced: () => {
      scheduler.dropRing()
      triggers.dropHeld()
    },
    onRenewed: () => track(triggers.resumeHeld()),
  }
  const settle = async () => {
    while (pending.size > 0) await Promise.all([...pending])
    await triggers.idle()
    await writer.flush().catch(() => undefined)
  }
  return {
    nodeId,
    clock,
    membership,
    scheduler,
    triggers,
    triggered,
    join: () => membership.join(duties),
    async second(at, options = {}) {
      await clock.advance(at - clock.nowMs())
      if (options.beat !== false) await membership.beat().catch(() => undefined)
      await settle()
      // As the scan loop does: scan again at once while a scan filled its page.
      for (let pages = 0; pages < 20; pages++) {
        const full = await scheduler.scanOnce(at).then(
          (result) => result.batchLimitHit,
          () => false,
        )
        if (!full) break
      }
      scheduler.tick(at)
      await settle()
    },
  }
}
