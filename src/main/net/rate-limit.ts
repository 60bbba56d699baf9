/**
 * Request budgets per caller, in fixed windows (XXL-JOB 3.5's OpenAPI limit: 100 requests per 30 s,
 * there for everyone at once; here per token and per remote address, so one noisy script cannot
 * spend another's budget). Time is an argument. The map of callers is bounded: past `maxKeys` the
 * oldest window is forgotten, so a flood of source addresses cannot grow it.
 */
export class RateLimit {
  private readonly windows = new Map<string, { startMs: number; count: number }>()

  constructor(
    readonly maxRequests: number,
    readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts a request of `key`; false when its window's budget is spent. */
  take(key: string, nowMs: number): boolean {
    const window = this.current(key, nowMs)
    if (window.count >= this.maxRequests) return false
    window.count++
    return true
  }

  /** Counts without refusing (for failures, which are counted whatever happens next). */
  count(key: string, nowMs: number): number {
    const window = this.current(key, nowMs)
    window.count++
    return window.count
  }

  /** Requests counted for `key` in its current window. */
  used(key: string, nowMs: number): number {
    const window = this.windows.get(key)
    return window && nowMs - window.startMs < this.windowMs ? window.count : 0
  }

  /** Milliseconds until `key`'s window ends. */
  retryAfterMs(key: string, nowMs: number): number {
    const window = this.windows.get(key)
    return window ? Math.max(0, window.startMs + this.windowMs - nowMs) : 0
  }

  private current(key: string, nowMs: number): { startMs: number; count: number } {
    let window = this.windows.get(key)
    if (!window || nowMs - window.startMs >= this.windowMs) {
      this.windows.delete(key)
      if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!)
      window = { startMs: nowMs, count: 0 }
      this.windows.set(key, window)
    }
    return window
  }
}

/** XXL-JOB 3.5: code 502 when the OpenAPI's budget is spent. */
export const OPEN_API_LIMIT = { maxRequests: 100, windowMs: 30_000 }
/** Wrong tokens an address may send per minute before it is refused outright for the rest of the minute. */
export const AUTH_FAILURE_LIMIT = { maxFailures: 20, windowMs: 60_000 }

/**
 * Failed authentications per remote address. Past the limit, the address is refused without its
 * token being looked at until the window ends, so guessing a token costs a minute per 20 tries.
 */
export class AuthFailureGuard {
  private readonly failures = new RateLimit(AUTH_FAILURE_LIMIT.maxFailures, AUTH_FAILURE_LIMIT.windowMs)

  /** Milliseconds the address must wait, or 0 when it may try. */
  blockedForMs(address: string, nowMs: number): number {
    if (this.failures.used(address, nowMs) < AUTH_FAILURE_LIMIT.maxFailures) return 0
    return this.failures.retryAfterMs(address, nowMs)
  }

  fail(address: string, nowMs: number): void {
    this.failures.count(address, nowMs)
  }
}

export function tooManyFailuresMessage(retryAfterMs: number): string {
  return `Too many failed authentications from this address; try again in ${Math.ceil(retryAfterMs / 1000)} s.`
}
