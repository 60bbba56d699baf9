import type { ManualClock } from '../../src/main/kernel/clock'
import type { JobRun } from '../../src/shared/model'
import { waitFor } from './wait-for'

/**
 * Moves a manual clock forward in small steps until `done` holds, letting every loop run at each
 * step; the runs themselves take real time (their handlers sleep), so a run spans several steps.
 */
export async function stepUntil<T>(
  clock: ManualClock,
  stepMs: number,
  what: string,
  done: () => Promise<T | false | undefined>,
  timeoutMs = 120_000,
): Promise<T> {
  return waitFor(
    what,
    async () => {
      const value = await done()
      if (value !== undefined && value !== false) return value
      await clock.advance(stepMs)
      return false
    },
    timeoutMs,
  )
}

/**
 * The most runs going at one moment, from the rows alone: each run goes from its trigger time to
 * its handle time (half-open: one that ends as the next starts does not overlap it).
 */
export function mostAtOnce(runs: readonly Pick<JobRun, 'triggerTimeMs' | 'handleTimeMs'>[]): number {
  const edges = runs.flatMap((run) => [
    { atMs: run.triggerTimeMs, change: 1 },
    { atMs: run.handleTimeMs, change: -1 },
  ])
  // Ends before starts at the same moment.
  edges.sort((a, b) => a.atMs - b.atMs || a.change - b.change)
  let going = 0
  let most = 0
  for (const edge of edges) {
    going += edge.change
    most = Math.max(most, going)
  }
  return most
}
