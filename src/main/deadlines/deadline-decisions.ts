import { RUN_MARK, secondOfDayOf, type DeadlineTerms } from '../../shared/deadline-terms'
import { instantOfLocal, localTimeOf } from '../schedule/local-time'

/** The successful runs the slow-run rule looks back on, and how many it needs before it says anything. */
export const SLOW_SAMPLE_SIZE = 20
export const SLOW_MIN_SAMPLES = 10

/** When a run must have started and finished; null where the term is off. */
export interface RunDeadlines {
  startByMs: number | null
  finishByMs: number | null
}

/** What is known of a run at an instant: when it was due, when it started and ended (null: not yet). */
export interface RunTimes {
  /** Its scheduled time (a run triggered by hand: when it was triggered). */
  dueMs: number
  startedMs: number | null
  endedMs: number | null
}

/**
 * The first instant at or after `fromMs` whose local time of day in `zone` is `finishBy`: a run due
 * at 23:50 with finishBy 06:00 must be done by 06:00 the next morning. A time a DST change skips is
 * the first instant after the gap (02:30 → 03:00), a repeated one its first occurrence (local-time.ts).
 * Null when `finishBy` is off or not a time of day.
 */
export function finishByInstant(zone: string, finishBy: string, fromMs: number): number | null {
  const second = secondOfDayOf(finishBy)
  if (second === null) return null
  const { day } = localTimeOf(zone, fromMs)
  const sameDay = instantOfLocal(zone, day, second)
  return sameDay >= fromMs ? sameDay : instantOfLocal(zone, day + 1, second)
}

/** A run's deadlines: the start deadline, and the earlier of its two finish terms. */
export function deadlinesOf(terms: DeadlineTerms, zone: string, dueMs: number): RunDeadlines {
  const finishes: number[] = []
  if (terms.finishWithinSec > 0) finishes.push(dueMs + terms.finishWithinSec * 1000)
  const byClock = terms.finishBy === '' ? null : finishByInstant(zone, terms.finishBy, dueMs)
  if (byClock !== null) finishes.push(byClock)
  return {
    startByMs: terms.startDeadlineSec > 0 ? dueMs + terms.startDeadlineSec * 1000 : null,
    finishByMs: finishes.length > 0 ? Math.min(...finishes) : null,
  }
}

/**
 * The p95 of the given durations (nearest rank), or null with fewer than SLOW_MIN_SAMPLES: ten runs
 * are the least that say what "usual" is. Give the last SLOW_SAMPLE_SIZE successful runs' durations.
 */
export function p95Ms(durationsMs: readonly number[]): number | null {
  if (durationsMs.length < SLOW_MIN_SAMPLES) return null
  const sorted = [...durationsMs].sort((a, b) => a - b)
  return sorted[Math.ceil(0.95 * sorted.length) - 1]
}

/**
 * The RUN_MARK bits a run has earned at `nowMs`: late start (not started by its start deadline,
 * or started after it), late finish (not done by its finish deadline, or done after it), slow
 * (running or ran longer than `slowFactor` × `p95` since it started). A deadline is missed at the
 * instant it falls: a run not done at 03:00:05 with finishBy 03:00:05 is late then.
 */
export function missesAt(terms: DeadlineTerms, deadlines: RunDeadlines, times: RunTimes, p95: number | null, nowMs: number): number {
  let marks = 0
  const { startByMs, finishByMs } = deadlines
  if (startByMs !== null && (times.startedMs === null ? nowMs >= startByMs : times.startedMs > startByMs)) marks |= RUN_MARK.lateStart
  if (finishByMs !== null && (times.endedMs === null ? nowMs >= finishByMs : times.endedMs > finishByMs)) marks |= RUN_MARK.lateFinish
  if (terms.slowFactor > 0 && p95 !== null && times.startedMs !== null) {
    const tookMs = (times.endedMs ?? nowMs) - times.startedMs
    if (tookMs > terms.slowFactor * p95) marks |= RUN_MARK.slow
  }
  return marks
}

/** The earliest instant a run not yet marked could earn a mark by time alone, for the monitor's next look; null: none. */
export function nextCheckMs(terms: DeadlineTerms, deadlines: RunDeadlines, times: RunTimes, p95: number | null, marks: number): number | null {
  const candidates: number[] = []
  if (!(marks & RUN_MARK.lateStart) && times.startedMs === null && deadlines.startByMs !== null) candidates.push(deadlines.startByMs)
  if (!(marks & RUN_MARK.lateFinish) && times.endedMs === null && deadlines.finishByMs !== null) candidates.push(deadlines.finishByMs)
  if (!(marks & RUN_MARK.slow) && times.endedMs === null && times.startedMs !== null && p95 !== null && terms.slowFactor > 0) {
    candidates.push(times.startedMs + Math.floor(terms.slowFactor * p95) + 1)
  }
  return candidates.length > 0 ? Math.min(...candidates) : null
}
