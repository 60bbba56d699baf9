import { runStatus, type AddressHealth, type JobRun, type RunStatus } from '../../../shared/model'

/** How a run reads to an operator: XXL-JOB's four states, and a failed run that was killed. */
export type RunOutcome = RunStatus | 'killed'

/**
 * Killed runs end as failed (handle code 500) with the reason in the handle message: the console's
 * kill ("Manual operation, kill job: …"), the executor's ("scheduling center kill job. [job running,
 * killed]", "… in the job queue, killed.") or its shutdown ("… and kill the job.").
 */
const KILLED = /\bkill(?:ed)?\b/i

export function runOutcome(run: Pick<JobRun, 'triggerCode' | 'handleCode' | 'handleMsg'>): RunOutcome {
  const status = runStatus(run)
  return status === 'failed' && run.handleCode !== 0 && KILLED.test(run.handleMsg) ? 'killed' : status
}

/**
 * A running run whose executor missed a heartbeat (suspect): it may be lost — if the executor does
 * not come back, the lost-run monitor fails it once the address is dead and the threshold passed.
 */
export function isAtRisk(
  run: Pick<JobRun, 'triggerCode' | 'handleCode' | 'executorAddress'>,
  healthOf: (address: string) => AddressHealth | undefined,
): boolean {
  return runStatus(run) === 'running' && run.executorAddress !== '' && healthOf(run.executorAddress) === 'suspect'
}
