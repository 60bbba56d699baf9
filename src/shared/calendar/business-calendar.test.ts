import { describe, expect, it } from 'vitest'
import { CalendarDays, type BusinessCalendar } from './business-calendar'
import { nextBusinessDay, nthBusinessDayOfMonth, previousBusinessDay } from './business-days'
import { formatIsoDate, isoWeekday, parseIsoDate } from './civil-date'
import { oracleIsBusiness, oracleNth, SPRING_FESTIVAL_CALENDAR } from '../../../test/support/calendar-oracle'

const CN = SPRING_FESTIVAL_CALENDAR
const none = (): undefined => undefined
const day = (iso: string): number => parseIsoDate(iso)!

describe('civil dates', () => {
  it('reads only real dates and knows their ISO weekday', () => {
    expect(parseIsoDate('2026-02-29')).toBeNull()
    expect(parseIsoDate('2028-02-29')).not.toBeNull()
    expect(parseIsoDate('2026-2-1')).toBeNull()
    expect(formatIsoDate(day('1969-12-31'))).toBe('1969-12-31')
    expect(isoWeekday(day('2026-02-14'))).toBe(6)
    expect(isoWeekday(day('2026-02-16'))).toBe(1)
    expect(isoWeekday(day('1969-12-28'))).toBe(7)
  })
})

describe('CalendarDays', () => {
  const cn = CalendarDays.resolve(CN, none)

  it('says why a day is or is not a business day', () => {
    expect(cn.kindOf(day('2026-02-13'))).toEqual({ business: true, why: 'workday' })
    expect(cn.kindOf(day('2026-02-14'))).toEqual({ business: true, why: 'makeup' })
    expect(cn.kindOf(day('2026-02-16'))).toEqual({ business: false, why: 'holiday', holiday: 'Spring Festival' })
    expect(cn.kindOf(day('2026-03-01'))).toEqual({ business: false, why: 'weekend' })
  })

  it('agrees with the oracle on every day of two years', () => {
    for (let d = day('2025-12-01'); d < day('2027-12-31'); d++) expect(cn.isBusinessDay(d), formatIsoDate(d)).toBe(oracleIsBusiness(formatIsoDate(d), CN))
  })

  it('lets the nearer calendar decide a date both name, through a basedOn chain', () => {
    const bank: BusinessCalendar = {
      name: 'bank',
      timezone: 'Asia/Shanghai',
      workdays: [1, 2, 3, 4, 5, 6],
      holidays: [{ name: 'bank day', date: '2026-02-14' }],
      makeupWorkdays: ['2026-02-16'],
      basedOn: 'cn',
    }
    const days = CalendarDays.resolve(bank, (name) => (name === 'cn' ? CN : undefined))
    expect(days.kindOf(day('2026-02-14'))).toEqual({ business: false, why: 'holiday', holiday: 'bank day' })
    expect(days.kindOf(day('2026-02-16'))).toEqual({ business: true, why: 'makeup' })
    expect(days.kindOf(day('2026-02-17'))).toEqual({ business: false, why: 'holiday', holiday: 'Spring Festival' })
    expect(days.kindOf(day('2026-03-07'))).toEqual({ business: true, why: 'workday' })
    expect(days.exceptionsBetween(day('2026-02-13'), day('2026-02-17'))).toEqual([
      { date: '2026-02-14', holiday: 'bank day' },
      { date: '2026-02-15', holiday: 'Spring Festival' },
      { date: '2026-02-16', holiday: null },
    ])
  })

  it('refuses a basedOn chain that comes back on itself or names nothing', () => {
    const a: BusinessCalendar = { ...CN, name: 'a', basedOn: 'b' }
    const b: BusinessCalendar = { ...CN, name: 'b', basedOn: 'a' }
    expect(() => CalendarDays.resolve(a, (name) => ({ a, b })[name])).toThrow(/comes back to a/)
    expect(() => CalendarDays.resolve(a, none)).toThrow(/names no calendar 'b'/)
  })
})

describe('business days of a month', () => {
  const cn = CalendarDays.resolve(CN, none)

  it('counts from the start and from the end as the oracle does, over two years', () => {
    for (let year = 2026; year <= 2027; year++) {
      for (let month = 1; month <= 12; month++) {
        for (const n of [1, 2, 3, 5, 20, 22, 23, -1, -2, -3, -23]) {
          const found = nthBusinessDayOfMonth(cn, year, month, n)
          expect(found === null ? null : formatIsoDate(found), `${year}-${month} BD${n}`).toBe(oracleNth(CN, year, month, n))
        }
      }
    }
  })

  it('has no BD0, and steps over the long holiday to the next or previous business day', () => {
    expect(nthBusinessDayOfMonth(cn, 2026, 2, 0)).toBeNull()
    expect(formatIsoDate(nextBusinessDay(cn, day('2026-02-14'))!)).toBe('2026-02-23')
    expect(formatIsoDate(previousBusinessDay(cn, day('2026-02-23'))!)).toBe('2026-02-14')
    const never = CalendarDays.resolve({ ...CN, workdays: [], makeupWorkdays: [] }, none)
    expect(nextBusinessDay(never, day('2026-02-14'))).toBeNull()
  })
})
