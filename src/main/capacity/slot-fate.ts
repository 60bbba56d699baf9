/**
 * What becomes of the slots a run holds when it ends (docs/capacity.md, "Retries"). A run holds
 * its slots from its trigger to its end, and a failed run that will be retried keeps them for its
 * retry: the retry's row takes them over in the transaction that writes it, so a pool's slot is not
 * handed to another job between a failure and its retry (a retry is the same work, not new work).
 */
export interface EndedRunState {
  /** success, failed (trigger refused, failed, timed out or lost), killed; open runs keep their slots. */
  status: 'pending' | 'running' | 'success' | 'failed' | 'killed'
  /** Retries still allowed after this attempt (`executor_fail_retry_count`). */
  retriesLeft: number
  /** The fail monitor took the failed run (alarm_status ≠ 0): its retry, if any, is written. */
  failureTaken: boolean
}

export type SlotFate = 'hold' | 'keepForRetry' | 'release'

export function slotFate(run: EndedRunState): SlotFate {
  if (run.status === 'pending' || run.status === 'running') return 'hold'
  // A kill is the operator's (or a window's) "stop this": its slots go back at once.
  if (run.status === 'success' || run.status === 'killed') return 'release'
  // Failed: kept while the fail monitor has not decided; a retry written took them over by then.
  if (run.retriesLeft > 0 && !run.failureTaken) return 'keepForRetry'
  return 'release'
}
