/** A trigger slower than this (routing + executor call) counts against its job. */
export const SLOW_TRIGGER_MS = 500
/** More slow triggers than this in the current minute move a job to the slow lane. */
export const SLOW_TRIGGERS_PER_MINUTE = 10

/**
 * XXL-JOB's rule for the slow trigger pool (docs/protocol.md#trigger-pools): per job, count triggers that took
 * > 500 ms; the counts reset when the wall-clock minute changes. Time is an argument.
 */
export class SlowTriggerCounter {
  private minute = -1
  private counts = new Map<number, number>()

  record(jobId: number, tookMs: number, nowMs: number): void {
    this.rollMinute(nowMs)
    if (tookMs > SLOW_TRIGGER_MS) this.counts.set(jobId, (this.counts.get(jobId) ?? 0) + 1)
  }

  isSlow(jobId: number, nowMs: number): boolean {
    this.rollMinute(nowMs)
    return (this.counts.get(jobId) ?? 0) > SLOW_TRIGGERS_PER_MINUTE
  }

  private rollMinute(nowMs: number): void {
    const minute = Math.floor(nowMs / 60_000)
    if (minute !== this.minute) {
      this.minute = minute
      this.counts.clear()
    }
  }
}
