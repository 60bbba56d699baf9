import { describe, expect, it } from 'vitest'
import { oracleInstant, oracleNth, SPRING_FESTIVAL_CALENDAR } from '../../../test/support/calendar-oracle'
import { CalendarDays } from '../../shared/calendar/business-calendar'
import { ValidationError } from '../../shared/errors'
import { businessDayNextFireMs, parseBusinessDayConf } from './business-day'

const none = (): undefined => undefined
const CN = SPRING_FESTIVAL_CALENDAR
const cn = CalendarDays.resolve(CN, none)

function fires(conf: string, zone: string, fromIso: string, count: number): string[] {
  const schedule = parseBusinessDayConf(conf)
  const out: string[] = []
  for (let at: number | null = Date.parse(fromIso); out.length < count;) {
    at = businessDayNextFireMs(schedule, zone, cn, at)
    if (at === null) break
    out.push(new Date(at).toISOString())
  }
  return out
}

describe('parseBusinessDayConf', () => {
  it('reads days from the start and the end, and a time', () => {
    expect(parseBusinessDayConf('BD1 09:00')).toEqual({ days: [1], secondOfDay: 9 * 3600 })
    expect(parseBusinessDayConf('bd-1 18:30')).toEqual({ days: [-1], secondOfDay: 18 * 3600 + 30 * 60 })
    expect(parseBusinessDayConf(' BD3, BD-2,BD3 08:00:30 ')).toEqual({ days: [-2, 3], secondOfDay: 8 * 3600 + 30 })
  })

  it.each([
    ['BD0 09:00', /BD0 is no business day/],
    ['BD24 09:00', /at most 23 business days/],
    ['BD1 24:00', /HH:MM or HH:MM:SS/],
    ['BD1', /BUSINESS_DAY needs business days and a time/],
    ['BD1 9', /BUSINESS_DAY needs/],
    ['L 09:00', /BUSINESS_DAY needs/],
  ])('refuses %s with a message that says why', (conf, message) => {
    const error = (() => {
      try {
        parseBusinessDayConf(conf)
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).field).toBe('scheduleConf')
    expect((error as ValidationError).message).toMatch(message)
  })
})

describe('businessDayNextFireMs', () => {
  it('fires on the n-th business day of each month as the oracle counts it, over two years', () => {
    for (const [conf, ns] of [
      ['BD1 09:00', [1]],
      ['BD-1 18:30', [-1]],
      ['BD3,BD-2 08:00', [3, -2]],
    ] as const) {
      const expected: string[] = []
      for (let m = 0; m < 24; m++) {
        const [year, month] = [2026 + Math.floor(m / 12), (m % 12) + 1]
        const time = conf.split(' ')[1].padEnd(8, ':00')
        for (const date of ns.map((n) => oracleNth(CN, year, month, n)).sort())
          expected.push(new Date(oracleInstant('Asia/Shanghai', date!, time)).toISOString())
      }
      expect(fires(conf, 'Asia/Shanghai', '2025-12-31T16:00:00Z', 48 * ns.length).slice(0, expected.length), conf).toEqual(expected)
    }
  })

  it('crosses the long holiday: the last of February is its make-up Saturday, the 12th is after the days off', () => {
    expect(fires('BD-1 18:30', 'Asia/Shanghai', '2026-02-01T00:00:00Z', 1)).toEqual(['2026-02-28T10:30:00.000Z'])
    // Ten weekdays, the make-up Saturday, then the eight days off.
    expect(fires('BD11,BD12 09:00', 'Asia/Shanghai', '2026-02-01T00:00:00Z', 2)).toEqual(['2026-02-14T01:00:00.000Z', '2026-02-23T01:00:00.000Z'])
  })

  it('is strictly after the time it is asked from', () => {
    const [first] = fires('BD1 09:00', 'Asia/Shanghai', '2026-03-01T00:00:00Z', 1)
    expect(fires('BD1 09:00', 'Asia/Shanghai', first, 1)).toEqual(['2026-04-01T01:00:00.000Z'])
  })

  it('places a time in a DST gap at the end of the gap, as cron does', () => {
    // A make-up Sunday on the night Berlin springs forward.
    const berlin = CalendarDays.resolve({ ...CN, timezone: 'Europe/Berlin', holidays: [], makeupWorkdays: ['2026-03-29'], workdays: [] }, none)
    const at = businessDayNextFireMs(parseBusinessDayConf('BD1 02:30'), 'Europe/Berlin', berlin, Date.parse('2026-03-01T00:00:00Z'))
    expect(new Date(at!).toISOString()).toBe('2026-03-29T01:00:00.000Z')
  })

  it('has no fire when the calendar has no business day', () => {
    const never = CalendarDays.resolve({ ...CN, workdays: [], makeupWorkdays: [] }, none)
    expect(businessDayNextFireMs(parseBusinessDayConf('BD1 09:00'), 'UTC', never, Date.parse('2026-03-01T00:00:00Z'))).toBeNull()
  })
})
