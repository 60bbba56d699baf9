import { runStatus, type AddressHealth, type JobRun, type RunStatus } from '../../../../shared/model'
import { isKilledRun } from '../../../../shared/run-kill'

/** How a run reads to an operator: XXL-JOB's four states, and a failed run that was killed. */
export type RunOutcome = RunStatus | 'killed'

/** Killed runs are told apart by their handle message (shared/run-kill.ts), as the dashboard counts them. */
export function runOutcome(run: Pick<JobRun, 'triggerCode' | 'handleCode' | 'handleMsg'>): RunOutcome {
  return isKilledRun(run) ? 'killed' : runStatus(run)
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
