/**
 * A fixed-window request counter (XXL-JOB 3.5's OpenAPI limit: 100 requests per 30 s). Time is an
 * argument.
 */
export class RateLimit {
  private windowStartMs = -Infinity
  private count = 0

  constructor(
    readonly maxRequests: number,
    readonly windowMs: number,
  ) {}

  /** Counts a request; false when the window's budget is spent. */
  take(nowMs: number): boolean {
    if (nowMs - this.windowStartMs >= this.windowMs) {
      this.windowStartMs = nowMs
      this.count = 0
    }
    if (this.count >= this.maxRequests) return false
    this.count++
    return true
  }
}
