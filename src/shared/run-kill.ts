import { runStatus, type JobRun } from './model'

/**
 * A kill is recorded as a failure (handle code 500), XXL-JOB's way, with the reason in the handle
 * message: the console's kill ("Killed by …", XXL-JOB's "Manual operation, kill job: …"), the executor's ("scheduling
 * center kill job. [job running, killed]", "… in the job queue, killed.") or its shutdown ("web
 * container destroy and kill the job."). These lower-case markers find them; the store counts with
 * the same markers (LOWER(handle_msg) LIKE), so the console's badges and the dashboard's figures agree.
 */
export const KILL_MARKERS = ['kill job', 'kill the job', 'killed'] as const

/** Whether a handle message records a kill. */
export function isKillMessage(handleMsg: string): boolean {
  const lower = handleMsg.toLowerCase()
  return KILL_MARKERS.some((marker) => lower.includes(marker))
}

/** A failed run that was killed: its own outcome for an operator, not a failure of the job. */
export function isKilledRun(run: Pick<JobRun, 'triggerCode' | 'handleCode' | 'handleMsg'>): boolean {
  return runStatus(run) === 'failed' && run.handleCode !== 0 && isKillMessage(run.handleMsg)
}
