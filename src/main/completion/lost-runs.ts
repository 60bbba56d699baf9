import { EMBEDDED_ADDRESS_PREFIX, HANDLE_CODE, type JobRun } from '../../shared/model'
import type { RunRepo } from '../store/run-repo'
import type { RunCompletion } from '../domain/runs'

/** XXL-JOB's threshold: a run still running this long after its trigger may be lost. */
export const LOST_RUN_THRESHOLD_MS = 10 * 60_000
/** XXL-JOB's lost-job monitor period. */
export const LOST_RUN_PERIOD_MS = 60_000

/**
 * Runs that can no longer finish by themselves (docs/protocol.md#fail-monitor-and-lost-runs, docs/design.md#lost-runs): still running past the threshold
 * while their executor address is no longer registered — its beats stopped for the dead timeout, so
 * no callback will come. Both conditions are needed: a long run on a live executor is just long.
 */
export async function findLostRuns(runs: Pick<RunRepo, 'findLostCandidates'>, nowMs: number, thresholdMs: number, limit = 1000): Promise<RunCompletion[]> {
  return (await runs.findLostCandidates(nowMs - thresholdMs, limit)).map((run) => ({
    logId: run.id,
    handleCode: HANDLE_CODE.fail,
    handleMsg: lostRunMessage(run, thresholdMs),
    handleTimeMs: nowMs,
  }))
}

/**
 * Why a run was declared lost. A run sent to an address override may have gone to an address that
 * was never registered: "no longer registered" would be wrong there — no beats ever came from it, so
 * JobDesk cannot tell whether the run goes on.
 */
function lostRunMessage(run: Pick<JobRun, 'executorAddress' | 'triggerTrail'>, thresholdMs: number): string {
  const still = `Job result lost, marked as failure: the run was still running ${Math.round(thresholdMs / 60_000)} min after its trigger`
  if (run.triggerTrail?.group?.registration === 'override')
    return `${still} on ${run.executorAddress}, an address chosen for this trigger (an override) that is not registered: no heartbeat tells whether it still runs, and no result came.`
  return `${still} and its executor ${run.executorAddress} is no longer registered (no heartbeat).`
}

/**
 * A trigger takes at most a few seconds (3-s executor timeout); a run row still without a trigger
 * outcome after this long was left by a process that stopped mid-trigger.
 */
export const STALE_TRIGGER_MS = 60_000

/** Runs whose trigger never finished (the admin stopped between writing the row and recording the outcome). */
export async function findStalePendingRuns(runs: RunRepo, nowMs: number, limit = 1000): Promise<RunCompletion[]> {
  return (await runs.findStalePending(nowMs - STALE_TRIGGER_MS, limit)).map((run) => ({
    logId: run.id,
    handleCode: HANDLE_CODE.fail,
    handleMsg: 'Interrupted: JobDesk stopped while triggering this run; marked as failed (retries, if any, follow).',
    handleTimeMs: nowMs,
  }))
}

/**
 * Runs left running on the embedded executor of a JobDesk process that is gone: its workers died
 * with it, so no callback will ever come. Every process's embedded executor (every node's, on a
 * cluster) has its own address (jobdesk://embedded/<instance>/) and beats while it runs, so an
 * address that is not `alive` any more (removed from the registry, its node's lease gone, or known
 * dead at start) ends its runs.
 */
export async function findOrphanedEmbeddedRuns(
  runs: RunRepo,
  nowMs: number,
  ownAddress: string,
  alive: (address: string) => boolean,
  limit = 1000,
): Promise<RunCompletion[]> {
  return (await runs.findRunningOnOtherEmbedded(EMBEDDED_ADDRESS_PREFIX, ownAddress, limit))
    .filter((run: JobRun) => !alive(run.executorAddress))
    .map((run) => interruptedEmbeddedRun(run, nowMs))
}

/** The end of a run whose embedded executor's process is gone; `how` says how that was known. */
export function interruptedEmbeddedRun(run: Pick<JobRun, 'id' | 'executorAddress'>, nowMs: number, how = ''): RunCompletion {
  return {
    logId: run.id,
    handleCode: HANDLE_CODE.fail,
    handleMsg: `Interrupted: the JobDesk process whose embedded executor ran this (${run.executorAddress}) stopped${how}; marked as failed (retries, if any, follow).`,
    handleTimeMs: nowMs,
  }
}
