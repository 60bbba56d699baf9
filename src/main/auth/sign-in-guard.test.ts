import { describe, expect, it } from 'vitest'
import { SIGN_IN_LIMITS, SignInGuard, type SignInReservation } from './sign-in-guard'

const T0 = Date.UTC(2026, 0, 5, 9)
const { perAccount, perAddress } = SIGN_IN_LIMITS

function granted(reservation: SignInReservation): () => void {
  if (!reservation.ok) throw new Error(`refused, retry after ${reservation.retryAfterMs} ms`)
  return reservation.release
}

describe('SignInGuard reservations', () => {
  it('grant an account no more places than its limit, however many ask at once, and say how long to wait', () => {
    const guard = new SignInGuard()
    const answers = Array.from({ length: 300 }, (_, i) => guard.reserve('admin', `10.0.${i >> 8}.${i & 255}`, T0 + i))
    expect(answers.filter((a) => a.ok)).toHaveLength(perAccount.maxFailures)
    expect(answers.slice(0, perAccount.maxFailures).every((a) => a.ok)).toBe(true)
    // The window started at the first reservation (T0): the 300th waits for the rest of it.
    expect(answers[299]).toEqual({ ok: false, retryAfterMs: perAccount.windowMs - 299 })
  })

  it('grant an address no more than its limit across every account', () => {
    const guard = new SignInGuard()
    const answers = Array.from({ length: 60 }, (_, i) => guard.reserve(`guess${i}`, '10.0.0.7', T0))
    expect(answers.filter((a) => a.ok)).toHaveLength(perAddress.maxFailures)
    expect(answers[perAddress.maxFailures]).toEqual({ ok: false, retryAfterMs: perAddress.windowMs })
    expect(guard.reserve('guess0', '10.0.0.8', T0).ok).toBe(true)
  })

  it('count the names as one account whatever their case and surrounding spaces', () => {
    const guard = new SignInGuard()
    for (const name of ['admin', 'Admin', ' ADMIN ', 'admin', 'aDmin']) granted(guard.reserve(name, '10.0.0.1', T0))
    expect(guard.reserve('admin', '10.0.0.2', T0).ok).toBe(false)
  })

  it('take a place back when released (a success), keep it otherwise (a failure)', () => {
    const guard = new SignInGuard()
    const releases = Array.from({ length: perAccount.maxFailures }, (_, i) => granted(guard.reserve('admin', `10.0.0.${i}`, T0)))
    expect(guard.reserve('admin', '10.0.0.99', T0).ok).toBe(false)
    releases[0]()
    releases[0]() // twice is once
    const next = granted(guard.reserve('admin', '10.0.0.99', T0))
    expect(guard.reserve('admin', '10.0.0.98', T0).ok).toBe(false)
    next()
    expect(guard.reserve('admin', '10.0.0.98', T0).ok).toBe(true)
  })

  it("count an address-only reservation against the address, never against any account's window", () => {
    const guard = new SignInGuard()
    for (let i = 0; i < perAddress.maxFailures; i++) granted(guard.reserveAddress('10.0.0.7', T0))
    expect(guard.reserveAddress('10.0.0.7', T0)).toEqual({ ok: false, retryAfterMs: perAddress.windowMs })
    expect(guard.reserve('alice', '10.0.0.7', T0).ok).toBe(false)
    // From elsewhere alice has every one of her places.
    for (let i = 0; i < perAccount.maxFailures; i++) granted(guard.reserve('alice', `10.0.1.${i}`, T0))
  })

  it('take no place in either window when the other is full', () => {
    const guard = new SignInGuard()
    for (let i = 0; i < perAddress.maxFailures; i++) granted(guard.reserve(`guess${i}`, '10.0.0.7', T0))
    // 'victim' is refused from the full address, and that refusal costs it nothing anywhere else.
    for (let i = 0; i < 10; i++) expect(guard.reserve('victim', '10.0.0.7', T0).ok).toBe(false)
    for (let i = 0; i < perAccount.maxFailures; i++) granted(guard.reserve('victim', `10.0.1.${i}`, T0))
  })

  it('keep the failures to the end of the window, which starts at its first attempt; successes only start none', () => {
    const guard = new SignInGuard()
    granted(guard.reserve('admin', '10.0.0.1', T0))()
    // A window of successes only was forgotten: the next failure starts the window at T0 + 60 s.
    for (let i = 0; i < perAccount.maxFailures; i++) granted(guard.reserve('admin', '10.0.0.1', T0 + 60_000))
    expect(guard.reserve('admin', '10.0.0.2', T0 + 60_000 + perAccount.windowMs - 1)).toEqual({ ok: false, retryAfterMs: 1 })
    expect(guard.reserve('admin', '10.0.0.2', T0 + 60_000 + perAccount.windowMs).ok).toBe(true)
  })

  it('forget a released place taken in a window that has since ended, without touching the new one', () => {
    const guard = new SignInGuard()
    const late = granted(guard.reserve('admin', '10.0.0.1', T0))
    const next = T0 + perAccount.windowMs
    for (let i = 0; i < perAccount.maxFailures; i++) granted(guard.reserve('admin', `10.0.0.${i + 2}`, next))
    late()
    expect(guard.reserve('admin', '10.0.0.9', next).ok).toBe(false)
  })
})
