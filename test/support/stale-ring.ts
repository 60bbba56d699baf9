import { expect } from 'vitest'
import { NodeMembership } from '../../src/main/cluster/node-membership'
import { ManualClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { nextFireTimeMs } from '../../src/main/schedule'
import { Scheduler } from '../../src/main/scheduler/scheduler'
import type { Store } from '../../src/main/store/store'
import { prepareScheduledRuns } from '../../src/main/trigger/prepare-runs'
import { startTsProcess } from './child-process'

/**
 * Leaves `job_ring` as a JobDesk that died in the pre-read window does: a real scheduler plans one
 * scan at `nowMs` on the database file and is killed with SIGKILL before it fires anything.
 */
export async function crashAfterScan(file: string, nowMs: number): Promise<void> {
  const child = startTsProcess('test/support/scan-then-die.ts', [file, String(nowMs)])
  await child.waitForLine(/planned \d+/)
  expect(await child.exited).toBe('SIGKILL')
}

export interface RestartedNode {
  scheduler: Scheduler
  clock: ManualClock
  /** Joins the cluster as the real core does: takes over the fires the dead process left. */
  join(): Promise<void>
  /** Resolves once every fire handed to the trigger side so far has its run rows written. */
  settled(): Promise<void>
}

/** The JobDesk that comes back at `nowMs`: its fires write run rows, as the trigger side does. */
export function restartedNode(store: Store, nowMs: number, scanBatchSize?: number): RestartedNode {
  const clock = new ManualClock(nowMs)
  const writes = new Set<Promise<unknown>>()
  const scheduler = new Scheduler({
    store,
    nodeId: 'restarted',
    clock,
    nextFire: nextFireTimeMs,
    fire: (fires) => {
      const write: Promise<unknown> = store.transaction((tx) => prepareScheduledRuns(tx, fires, clock.nowMs())).finally(() => writes.delete(write))
      writes.add(write)
    },
    logger: silentLogger,
    scanBatchSize,
  })
  const membership = new NodeMembership({
    store,
    node: { nodeId: 'restarted', nodeName: 'restarted', embeddedAddress: '', adminUrl: '' },
    clock,
    logger: silentLogger,
    adopt: (fires) => scheduler.adopt(fires, clock.nowMs()),
    onNodeGone: async () => {},
  })
  return {
    scheduler,
    clock,
    join: () => membership.join(),
    async settled() {
      while (writes.size > 0) await Promise.all([...writes])
    },
  }
}
