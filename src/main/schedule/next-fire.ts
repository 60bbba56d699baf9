import type { ValidationError } from '../../shared/errors'
import { invalidField } from '../../shared/messages/coded-errors'
import { SCHEDULE_TYPES, type ScheduleType } from '../../shared/model'
import { CalendarDays } from '../../shared/calendar/business-calendar'
import { businessDayNextFireMs, parseBusinessDayConf } from './business-day'
import { calendarNextFire, type CalendarTerms } from './calendar-fires'
import { cronNextFireMs } from './cron'
import { fixRateNextFireMs } from './fix-rate'

/** The three job columns that decide when a job fires (`schedule_type`, `schedule_conf`, the job's zone). */
export interface ScheduleSpec {
  scheduleType: ScheduleType
  /** Quartz cron expression for CRON, whole seconds for FIX_RATE, ignored for NONE. */
  scheduleConf: string
  /** IANA zone the cron expression is evaluated in, e.g. `Europe/Berlin`. */
  timezone: string
  /**
   * The job's calendar resolved, with its rule and roll; absent or null: none. A BUSINESS_DAY
   * schedule counts its days by it (Monday to Friday without one) and takes no rule or roll.
   */
  calendarTerms?: CalendarTerms | null
}

/**
 * The first fire time strictly after `fromMs` (epoch ms), or null when there is none: NONE, or a cron
 * expression whose times all lie before `fromMs` (e.g. a past year). Pure: reads no clock.
 * @throws ValidationError naming `scheduleType`, `scheduleConf` or `timezone` when the spec is invalid.
 */
export function nextFireTimeMs(spec: ScheduleSpec, fromMs: number): number | null {
  if (!Number.isFinite(fromMs)) throw new RangeError(`fromMs must be a finite epoch time in ms, got ${fromMs}`)
  const terms = spec.calendarTerms
  if (terms != null && spec.scheduleType !== 'BUSINESS_DAY' && spec.scheduleType !== 'NONE') {
    const fate = calendarNextFire((slotMs) => slotAfter(spec, slotMs), terms, spec.timezone, fromMs)
    return fate !== null && fate.fires ? fate.fireMs : null
  }
  return slotAfter(spec, fromMs)
}

/** The schedule's own next slot, before a calendar's rule and roll. */
function slotAfter(spec: ScheduleSpec, fromMs: number): number | null {
  switch (spec.scheduleType) {
    case 'CRON':
      return cronNextFireMs(spec.scheduleConf, spec.timezone, fromMs)
    case 'FIX_RATE':
      return fixRateNextFireMs(spec.scheduleConf, fromMs)
    case 'BUSINESS_DAY':
      return businessDayNextFireMs(parseBusinessDayConf(spec.scheduleConf), spec.timezone, spec.calendarTerms?.days ?? weekdaysIn(spec.timezone), fromMs)
    case 'NONE':
      return null
    default:
      throw unknownScheduleType(spec.scheduleType)
  }
}

/**
 * The next `count` fire times after `fromMs`, in order; fewer when the schedule runs out (none for NONE).
 * The job editor shows 5.
 * @throws ValidationError as {@link nextFireTimeMs}.
 */
export function previewFireTimes(spec: ScheduleSpec, fromMs: number, count: number): number[] {
  const times: number[] = []
  let afterMs = fromMs
  for (let i = 0; i < count; i++) {
    const nextMs = nextFireTimeMs(spec, afterMs)
    if (nextMs === null) break
    times.push(nextMs)
    afterMs = nextMs
  }
  return times
}

export function unknownScheduleType(scheduleType: unknown): ValidationError {
  return invalidField('scheduleType', 'schedule.unknownType', { got: String(scheduleType), values: [...SCHEDULE_TYPES] })
}

const weekdayCalendars = new Map<string, CalendarDays>()

/** Monday to Friday with no holidays: the days of a BUSINESS_DAY schedule without a calendar. */
function weekdaysIn(timezone: string): CalendarDays {
  let days = weekdayCalendars.get(timezone)
  if (days === undefined) {
    days = CalendarDays.resolve({ name: '', timezone, workdays: [1, 2, 3, 4, 5], holidays: [], makeupWorkdays: [] }, () => undefined)
    // Zones are a few hundred at most; a stream of invalid names fails before it gets here.
    weekdayCalendars.set(timezone, days)
  }
  return days
}
