import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../shared/errors'
import type { ScheduleType } from '../../shared/model'
import { validateSchedule } from './validate-schedule'
import type { ScheduleSpec } from './next-fire'

const NOW_MS = Date.parse('2026-06-01T12:00:00Z')
const spec = (scheduleType: string, scheduleConf: string, timezone = 'Europe/Berlin'): ScheduleSpec => ({
  scheduleType: scheduleType as ScheduleType,
  scheduleConf,
  timezone,
})

function failureOf(input: ScheduleSpec): ValidationError {
  try {
    validateSchedule(input, NOW_MS)
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return error as ValidationError
  }
  throw new Error(`${JSON.stringify(input)} was accepted`)
}

describe('validateSchedule', () => {
  it('accepts valid CRON, FIX_RATE and NONE schedules', () => {
    expect(() => validateSchedule(spec('CRON', '0 15 10 ? * 6#3'), NOW_MS)).not.toThrow()
    expect(() => validateSchedule(spec('CRON', '0 0 12 1 1 ? 2027', 'Asia/Tokyo'), NOW_MS)).not.toThrow()
    expect(() => validateSchedule(spec('FIX_RATE', '30'), NOW_MS)).not.toThrow()
    expect(() => validateSchedule(spec('NONE', ''), NOW_MS)).not.toThrow()
  })

  it('names an out-of-range cron field and its range', () => {
    const error = failureOf(spec('CRON', '0 0 25 * * ?'))
    expect(error.field).toBe('scheduleConf')
    expect(error.message).toBe("scheduleConf: '0 0 25 * * ?' hour 25 is out of range 0-23")
  })

  it('explains the expected number of fields', () => {
    expect(failureOf(spec('CRON', '0 0 * * *')).message).toBe(
      'scheduleConf: expected 6 or 7 fields (seconds minutes hours day-of-month month day-of-week [year]), got 5',
    )
  })

  it('refuses L-3 and a lone L in day-of-week as unsupported', () => {
    expect(failureOf(spec('CRON', '0 0 12 ? * L-3')).message).toContain("day-of-week 'L-3' is not supported")
    expect(failureOf(spec('CRON', '0 0 12 L-3 * ?')).message).toContain("day-of-month 'L-3' is not supported")
    expect(failureOf(spec('CRON', '0 0 12 ? * L')).message).toContain("day-of-week 'L' is not supported")
  })

  it('refuses a zone that is not IANA, for every schedule type', () => {
    for (const [type, conf] of [['CRON', '0 0 12 * * ?'], ['FIX_RATE', '30'], ['NONE', '']]) {
      const error = failureOf(spec(type, conf, 'Mars/Olympus'))
      expect(error.field).toBe('timezone')
      expect(error.message).toBe("timezone: 'Mars/Olympus' is not an IANA time zone")
    }
    expect(failureOf(spec('CRON', '0 0 12 * * ?', '+02:00')).field).toBe('timezone')
    expect(failureOf(spec('CRON', '0 0 12 * * ?', '')).message).toBe('timezone: an IANA time zone is required, e.g. Europe/Berlin')
  })

  it('lets FIX_RATE and NONE leave the zone empty, since they do not use one', () => {
    expect(() => validateSchedule(spec('FIX_RATE', '30', ''), NOW_MS)).not.toThrow()
    expect(() => validateSchedule(spec('NONE', '', ''), NOW_MS)).not.toThrow()
  })

  it('refuses a FIX_RATE that is not a whole number of seconds ≥ 1', () => {
    const error = failureOf(spec('FIX_RATE', '0.5'))
    expect(error.field).toBe('scheduleConf')
    expect(error.message).toBe("scheduleConf: FIX_RATE needs a whole number of seconds ≥ 1, got '0.5'")
  })

  it('refuses a cron expression that never fires after now', () => {
    const past = failureOf(spec('CRON', '0 0 12 * * ? 2025'))
    expect(past.field).toBe('scheduleConf')
    expect(past.message).toBe("scheduleConf: '0 0 12 * * ? 2025' has no fire time after 2026-06-01T12:00:00.000Z")
    expect(failureOf(spec('CRON', '0 0 0 31 2 ?')).message).toContain('has no fire time after')
    // The same expression is valid when "now" is earlier: the reference time is the caller's.
    expect(() => validateSchedule(spec('CRON', '0 0 12 * * ? 2025'), Date.parse('2025-03-01T00:00:00Z'))).not.toThrow()
  })

  it('refuses restricting both day fields, saying Quartz does not support it', () => {
    expect(failureOf(spec('CRON', '0 0 12 15 * 2')).message).toContain('Quartz does not support that combination')
  })

  it('lists the valid schedule types for an unknown one', () => {
    const error = failureOf(spec('FIX_DELAY', '30'))
    expect(error.field).toBe('scheduleType')
    expect(error.message).toBe("scheduleType: 'FIX_DELAY' is not a schedule type; expected one of NONE, CRON, FIX_RATE")
  })

  it('refuses a CRON schedule without an expression', () => {
    expect(failureOf(spec('CRON', '')).message).toBe('scheduleConf: a CRON schedule needs an expression')
    expect(failureOf({ scheduleType: 'CRON', timezone: 'UTC' } as unknown as ScheduleSpec).field).toBe('scheduleConf')
  })
})
