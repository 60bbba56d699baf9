import { invalidField } from '../../shared/messages/coded-errors'
import { SCHEDULE_TYPES } from '../../shared/model'
import { cronNextFireMs } from './cron'
import { parseFixRateSec } from './fix-rate'
import { unknownScheduleType, type ScheduleSpec } from './next-fire'
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
  if (spec.scheduleType === 'CRON' || (typeof spec.timezone === 'string' && spec.timezone !== '')) {
    assertIanaTimeZone(spec.timezone)
  }
  if (spec.scheduleType === 'FIX_RATE') parseFixRateSec(spec.scheduleConf)
  if (spec.scheduleType !== 'CRON') return
  if (cronNextFireMs(spec.scheduleConf, spec.timezone, nowMs) === null) {
    const expression = spec.scheduleConf.trim()
    throw invalidField('scheduleConf', 'schedule.noFireAfter', { expression, from: new Date(nowMs).toISOString() })
  }
}
