import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../shared/errors'
import type { ScheduleType } from '../../shared/model'
import { SPRING_FESTIVAL_CALENDAR } from '../../../test/support/calendar-oracle'
import { CalendarDays } from '../../shared/calendar/business-calendar'
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
    expect(error).toMatchObject({ field: 'scheduleConf', code: 'cron.outOfRange', params: { cronField: 'hour', value: 25, range: '0-23' } })
  })

  it('explains the expected number of fields', () => {
    expect(failureOf(spec('CRON', '0 0 * * *'))).toMatchObject({ field: 'scheduleConf', code: 'cron.fieldCount', params: { count: 5 } })
  })

  it('refuses L-3 and a lone L in day-of-week as unsupported', () => {
    expect(failureOf(spec('CRON', '0 0 12 ? * L-3'))).toMatchObject({ code: 'cron.lastOffset', params: { cronField: 'day-of-week', item: 'L-3' } })
    expect(failureOf(spec('CRON', '0 0 12 L-3 * ?'))).toMatchObject({ code: 'cron.lastOffset', params: { cronField: 'day-of-month', item: 'L-3' } })
    expect(failureOf(spec('CRON', '0 0 12 ? * L'))).toMatchObject({ code: 'cron.loneL', params: { cronField: 'day-of-week' } })
  })

  it('refuses a zone that is not IANA, for every schedule type', () => {
    for (const [type, conf] of [
      ['CRON', '0 0 12 * * ?'],
      ['FIX_RATE', '30'],
      ['NONE', ''],
    ]) {
      const error = failureOf(spec(type, conf, 'Mars/Olympus'))
      expect(error).toMatchObject({ field: 'timezone', code: 'timezone.unknown', params: { zone: 'Mars/Olympus' } })
    }
    expect(failureOf(spec('CRON', '0 0 12 * * ?', '+02:00')).field).toBe('timezone')
    expect(failureOf(spec('CRON', '0 0 12 * * ?', ''))).toMatchObject({ field: 'timezone', code: 'timezone.required' })
  })

  it('lets FIX_RATE and NONE leave the zone empty, since they do not use one', () => {
    expect(() => validateSchedule(spec('FIX_RATE', '30', ''), NOW_MS)).not.toThrow()
    expect(() => validateSchedule(spec('NONE', '', ''), NOW_MS)).not.toThrow()
  })

  it('refuses a FIX_RATE that is not a whole number of seconds ≥ 1', () => {
    const error = failureOf(spec('FIX_RATE', '0.5'))
    expect(error).toMatchObject({ field: 'scheduleConf', code: 'fixRate.invalid', params: { got: '0.5' } })
  })

  it('refuses a cron expression that never fires after now', () => {
    const past = failureOf(spec('CRON', '0 0 12 * * ? 2025'))
    expect(past).toMatchObject({
      field: 'scheduleConf',
      code: 'schedule.noFireAfter',
      params: { expression: '0 0 12 * * ? 2025', from: '2026-06-01T12:00:00.000Z' },
    })
    expect(failureOf(spec('CRON', '0 0 0 31 2 ?')).code).toBe('schedule.noFireAfter')
    // The same expression is valid when "now" is earlier: the reference time is the caller's.
    expect(() => validateSchedule(spec('CRON', '0 0 12 * * ? 2025'), Date.parse('2025-03-01T00:00:00Z'))).not.toThrow()
  })

  it('refuses restricting both day fields, saying Quartz does not support it', () => {
    expect(failureOf(spec('CRON', '0 0 12 15 * 2'))).toMatchObject({ code: 'cron.bothDays', params: { dayOfMonth: '15', dayOfWeek: '2' } })
  })

  it('lists the valid schedule types for an unknown one', () => {
    const error = failureOf(spec('FIX_DELAY', '30'))
    expect(error).toMatchObject({
      field: 'scheduleType',
      code: 'schedule.unknownType',
      params: { got: 'FIX_DELAY', values: ['NONE', 'CRON', 'FIX_RATE', 'BUSINESS_DAY'] },
    })
  })

  it('refuses a CRON schedule without an expression', () => {
    expect(failureOf(spec('CRON', ''))).toMatchObject({ field: 'scheduleConf', code: 'cron.required' })
    expect(failureOf({ scheduleType: 'CRON', timezone: 'UTC' } as unknown as ScheduleSpec).field).toBe('scheduleConf')
  })
})

describe('validateSchedule with business days and calendars', () => {
  const days = CalendarDays.resolve(SPRING_FESTIVAL_CALENDAR, () => undefined)
  const withTerms = (input: ScheduleSpec, roll: 'SKIP' | 'NEXT' | 'PREVIOUS'): ScheduleSpec => ({
    ...input,
    calendarTerms: { days, rule: 'BUSINESS_DAYS', roll },
  })

  it('accepts a BUSINESS_DAY schedule, with or without a calendar, and refuses a malformed one on scheduleConf', () => {
    expect(() => validateSchedule(spec('BUSINESS_DAY', 'BD1,BD-1 09:00', 'Asia/Shanghai'), NOW_MS)).not.toThrow()
    expect(() => validateSchedule(withTerms(spec('BUSINESS_DAY', 'BD-1 18:30', 'Asia/Shanghai'), 'SKIP'), NOW_MS)).not.toThrow()
    expect(failureOf(spec('BUSINESS_DAY', 'BD0 09:00'))).toMatchObject({ field: 'scheduleConf', code: 'businessDay.zero' })
    expect(failureOf(spec('BUSINESS_DAY', 'BD1 09:00', 'Mars/Base'))).toMatchObject({ field: 'timezone', code: 'timezone.unknown' })
  })

  it('moves fires of a daily or hourly schedule, and refuses a move for one that fires more often', () => {
    expect(() => validateSchedule(withTerms(spec('CRON', '0 0 10 * * ?', 'Asia/Shanghai'), 'NEXT'), NOW_MS)).not.toThrow()
    expect(() => validateSchedule(withTerms(spec('CRON', '0 0 * * * ?', 'Asia/Shanghai'), 'PREVIOUS'), NOW_MS)).not.toThrow()
    expect(failureOf(withTerms(spec('CRON', '0 0/30 * * * ?', 'Asia/Shanghai'), 'NEXT'))).toMatchObject({
      field: 'calendarRoll',
      code: 'calendar.rollTooDense',
      params: { seconds: 1800, min: 3600 },
    })
    expect(failureOf(withTerms(spec('FIX_RATE', '60'), 'NEXT'))).toMatchObject({ field: 'calendarRoll', code: 'calendar.rollTooDense' })
    expect(() => validateSchedule(withTerms(spec('CRON', '* * * * * ?', 'Asia/Shanghai'), 'SKIP'), NOW_MS)).not.toThrow()
  })

  it('refuses a schedule the calendar never lets fire', () => {
    const never = CalendarDays.resolve({ ...SPRING_FESTIVAL_CALENDAR, workdays: [], makeupWorkdays: [] }, () => undefined)
    expect(failureOf({ ...spec('CRON', '0 0 10 * * ?', 'Asia/Shanghai'), calendarTerms: { days: never, rule: 'BUSINESS_DAYS', roll: 'SKIP' } })).toMatchObject({
      field: 'scheduleConf',
      code: 'schedule.noFireAfter',
    })
  })
})
