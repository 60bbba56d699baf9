import { RateLimit } from '../net/rate-limit'

/**
 * Failed sign-ins are counted per account and per remote address (time is an argument): 5
 * failures per account in 15 minutes lock that account's sign-in for the rest of the window
 * (from everywhere: a guesser behind many addresses gains nothing), and 20 per address in a
 * minute lock that address out of every account. A success clears nothing: the window runs out.
 */
export const SIGN_IN_LIMITS = {
  perAccount: { maxFailures: 5, windowMs: 15 * 60_000 },
  perAddress: { maxFailures: 20, windowMs: 60_000 },
} as const

export class SignInGuard {
  private readonly accounts = new RateLimit(SIGN_IN_LIMITS.perAccount.maxFailures, SIGN_IN_LIMITS.perAccount.windowMs)
  private readonly addresses = new RateLimit(SIGN_IN_LIMITS.perAddress.maxFailures, SIGN_IN_LIMITS.perAddress.windowMs)

  /** Milliseconds to wait before `name` may try from `address`; 0 when it may try now. */
  blockedForMs(name: string, address: string, nowMs: number): number {
    const account = this.accounts.used(accountKey(name), nowMs) >= SIGN_IN_LIMITS.perAccount.maxFailures ? this.accounts.retryAfterMs(accountKey(name), nowMs) : 0
    const source = this.addresses.used(address, nowMs) >= SIGN_IN_LIMITS.perAddress.maxFailures ? this.addresses.retryAfterMs(address, nowMs) : 0
    return Math.max(account, source)
  }

  fail(name: string, address: string, nowMs: number): void {
    this.accounts.count(accountKey(name), nowMs)
    this.addresses.count(address, nowMs)
  }
}

function accountKey(name: string): string {
  return name.trim().toLowerCase()
}
