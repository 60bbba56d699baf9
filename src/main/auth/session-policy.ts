import type { SessionRow } from '../store/session-repo'

/**
 * Sessions expire after 12 hours without use (sliding: each use moves the end), and in any case 7
 * days after sign-in (absolute): a console left open all week still signs in again once a week.
 * Rows are written at most once a minute per session (TOUCH_EVERY_MS), not on every call.
 */
export const SESSION_TIMING = { idleMs: 12 * 3600_000, absoluteMs: 7 * 24 * 3600_000, touchEveryMs: 60_000 } as const

export type SessionTiming = { idleMs: number; absoluteMs: number; touchEveryMs: number }

/** When a session used at `usedAtMs` ends. */
export function sessionEndMs(createdAtMs: number, usedAtMs: number, timing: SessionTiming = SESSION_TIMING): number {
  return Math.min(usedAtMs + timing.idleMs, createdAtMs + timing.absoluteMs)
}

export type SessionCheck = { live: false } | { live: true; touch: { lastSeenAtMs: number; expiresAtMs: number } | null }

/** Whether a session is live at `nowMs`, and the new times to store when it is due a touch. */
export function checkSession(session: SessionRow, nowMs: number, timing: SessionTiming = SESSION_TIMING): SessionCheck {
  if (nowMs >= session.expiresAtMs) return { live: false }
  if (nowMs - session.lastSeenAtMs < timing.touchEveryMs) return { live: true, touch: null }
  return { live: true, touch: { lastSeenAtMs: nowMs, expiresAtMs: sessionEndMs(session.createdAtMs, nowMs, timing) } }
}
