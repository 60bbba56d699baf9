/** This many misfires of one executor group within one window make a burst worth an alert. */
export const MISFIRE_BURST_COUNT = 5
/** The window: a minute of the clock, aligned to the minute so every node of a cluster cuts it alike. */
export const MISFIRE_BURST_WINDOW_MS = 60_000

/**
 * Counts misfires per group and minute, and says when a group's count reaches the burst size: once
 * per group and window (the alert's key is the group and the window's start, so another node that
 * counts its own burst in the same minute claims the same alert row and stays quiet). A single
 * misfire is the job's own business (its strategy decides); many in a minute mean the scheduler fell
 * behind or was stopped. Pure: the time is an argument.
 */
export class MisfireBursts {
  private windowStartMs = -1
  private counts = new Map<string, number>()

  constructor(
    private readonly burstCount = MISFIRE_BURST_COUNT,
    private readonly windowMs = MISFIRE_BURST_WINDOW_MS,
  ) {}

  /** Notes one misfire of `group`; returns the window's start when this one makes the burst, else null. */
  note(group: string, nowMs: number): number | null {
    const start = nowMs - (nowMs % this.windowMs)
    if (start !== this.windowStartMs) {
      this.windowStartMs = start
      this.counts = new Map()
    }
    const count = (this.counts.get(group) ?? 0) + 1
    this.counts.set(group, count)
    return count === this.burstCount ? start : null
  }
}
