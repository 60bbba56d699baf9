import { expect } from 'vitest'
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

/** The scheduler of the JobDesk that comes back at `nowMs`: its fires write run rows, as the trigger side does. */
export function restartedScheduler(store: Store, nowMs: number, scanBatchSize?: number): Scheduler {
  const clock = new ManualClock(nowMs)
  return new Scheduler({
    store,
    clock,
    nextFire: nextFireTimeMs,
    fire: (fires) => void prepareScheduledRuns(store, fires, clock.nowMs()),
    logger: silentLogger,
    scanBatchSize,
  })
}
