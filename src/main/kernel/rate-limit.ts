import { createHash } from 'node:crypto'

/**
 * Request budgets per caller, in fixed windows (XXL-JOB 3.5's OpenAPI limit: 100 requests per 30 s,
 * there for everyone at once; here per token and per remote address, so one noisy script cannot
 * spend another's budget). Time is an argument. The map of callers is bounded: past `maxKeys` the
 * oldest window is forgotten, so a flood of source addresses cannot grow it.
 */
export class RateLimit {
  private readonly windows = new Map<string, { startMs: number; count: number; refusalNoted?: boolean }>()

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

  /**
   * True the first time it is asked in `key`'s current window: a refusal to record once (an audit
   * row), where every further one in the same window is only counted.
   */
  noteRefusal(key: string, nowMs: number): boolean {
    const window = this.current(key, nowMs)
    if (window.refusalNoted) return false
    window.refusalNoted = true
    return true
  }

  /** Milliseconds until `key`'s window ends. */
  retryAfterMs(key: string, nowMs: number): number {
    const window = this.windows.get(key)
    return window ? Math.max(0, window.startMs + this.windowMs - nowMs) : 0
  }

  private current(key: string, nowMs: number): { startMs: number; count: number; refusalNoted?: boolean } {
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
/**
 * Wrong credentials per minute: one credential from one address (a misconfigured executor, a
 * stale script) past `perCredential`; any mix of unknown credentials from one address (guessing)
 * past `perAddress`.
 */
export const AUTH_FAILURE_LIMIT = { perCredential: 20, perAddress: 100, windowMs: 60_000 }

/** How a credential is known to the guard: a digest prefix, never the credential itself. */
function fingerprint(credential: string): string {
  return createHash('sha256').update(credential).digest('base64url').slice(0, 16)
}

/**
 * Failed authentications, keyed by remote address and presented credential, so a wrong token never
 * locks out a right one: past 20 failures a minute, that credential from that address is refused
 * without being looked at for the rest of the minute — a misconfigured executor on a host, or
 * behind one NAT address, does not starve the healthy executors beside it. An address that sends
 * many different wrong credentials is capped as a whole: past 100 failures a minute it is refused
 * unread for every credential that has not succeeded from it in the last minute (guessing a
 * 256-bit token gains nothing either way; this bounds the work and the audit rows it costs).
 */
export class AuthFailureGuard {
  private readonly perCredential = new RateLimit(AUTH_FAILURE_LIMIT.perCredential, AUTH_FAILURE_LIMIT.windowMs)
  private readonly perAddress = new RateLimit(AUTH_FAILURE_LIMIT.perAddress, AUTH_FAILURE_LIMIT.windowMs)
  /** Credentials that succeeded from an address, by `address\nfingerprint`, with when (bounded like a RateLimit). */
  private readonly succeeded = new Map<string, number>()

  constructor(private readonly maxKeys = 10_000) {}

  /** Milliseconds `credential` must wait from `address`, or 0 when it may be checked. */
  blockedForMs(address: string, credential: string, nowMs: number): number {
    const key = `${address}\n${fingerprint(credential)}`
    const own = this.perCredential.used(key, nowMs) >= AUTH_FAILURE_LIMIT.perCredential ? this.perCredential.retryAfterMs(key, nowMs) : 0
    if (own > 0) return own
    if (this.perAddress.used(address, nowMs) < AUTH_FAILURE_LIMIT.perAddress) return 0
    const lastOk = this.succeeded.get(key)
    if (lastOk !== undefined && nowMs - lastOk < AUTH_FAILURE_LIMIT.windowMs) return 0
    return this.perAddress.retryAfterMs(address, nowMs)
  }

  /** Counts a failure; true when it is the one that starts a lockout (worth saying so). */
  fail(address: string, credential: string, nowMs: number): boolean {
    const key = `${address}\n${fingerprint(credential)}`
    const own = this.perCredential.count(key, nowMs)
    const all = this.perAddress.count(address, nowMs)
    return own === AUTH_FAILURE_LIMIT.perCredential || all === AUTH_FAILURE_LIMIT.perAddress
  }

  /** A credential that checked out keeps passing from its address while others are locked out there. */
  succeed(address: string, credential: string, nowMs: number): void {
    const key = `${address}\n${fingerprint(credential)}`
    if (this.succeeded.has(key)) this.succeeded.delete(key)
    else if (this.succeeded.size >= this.maxKeys) this.succeeded.delete(this.succeeded.keys().next().value!)
    this.succeeded.set(key, nowMs)
  }
}

export function tooManyFailuresMessage(retryAfterMs: number): string {
  return `Too many failed authentications with this credential from this address; try again in ${Math.ceil(retryAfterMs / 1000)} s.`
}
