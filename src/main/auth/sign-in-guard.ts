import { foldUserName } from '../../shared/user-name'

/**
 * Failed sign-ins are counted per account and per remote address (time is an argument): 5
 * failures per account in 15 minutes lock that account's sign-in for the rest of the window
 * (from everywhere: a guesser behind many addresses gains nothing), and 20 per address in a
 * minute lock that address out of every account. A window starts at its first counted attempt and
 * runs its full length. A success clears nothing that was counted before it: the window runs out.
 *
 * An attempt is counted when it starts, not when its password has been checked: `reserve` takes a
 * place in both windows synchronously, before anything is awaited, so however many attempts arrive
 * at once no more than the limit are ever checked, and one arriving after the places are taken is
 * refused without its password being looked at (the right password too). An attempt that succeeds
 * gives its place back; a failed one keeps it, as the failure it is. The account is the folded
 * name (src/shared/user-name.ts): `Alice` and `alice` share one window.
 */
export const SIGN_IN_LIMITS = {
  perAccount: { maxFailures: 5, windowMs: 15 * 60_000 },
  perAddress: { maxFailures: 20, windowMs: 60_000 },
} as const

/** A sign-in that may go on (`release` when it succeeded, or was never checked), or how long to wait. */
export type SignInReservation = { ok: true; release: () => void } | { ok: false; retryAfterMs: number }

export class SignInGuard {
  private readonly accounts = new AttemptWindows(SIGN_IN_LIMITS.perAccount.maxFailures, SIGN_IN_LIMITS.perAccount.windowMs)
  private readonly addresses = new AttemptWindows(SIGN_IN_LIMITS.perAddress.maxFailures, SIGN_IN_LIMITS.perAddress.windowMs)

  /** Takes a place for `name` from `address` in both windows, or neither when either is full. */
  reserve(name: string, address: string, nowMs: number): SignInReservation {
    const account = foldUserName(name)
    const waitMs = Math.max(this.accounts.waitMs(account, nowMs), this.addresses.waitMs(address, nowMs))
    if (waitMs > 0) return { ok: false, retryAfterMs: waitMs }
    return reservation([this.accounts.take(account, nowMs), this.addresses.take(address, nowMs)])
  }

  /** Takes a place from `address` only: for an attempt refused unchecked that must not count against the account it names. */
  reserveAddress(address: string, nowMs: number): SignInReservation {
    const waitMs = this.addresses.waitMs(address, nowMs)
    if (waitMs > 0) return { ok: false, retryAfterMs: waitMs }
    return reservation([this.addresses.take(address, nowMs)])
  }
}

function reservation(places: readonly (() => void)[]): SignInReservation {
  let released = false
  return {
    ok: true,
    release: () => {
      if (released) return
      released = true
      for (const giveBack of places) giveBack()
    },
  }
}

interface AttemptWindow {
  startMs: number
  count: number
}

/**
 * Fixed windows of counted attempts per key. The map is bounded: past `maxKeys` the oldest window
 * is forgotten (windows are kept in start order, so an expired one goes first), so a flood of
 * names or addresses cannot grow it.
 */
class AttemptWindows {
  private readonly windows = new Map<string, AttemptWindow>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Milliseconds until `key` has room again; 0 when it has room now. */
  waitMs(key: string, nowMs: number): number {
    const window = this.live(key, nowMs)
    return window && window.count >= this.max ? window.startMs + this.windowMs - nowMs : 0
  }

  /** Counts an attempt of `key`; the function returned takes it back (once). */
  take(key: string, nowMs: number): () => void {
    let window = this.live(key, nowMs)
    if (!window) {
      this.windows.delete(key)
      if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!)
      window = { startMs: nowMs, count: 0 }
      this.windows.set(key, window)
    }
    window.count++
    const taken = window
    return () => {
      taken.count--
      // A window of successes only is as if it never started.
      if (taken.count <= 0 && this.windows.get(key) === taken) this.windows.delete(key)
    }
  }

  private live(key: string, nowMs: number): AttemptWindow | undefined {
    const window = this.windows.get(key)
    return window && nowMs - window.startMs < this.windowMs ? window : undefined
  }
}
