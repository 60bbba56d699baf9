import { expect } from 'vitest'
import type { Store } from '../../src/main/store/store'
import { startTsProcess } from './child-process'
import { schedulingNode, type SchedulingNode } from './scheduling-node'

/**
 * Leaves `job_ring` as a JobDesk that died in the pre-read window does: a real scheduler plans one
 * scan at `nowMs` on the database file and is killed with SIGKILL before it fires anything.
 */
export async function crashAfterScan(file: string, nowMs: number): Promise<void> {
  const child = startTsProcess('test/support/scan-then-die.ts', [file, String(nowMs)])
  await child.waitForLine(/planned \d+/)
  expect(await child.exited).toBe('SIGKILL')
}

/** The JobDesk that comes back at `nowMs`: its fires write run rows, as the trigger side does. */
export function restartedNode(store: Store, nowMs: number, scanBatchSize?: number): SchedulingNode {
  return schedulingNode(store, 'restarted', nowMs, scanBatchSize)
}
