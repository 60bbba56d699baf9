import type { Clock } from '../kernel/clock'
import type { TriggerOutcome } from '../domain/runs'

/**
 * Lets a caller wait for the trigger outcomes of runs it just fired (a manual trigger shows
 * "accepted" or "refused, because …" instead of a bare run id). The trigger pool reports every
 * outcome through `note`; only outcomes someone waits for are held, so scheduled fires cost a map
 * look-up each.
 */
export class OutcomeWaiters {
  private readonly waiting = new Map<number, { outcome: TriggerOutcome | null; wake: () => void }>()

  constructor(private readonly clock: Clock) {}

  note(outcome: TriggerOutcome): void {
    const waiter = this.waiting.get(outcome.logId)
    if (!waiter) return
    waiter.outcome = outcome
    waiter.wake()
  }

  /**
   * The outcomes of `logIds` (same order), each null when it did not arrive within `timeoutMs`.
   * Call it in the same tick as the trigger: an outcome noted before the wait began is not seen
   * (the pool reports after at least one await, so a synchronous caller is always in time).
   */
  async wait(logIds: readonly number[], timeoutMs: number): Promise<(TriggerOutcome | null)[]> {
    const timeUp = new AbortController()
    const arrivals = logIds.map(
      (logId) =>
        new Promise<void>((wake) => {
          this.waiting.set(logId, { outcome: null, wake })
        }),
    )
    const entries = logIds.map((logId) => this.waiting.get(logId)!)
    try {
      await Promise.race([Promise.all(arrivals), this.clock.sleep(timeoutMs, timeUp.signal)])
    } finally {
      timeUp.abort()
      for (const logId of logIds) this.waiting.delete(logId)
    }
    return entries.map((entry) => entry.outcome)
  }
}
