import { ValidationError } from '../../shared/errors'
import { SCHEDULE_TYPES } from '../../shared/model'
import { cronNextFireMs } from './cron'
import { parseFixRateSec } from './fix-rate'
import { unknownScheduleType, type ScheduleSpec } from './next-fire'
import { assertIanaTimeZone } from './timezone'

/**
 * Checks a schedule before it is saved: a known type, an IANA zone, and a conf the type accepts; a CRON
 * expression must also fire at least once after `nowMs` (the caller's clock; this reads none).
 * @throws ValidationError whose `field` is `scheduleType`, `timezone` or `scheduleConf` and whose message
 *   names the rule, e.g. `scheduleConf: '0 0 25 * * ?' hour 25 is out of range 0-23`.
 */
export function validateSchedule(spec: ScheduleSpec, nowMs: number): void {
  if (!(SCHEDULE_TYPES as readonly unknown[]).includes(spec.scheduleType)) throw unknownScheduleType(spec.scheduleType)
  assertIanaTimeZone(spec.timezone)
  if (spec.scheduleType === 'FIX_RATE') parseFixRateSec(spec.scheduleConf)
  if (spec.scheduleType !== 'CRON') return
  if (cronNextFireMs(spec.scheduleConf, spec.timezone, nowMs) === null) {
    const expression = spec.scheduleConf.trim()
    throw new ValidationError('scheduleConf', `'${expression}' has no fire time after ${new Date(nowMs).toISOString()}`)
  }
}
