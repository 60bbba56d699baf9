import type { CalendarDays } from '../../shared/calendar/business-calendar'
import { nthBusinessDayOfMonth } from '../../shared/calendar/business-days'
import { partsOf } from '../../shared/calendar/civil-date'
import { invalidField } from '../../shared/messages/coded-errors'
import { instantOfLocal, localTimeOf } from './local-time'

/**
 * BUSINESS_DAY schedules: `scheduleConf` names business days of each month and one local time,
 * `BD1 09:00` (the first), `BD-1 18:30` (the last), `BD3,BD-2 08:00:30`. The days are dates of the
 * job's calendar; the time is on that date in the job's zone.
 */

/** No month has more than 23 weekdays, so no calendar can give it a 24th business day. */
export const MAX_BUSINESS_DAY_INDEX = 23
/** A calendar without business days (or with fewer than asked) is searched this many months ahead. */
const SEARCH_MONTHS = 24

const CONF = /^\s*(BD-?\d+(?:\s*,\s*BD-?\d+)*)\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$/i

export interface BusinessDaySchedule {
  /** Sorted, distinct; positive from the month's start, negative from its end. */
  days: number[]
  secondOfDay: number
}

/** @throws ValidationError on `scheduleConf` naming what is wrong (`BD0`, a 25th hour, no time). */
export function parseBusinessDayConf(conf: string): BusinessDaySchedule {
  const text = typeof conf === 'string' ? conf : String(conf)
  const match = CONF.exec(text)
  if (match === null) throw invalidField('scheduleConf', 'businessDay.format', { got: text })
  const days = [...new Set(match[1].split(',').map((entry) => Number(entry.trim().slice(2))))].sort((a, b) => a - b)
  for (const n of days) {
    if (n === 0) throw invalidField('scheduleConf', 'businessDay.zero', { got: text })
    if (Math.abs(n) > MAX_BUSINESS_DAY_INDEX) throw invalidField('scheduleConf', 'businessDay.tooFar', { got: text, max: MAX_BUSINESS_DAY_INDEX })
  }
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)]
  if (hour > 23 || minute > 59 || second > 59) throw invalidField('scheduleConf', 'businessDay.time', { got: text })
  return { days, secondOfDay: hour * 3600 + minute * 60 + second }
}

/**
 * The first fire strictly after `fromMs`, or null when the calendar has no such business day in the
 * next two years. Pure: reads no clock.
 */
export function businessDayNextFireMs(schedule: BusinessDaySchedule, timezone: string, days: CalendarDays, fromMs: number): number | null {
  const start = partsOf(localTimeOf(timezone, fromMs).day)
  for (let m = 0; m < SEARCH_MONTHS; m++) {
    const year = start.year + Math.floor((start.month - 1 + m) / 12)
    const month = ((start.month - 1 + m) % 12) + 1
    let best: number | null = null
    for (const n of schedule.days) {
      const day = nthBusinessDayOfMonth(days, year, month, n)
      if (day === null) continue
      const fireMs = instantOfLocal(timezone, day, schedule.secondOfDay)
      if (fireMs > fromMs && (best === null || fireMs < best)) best = fireMs
    }
    if (best !== null) return best
  }
  return null
}
