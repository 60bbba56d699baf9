import { ROLL_MIN_SPACING_SEC } from '../../shared/calendar/calendar-rules'
import { invalidField } from '../../shared/messages/coded-errors'
import { SCHEDULE_TYPES } from '../../shared/model'
import { parseBusinessDayConf } from './business-day'
import { cronNextFireMs } from './cron'
import { parseFixRateSec } from './fix-rate'
import { nextFireTimeMs, unknownScheduleType, type ScheduleSpec } from './next-fire'
import { assertIanaTimeZone } from './timezone'

/**
 * Checks a schedule before it is saved: a known type, a conf the type accepts, and an IANA zone (required
 * for CRON; FIX_RATE and NONE do not use one, so they may leave it empty, but a non-empty one must be valid).
 * A CRON expression must also fire at least once after `nowMs` (the caller's clock; this reads none).
 * @throws ValidationError whose `field` is `scheduleType`, `timezone` or `scheduleConf` and whose message
 *   names the rule, e.g. `scheduleConf: '0 0 25 * * ?' hour 25 is out of range 0-23`.
 */
export function validateSchedule(spec: ScheduleSpec, nowMs: number): void {
  if (!(SCHEDULE_TYPES as readonly unknown[]).includes(spec.scheduleType)) throw unknownScheduleType(spec.scheduleType)
  const zoned = spec.scheduleType === 'CRON' || spec.scheduleType === 'BUSINESS_DAY'
  if (zoned || (typeof spec.timezone === 'string' && spec.timezone !== '')) {
    assertIanaTimeZone(spec.timezone)
  }
  if (spec.scheduleType === 'FIX_RATE') parseFixRateSec(spec.scheduleConf)
  if (spec.scheduleType === 'BUSINESS_DAY') parseBusinessDayConf(spec.scheduleConf)
  if (spec.scheduleType === 'CRON' && cronNextFireMs(spec.scheduleConf, spec.timezone, nowMs) === null) throw noFireAfter(spec, nowMs)
  if (spec.calendarTerms != null && spec.calendarTerms.roll !== 'SKIP') checkRollSpacing(spec, nowMs)
  if (zoned && nextFireTimeMs(spec, nowMs) === null) throw noFireAfter(spec, nowMs)
}

/** Slots sampled for a roll's spacing rule: a day of an hourly schedule. */
const SPACING_SAMPLE = 24

/** A roll moves one fire of a day to another day: the schedule's slots must be ROLL_MIN_SPACING_SEC apart or more. */
function checkRollSpacing(spec: ScheduleSpec, nowMs: number): void {
  const plain = { ...spec, calendarTerms: null }
  let previous = nextFireTimeMs(plain, nowMs)
  for (let i = 0; previous !== null && i < SPACING_SAMPLE; i++) {
    const next = nextFireTimeMs(plain, previous)
    if (next === null) return
    const seconds = (next - previous) / 1000
    if (seconds < ROLL_MIN_SPACING_SEC) throw invalidField('calendarRoll', 'calendar.rollTooDense', { seconds, min: ROLL_MIN_SPACING_SEC })
    previous = next
  }
}

function noFireAfter(spec: ScheduleSpec, nowMs: number) {
  return invalidField('scheduleConf', 'schedule.noFireAfter', { expression: spec.scheduleConf.trim(), from: new Date(nowMs).toISOString() })
}
