import { describe, expect, it } from 'vitest'
import { SPRING_FESTIVAL_CALENDAR } from '../../../test/support/calendar-oracle'
import { CalendarDays, type BusinessCalendar } from '../../shared/calendar/business-calendar'
import type { CalendarRoll, CalendarRule } from '../../shared/calendar/calendar-rules'
import { calendarNextFire, type SlotFate } from './calendar-fires'
import { cronNextFireMs } from './cron'

const none = (): undefined => undefined

/** `count` fires from `fromIso` on, each as `local time` or `local time ← local slot` when moved. */
function fires(cron: string, zone: string, calendar: BusinessCalendar, rule: CalendarRule, roll: CalendarRoll, fromIso: string, count: number): string[] {
  const terms = { days: CalendarDays.resolve(calendar, none), rule, roll }
  const local = (ms: number): string => new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' }).format(ms)
  const out: string[] = []
  for (let at = Date.parse(fromIso); out.length < count;) {
    const fate: SlotFate | null = calendarNextFire((from) => cronNextFireMs(cron, zone, from), terms, zone, at)
    if (fate === null || !fate.fires) break
    out.push(fate.rolledFromMs === undefined ? local(fate.fireMs) : `${local(fate.fireMs)} ← ${local(fate.rolledFromMs)}`)
    at = fate.fireMs
  }
  return out
}

const CN = SPRING_FESTIVAL_CALENDAR
const SHANGHAI = 'Asia/Shanghai'
const DAILY_10 = '0 0 10 * * ?'

describe('a schedule through a business calendar', () => {
  it('SKIP fires only on business days: the make-up Saturday yes, the eight days off no', () => {
    expect(fires(DAILY_10, SHANGHAI, CN, 'BUSINESS_DAYS', 'SKIP', '2026-02-12T00:00:00Z', 4)).toEqual([
      '2026-02-12 10:00:00',
      '2026-02-13 10:00:00',
      '2026-02-14 10:00:00',
      '2026-02-23 10:00:00',
    ])
  })

  it('NON_BUSINESS_DAYS fires on the days off and the weekend only', () => {
    expect(fires(DAILY_10, SHANGHAI, CN, 'NON_BUSINESS_DAYS', 'SKIP', '2026-02-13T00:00:00Z', 10)).toEqual([
      ...['15', '16', '17', '18', '19', '20', '21', '22'].map((d) => `2026-02-${d} 10:00:00`),
      '2026-03-01 10:00:00',
      '2026-03-07 10:00:00',
    ])
  })

  it('NEXT moves each day off to the next business day, where the daily slot already is: it fires once', () => {
    expect(fires(DAILY_10, SHANGHAI, CN, 'BUSINESS_DAYS', 'NEXT', '2026-02-13T00:00:00Z', 4)).toEqual([
      '2026-02-13 10:00:00',
      '2026-02-14 10:00:00',
      '2026-02-23 10:00:00',
      '2026-02-24 10:00:00',
    ])
  })

  it('NEXT moves a weekly Saturday fire, and finds a fire moved from before the time it is asked from', () => {
    expect(fires('0 0 10 ? * SAT', SHANGHAI, CN, 'BUSINESS_DAYS', 'NEXT', '2026-02-01T00:00:00Z', 4)).toEqual([
      '2026-02-02 10:00:00 ← 2026-01-31 10:00:00',
      '2026-02-09 10:00:00 ← 2026-02-07 10:00:00',
      '2026-02-14 10:00:00',
      '2026-02-23 10:00:00 ← 2026-02-21 10:00:00',
    ])
    expect(fires('0 0 10 ? * SAT', SHANGHAI, CN, 'BUSINESS_DAYS', 'NEXT', '2026-02-08T04:00:00Z', 1)).toEqual(['2026-02-09 10:00:00 ← 2026-02-07 10:00:00'])
  })

  it('PREVIOUS moves a fire back over the holiday, found from before it', () => {
    expect(fires('0 0 10 15 * ?', SHANGHAI, CN, 'BUSINESS_DAYS', 'PREVIOUS', '2026-02-14T01:00:00Z', 3)).toEqual([
      '2026-02-14 10:00:00 ← 2026-02-15 10:00:00',
      '2026-03-13 10:00:00 ← 2026-03-15 10:00:00',
      '2026-04-15 10:00:00',
    ])
  })

  it('a move onto a DST gap lands at the end of the gap, where the day’s own slot is: it fires once', () => {
    const berlin: BusinessCalendar = { name: 'b', timezone: 'Europe/Berlin', workdays: [], holidays: [], makeupWorkdays: ['2026-03-29'] }
    expect(fires('0 30 2 * * ?', 'Europe/Berlin', berlin, 'BUSINESS_DAYS', 'PREVIOUS', '2026-03-28T00:00:00Z', 1)).toEqual(['2026-03-29 03:00:00'])
  })

  it('an every-second job jumps over the days off', () => {
    expect(fires('* * * * * ?', SHANGHAI, CN, 'BUSINESS_DAYS', 'SKIP', '2026-02-14T15:59:58Z', 2)).toEqual(['2026-02-14 23:59:59', '2026-02-23 00:00:00'])
  })

  it('has no fire when the calendar allows no day', () => {
    const never: BusinessCalendar = { ...CN, workdays: [], makeupWorkdays: [] }
    for (const roll of ['SKIP', 'NEXT', 'PREVIOUS'] as const)
      expect(fires(DAILY_10, SHANGHAI, never, 'BUSINESS_DAYS', roll, '2026-02-12T00:00:00Z', 1)).toEqual([])
  })
})
