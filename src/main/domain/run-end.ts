import { HANDLE_CODE, TRIGGER_CODE } from '../../shared/model'
import { isKillMessage } from '../../shared/run-kill'

/**
 * How a run ended, as the operator tells ends apart. The database keeps XXL-JOB's codes only
 * (trigger_code, handle_code, handle_msg); these five are read from them:
 *
 * - `success`: handle code 200.
 * - `timeout`: handle code 502, which the executor writes when a run outlives its job's time-out.
 * - `killed`: any other failed completion whose message records a kill (shared/run-kill.ts's
 *   markers: the console's kill, the executor's, its shutdown) — its own outcome, not a failure.
 * - `lost`: a failed completion JobDesk wrote itself because no result can come any more — the
 *   lost-run monitor, the reconciler and the end of runs on executors declared dead ("Job result
 *   lost…", completion/lost-runs.ts, run-reconciler.ts, dead-executor-runs.ts) and runs whose
 *   process stopped under them ("Interrupted: …").
 * - `failed`: everything else, a trigger that failed (trigger code other than 200) included.
 */
export const RUN_ENDS = ['success', 'failed', 'killed', 'timeout', 'lost'] as const
export type RunEnd = (typeof RUN_ENDS)[number]

/** How the messages of the completions JobDesk writes for lost and interrupted runs begin. */
export const LOST_RUN_MESSAGE_PREFIXES = ['Job result lost', 'Interrupted:'] as const

/**
 * The end of a completed run (handle code as written: 0 is stored as 500, see RunRepo.complete).
 * Only a failed completion's message is looked at, so a success costs one comparison.
 */
export function runEndOfCompletion(handleCode: number, handleMsg: string): RunEnd {
  if (handleCode === HANDLE_CODE.success) return 'success'
  if (handleCode === HANDLE_CODE.timeout) return 'timeout'
  if (LOST_RUN_MESSAGE_PREFIXES.some((prefix) => handleMsg.startsWith(prefix))) return 'lost'
  return isKillMessage(handleMsg) ? 'killed' : 'failed'
}

/** The end of a run as a job_log row holds it, or null while it has not ended. */
export function runEndOfRow(run: { triggerCode: number; handleCode: number; handleMsg: string }): RunEnd | null {
  if (run.handleCode !== HANDLE_CODE.none) return runEndOfCompletion(run.handleCode, run.handleMsg)
  if (run.triggerCode !== TRIGGER_CODE.success && run.triggerCode !== TRIGGER_CODE.pending) return 'failed'
  return null
}
