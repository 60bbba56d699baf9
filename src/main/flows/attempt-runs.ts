import { runStatus, type JobRun } from '../../shared/model'
import type { FlowEngineDeps } from './flow-engine-deps'

/**
 * The job runs that make up a node's attempt now, from the node's run ids (every attempt's). Usually
 * one: the first run, or the retry that took its place. A SHARDING_BROADCAST job writes one run per
 * shard under the same attempt, each retried on its own, so there the latest run of every shard.
 */
export async function currentRunsOfAttempt(
  deps: Pick<FlowEngineDeps, 'store'>,
  nodeRunIds: readonly number[],
  attempt: number,
  /** A fan-out item's runs only; absent: every run of the attempt (a fan-out node's: all its items'). */
  item?: number,
): Promise<JobRun[]> {
  const { flowRuns, runs } = deps.store
  const ofAttempt = (await flowRuns.stepsOf(nodeRunIds)).filter((s) => s.attempt === attempt && (item === undefined || s.item === item)).map((s) => s.logId)
  const all = await runs.getMany(ofAttempt)
  // A retry names the run it repeats: that run no longer speaks for its shard.
  const retried = new Set(all.map((r) => r.parentLogId))
  return all.filter((r) => !retried.has(r.id))
}

/** A run that is still to end (its trigger may not even be recorded yet). */
export function isUnfinished(run: JobRun): boolean {
  const status = runStatus(run)
  return status === 'pending' || status === 'running'
}
