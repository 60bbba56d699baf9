import { describe, expect, it } from 'vitest'
import { AUTH_FAILURE_LIMIT, AuthFailureGuard } from '../kernel/rate-limit'

const T0 = Date.UTC(2026, 0, 5, 9)
const { perCredential, perAddress, windowMs } = AUTH_FAILURE_LIMIT

describe('AuthFailureGuard', () => {
  it('locks a wrong credential out of its address, and never the right one beside it', () => {
    const guard = new AuthFailureGuard()
    for (let i = 0; i < perCredential; i++) expect(guard.fail('10.0.0.5', 'stale-token', T0)).toBe(i === perCredential - 1)
    expect(guard.blockedForMs('10.0.0.5', 'stale-token', T0 + 1000)).toBe(windowMs - 1000)
    expect(guard.blockedForMs('10.0.0.5', 'right-token', T0 + 1000)).toBe(0)
    // Another address with the same wrong credential is its own matter.
    expect(guard.blockedForMs('10.0.0.6', 'stale-token', T0 + 1000)).toBe(0)
    expect(guard.blockedForMs('10.0.0.5', 'stale-token', T0 + windowMs)).toBe(0)
  })

  it('caps an address that tries many different credentials, but lets one that worked from it go on', () => {
    const guard = new AuthFailureGuard()
    guard.succeed('10.0.0.5', 'right-token', T0)
    for (let i = 0; i < perAddress; i++) guard.fail('10.0.0.5', `guess-${i}`, T0 + 10)
    expect(guard.blockedForMs('10.0.0.5', 'guess-new', T0 + 20)).toBeGreaterThan(0)
    expect(guard.blockedForMs('10.0.0.5', 'right-token', T0 + 20)).toBe(0)
    // A right credential new to the address waits for the window like any other.
    expect(guard.blockedForMs('10.0.0.5', 'other-right-token', T0 + 20)).toBeGreaterThan(0)
    expect(guard.blockedForMs('10.0.0.5', 'guess-new', T0 + 10 + windowMs)).toBe(0)
  })
})
