import { describe, expect, it } from 'vitest'
import { checkSession, SESSION_TIMING, sessionEndMs } from './session-policy'

const T0 = Date.UTC(2026, 2, 1, 8)
const session = (lastSeenAtMs: number, expiresAtMs: number) => ({
  idHash: 'h',
  userId: 1,
  remoteAddress: '127.0.0.1',
  createdAtMs: T0,
  lastSeenAtMs,
  expiresAtMs,
})

describe('session expiry', () => {
  it('ends 12 h after the last use, but never later than 7 days after sign-in', () => {
    expect(sessionEndMs(T0, T0)).toBe(T0 + SESSION_TIMING.idleMs)
    expect(sessionEndMs(T0, T0 + 6 * 86_400_000 + 20 * 3600_000)).toBe(T0 + SESSION_TIMING.absoluteMs)
  })

  it('is live before its end and over at it', () => {
    const end = T0 + SESSION_TIMING.idleMs
    expect(checkSession(session(T0, end), end - 1).live).toBe(true)
    expect(checkSession(session(T0, end), end).live).toBe(false)
  })

  it('asks for a touch at most once a minute, moving the end forward', () => {
    const s = session(T0, T0 + SESSION_TIMING.idleMs)
    expect(checkSession(s, T0 + 59_999)).toEqual({ live: true, touch: null })
    expect(checkSession(s, T0 + 60_000)).toEqual({ live: true, touch: { lastSeenAtMs: T0 + 60_000, expiresAtMs: T0 + 60_000 + SESSION_TIMING.idleMs } })
  })
})
