import { windowCovers, type MaintenanceWindow, type WindowTarget } from '../../shared/calendar/maintenance-window'
import { cronNextFireMs } from './cron'

/**
 * When maintenance windows are open, as pure functions of an instant. The scheduler asks whether a
 * fire falls in one and when the last one covering it closes; the simulator asks the same.
 */

export interface WindowSpan {
  windowId: number
  name: string
  startMs: number
  /** Excluded: a fire at the end is outside. */
  endMs: number
}

/** Overlapping windows are chained this many times at most when looking for the end of all of them. */
const MAX_CHAINED_WINDOWS = 100

/** The span of `window` that contains `atMs`, or null when it is closed then. */
export function openSpanAt(window: MaintenanceWindow, atMs: number): WindowSpan | null {
  if (!window.enabled) return null
  const { timing } = window
  if (timing.kind === 'once') {
    return timing.startMs <= atMs && atMs < timing.endMs ? { windowId: window.id, name: window.name, startMs: timing.startMs, endMs: timing.endMs } : null
  }
  const durationMs = timing.durationSec * 1000
  // The first start after atMs − duration is the only one whose span can still contain atMs.
  const startMs = cronNextFireMs(timing.cron, window.timezone, atMs - durationMs)
  if (startMs === null || startMs > atMs) return null
  return { windowId: window.id, name: window.name, startMs, endMs: startMs + durationMs }
}

/** The open window covering `target` at `atMs` (the one closing last, when several are), or null. */
export function coveringSpanAt(windows: readonly MaintenanceWindow[], target: WindowTarget, atMs: number): WindowSpan | null {
  let found: WindowSpan | null = null
  for (const window of windows) {
    if (!windowCovers(window.scope, target)) continue
    const span = openSpanAt(window, atMs)
    if (span !== null && (found === null || span.endMs > found.endMs)) found = span
  }
  return found
}

/**
 * When `target` is first free of windows at or after `atMs`: windows that overlap or touch are
 * followed one into the next, so a fire held back by both fires once, after the last.
 */
export function windowsCloseAt(windows: readonly MaintenanceWindow[], target: WindowTarget, atMs: number): number {
  let at = atMs
  for (let n = 0; n < MAX_CHAINED_WINDOWS; n++) {
    const span = coveringSpanAt(windows, target, at)
    if (span === null) return at
    at = span.endMs
  }
  return at
}
