import type { CalendarDays } from './business-calendar'
import { daysInMonth, dayNumberOf, type DayNumber } from './civil-date'

/**
 * How far a search for the next or previous business day looks before it gives up: a calendar can
 * have none (no workdays and no make-up day ahead). Two years covers any real holiday stretch.
 */
export const BUSINESS_DAY_SEARCH_DAYS = 731

/** The first business day after `day` (not `day` itself), or null within the search bound. */
export function nextBusinessDay(days: CalendarDays, day: DayNumber): DayNumber | null {
  for (let at = day + 1; at <= day + BUSINESS_DAY_SEARCH_DAYS; at++) if (days.isBusinessDay(at)) return at
  return null
}

/** The last business day before `day` (not `day` itself), or null within the search bound. */
export function previousBusinessDay(days: CalendarDays, day: DayNumber): DayNumber | null {
  for (let at = day - 1; at >= day - BUSINESS_DAY_SEARCH_DAYS; at--) if (days.isBusinessDay(at)) return at
  return null
}

/**
 * The n-th business day of a month: n ≥ 1 counts from the first day, n ≤ -1 from the last (`-1` is the
 * last business day). Null when the month has fewer than |n| business days, or for n = 0.
 */
export function nthBusinessDayOfMonth(days: CalendarDays, year: number, month: number, n: number): DayNumber | null {
  if (!Number.isInteger(n) || n === 0) return null
  const first = dayNumberOf(year, month, 1)
  const last = first + daysInMonth(year, month) - 1
  let seen = 0
  if (n > 0) {
    for (let at = first; at <= last; at++) if (days.isBusinessDay(at) && ++seen === n) return at
  } else {
    for (let at = last; at >= first; at--) if (days.isBusinessDay(at) && ++seen === -n) return at
  }
  return null
}
