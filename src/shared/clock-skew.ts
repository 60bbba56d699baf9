// How far a node's clock is off the database's, and what the node may do about it. The core judges
// its own samples with this; the console shows the verdict with the same thresholds.

/** Above this a node's skew is warned of (log, Cluster page, an infrastructure alert). */
export const CLOCK_SKEW_WARN_MS = 250

/**
 * A node stops acting this long before its lease ends by its own clock, so that it has stopped
 * before another node (by that node's clock) takes it for dead: the clocks of a cluster's nodes
 * must agree within this (NTP keeps them within milliseconds). A node whose clock is off the
 * database's by more refuses to lead: it plans and fires no scheduled fires until it is back within.
 */
export const NODE_CLOCK_MARGIN_MS = 500

/** Samples older than this are not judged: a verdict reflects the clock as it is now. */
const SKEW_WINDOW_MS = 10_000
/** The newest samples judged; the one with the shortest round trip among them is the estimate. */
const SKEW_SAMPLES = 5

/** One reading of the database's clock: the local clock before and after the round trip, and the server's time. */
export interface ClockSample {
  sentMs: number
  receivedMs: number
  serverMs: number
}

/** ok: within CLOCK_SKEW_WARN_MS; warn: within the margin; refuse: beyond it, the node does not lead. */
export type ClockSkewState = 'ok' | 'warn' | 'refuse'

export interface ClockSkewVerdict {
  /** This node's clock less the database's (positive: ahead), from the best sample. */
  skewMs: number
  /** Half the best sample's round trip: the estimate is off by at most this. */
  uncertaintyMs: number
  state: ClockSkewState
}

/** What one sample says: the local midpoint of its round trip less the server's time, give or take half the trip. */
function offsetOf(sample: ClockSample): { skewMs: number; halfTripMs: number } {
  const tripMs = Math.max(0, sample.receivedMs - sample.sentMs)
  return { skewMs: (sample.sentMs + sample.receivedMs) / 2 - sample.serverMs, halfTripMs: tripMs / 2 }
}

/** The state a skew puts a node in. */
export function clockSkewStateOf(skewMs: number): ClockSkewState {
  const off = Math.abs(skewMs)
  return off > NODE_CLOCK_MARGIN_MS ? 'refuse' : off > CLOCK_SKEW_WARN_MS ? 'warn' : 'ok'
}

/**
 * Judges a node's clock from its recent samples (oldest first), as NTP's clock filter does: of the
 * newest few within the window, the one with the shortest round trip is the estimate, since a slow
 * trip (a busy pool, a lock) only widens the interval the true offset lies in. A sample whose
 * interval shares nothing with the newest one's was taken before the clock was stepped (NTP, an
 * operator) and is dropped, so a step is seen at the next sample rather than once the window has
 * passed. Null without a sample in the window: nothing is known, and nothing is refused.
 */
export function judgeClockSkew(samples: readonly ClockSample[], nowMs: number): ClockSkewVerdict | null {
  const recent = samples.filter((s) => s.receivedMs >= nowMs - SKEW_WINDOW_MS && s.receivedMs <= nowMs).slice(-SKEW_SAMPLES)
  if (recent.length === 0) return null
  const newest = offsetOf(recent[recent.length - 1])
  let best = newest
  for (const sample of recent) {
    const offset = offsetOf(sample)
    const agrees = Math.abs(offset.skewMs - newest.skewMs) <= offset.halfTripMs + newest.halfTripMs
    if (agrees && offset.halfTripMs < best.halfTripMs) best = offset
  }
  return { skewMs: Math.round(best.skewMs), uncertaintyMs: Math.round(best.halfTripMs), state: clockSkewStateOf(best.skewMs) }
}
