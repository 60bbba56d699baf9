import { describe, expect, it } from 'vitest'
import { SPRING_FESTIVAL_CALENDAR } from '../../../test/support/calendar-oracle'
import { CalendarDays } from '../../shared/calendar/business-calendar'
import { previewFireTimes, type ScheduleSpec } from './next-fire'

const days = CalendarDays.resolve(SPRING_FESTIVAL_CALENDAR, () => undefined)
const local = (ms: number): string => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' }).format(ms)
const FROM = Date.parse('2026-02-12T00:00:00Z')

describe('next fires through a calendar', () => {
  it('a weekly Saturday with a calendar fires on the make-up Saturdays and moves the one in the days off to Monday', () => {
    const spec: ScheduleSpec = {
      scheduleType: 'CRON',
      scheduleConf: '0 0 10 ? * SAT',
      timezone: 'Asia/Shanghai',
      calendarTerms: { days, rule: 'BUSINESS_DAYS', roll: 'NEXT' },
    }
    expect(previewFireTimes(spec, FROM, 3).map(local)).toEqual(['2026-02-14 10:00', '2026-02-23 10:00', '2026-02-28 10:00'])
  })

  it('BUSINESS_DAY counts Monday to Friday without a calendar, and the calendar’s days with one', () => {
    const bare: ScheduleSpec = { scheduleType: 'BUSINESS_DAY', scheduleConf: 'BD-1 18:00', timezone: 'Asia/Shanghai' }
    expect(previewFireTimes(bare, FROM, 2).map(local)).toEqual(['2026-02-27 18:00', '2026-03-31 18:00'])
    expect(previewFireTimes({ ...bare, calendarTerms: { days, rule: 'BUSINESS_DAYS', roll: 'SKIP' } }, FROM, 1).map(local)).toEqual(['2026-02-28 18:00'])
  })

  it('leaves a schedule without a calendar as it was', () => {
    const spec: ScheduleSpec = { scheduleType: 'CRON', scheduleConf: '0 0 10 * * ?', timezone: 'Asia/Shanghai', calendarTerms: null }
    expect(previewFireTimes(spec, FROM, 4).map(local)).toEqual(['2026-02-12 10:00', '2026-02-13 10:00', '2026-02-14 10:00', '2026-02-15 10:00'])
  })
})
