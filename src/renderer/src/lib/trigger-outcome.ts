import type { RunTriggerOutcome } from '../../../shared/api'
import { failureReason } from '../../../shared/failure-reason'
import type { JobRun } from '../../../shared/model'

export interface ShownOutcome {
  logId: number
  state: RunTriggerOutcome['state']
  executorAddress: string
  /** The trigger trail (empty while pending). */
  trail: string
  /** Its last line: why it was refused, or how it was accepted. */
  reason: string
}

/**
 * What the trigger dialog says about one run: the core's answer, or — while that was pending —
 * what the run's row says now (pushed as it changes), so a slow executor's answer still shows.
 */
export function shownOutcome(outcome: RunTriggerOutcome, run: JobRun | undefined): ShownOutcome {
  let { state, executorAddress, triggerMsg } = outcome
  if (state === 'pending' && run && run.triggerCode !== 0) {
    state = run.triggerCode === 200 ? 'accepted' : 'refused'
    executorAddress = run.executorAddress
    triggerMsg = run.triggerMsg
  }
  return { logId: outcome.logId, state, executorAddress, trail: triggerMsg, reason: failureReason({ handleMsg: '', triggerMsg }) }
}

/** The core answered with run ids only (no outcomes): each is pending until its row says more. */
export function pendingOutcomes(logIds: readonly number[]): RunTriggerOutcome[] {
  return logIds.map((logId) => ({ logId, state: 'pending', executorAddress: '', triggerMsg: '' }))
}
