import type { DayNumber } from '../../shared/calendar/civil-date'
import { zoneOffsetMs } from './timezone'
import { zoneSegment } from './zone-segment'

/**
 * Instants and the local dates and times of a zone, for business days and windows. Local times that
 * a DST change skips or repeats follow the rule cron's fixed times follow (cron.ts): a time in the
 * spring-forward gap happens at the first instant after the gap (02:30 → 03:00), a time in the
 * fall-back overlap at its first occurrence.
 */

const DAY_MS = 86_400_000
/**
 * The zone's offset at `epochMs`, from the stretches of constant offset around it (zone-segment.ts):
 * calendars ask for the local day of many instants, and each Intl read costs microseconds.
 */
function offsetAt(zone: string, epochMs: number): number {
  return zoneSegment(zone, epochMs).offsetMs
}

export interface LocalTime {
  day: DayNumber
  /** Seconds since the local midnight, 0 – 86,399. */
  secondOfDay: number
}

export function localTimeOf(zone: string, epochMs: number): LocalTime {
  const wallMs = Math.floor(epochMs / 1000) * 1000 + offsetAt(zone, epochMs)
  const day = Math.floor(wallMs / DAY_MS)
  return { day, secondOfDay: (wallMs - day * DAY_MS) / 1000 }
}

/** The instant a local date and time happen in `zone` (see the file's note on DST gaps and overlaps). */
export function instantOfLocal(zone: string, day: DayNumber, secondOfDay: number): number {
  const wallMs = day * DAY_MS + secondOfDay * 1000
  // A zone changes its offset at most once within a day either side; the two offsets bracket the answer.
  const before = offsetAt(zone, wallMs - DAY_MS)
  const after = offsetAt(zone, wallMs + DAY_MS)
  const early = wallMs - Math.max(before, after)
  const late = wallMs - Math.min(before, after)
  if (offsetAt(zone, early) + early === wallMs) return early
  if (offsetAt(zone, late) + late === wallMs) return late
  return firstInstantWithOffset(zone, early, late, after)
}

/** In a gap: the offset change between `lowMs` and `highMs`, found to the second. */
function firstInstantWithOffset(zone: string, lowMs: number, highMs: number, offsetMs: number): number {
  let low = Math.floor(lowMs / 1000)
  let high = Math.ceil(highMs / 1000)
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2)
    if (zoneOffsetMs(zone, mid * 1000) === offsetMs) high = mid
    else low = mid
  }
  return high * 1000
}
