import { describe, expect, it } from 'vitest'
import { CalendarDays } from '../../shared/calendar/business-calendar'
import { SPRING_FESTIVAL_CALENDAR, oracleIsBusiness } from '../../../test/support/calendar-oracle'
import { countSlots, inOrder, slotTimes } from './backfill-slots'

const HOUR = 3_600_000
const FROM = Date.parse('2026-03-01T00:00:00Z')
const noPause = () => Promise.resolve()

describe('slotTimes: the fires the scheduler would have made in [from, to)', () => {
  it('an hourly cron over 3 days: 72 slots, each hour on the hour, from included and to left out', () => {
    const slots = [...slotTimes({ scheduleType: 'CRON', scheduleConf: '0 0 * * * ?', timezone: 'UTC' }, FROM, FROM + 72 * HOUR)]
    expect(slots).toEqual(Array.from({ length: 72 }, (_, i) => FROM + i * HOUR))
  })

  it('a daily 09:00 in Shanghai with a calendar: only business days, make-up Saturdays included (oracle: the plain calendar)', () => {
    const days = CalendarDays.resolve(SPRING_FESTIVAL_CALENDAR, () => undefined)
    const spec = {
      scheduleType: 'CRON' as const,
      scheduleConf: '0 0 9 * * ?',
      timezone: 'Asia/Shanghai',
      calendarTerms: { days, rule: 'BUSINESS_DAYS' as const, roll: 'SKIP' as const },
    }
    const from = Date.parse('2026-02-10T00:00:00+08:00')
    const to = Date.parse('2026-03-02T00:00:00+08:00')
    const slots = [...slotTimes(spec, from, to)]
    const expected: number[] = []
    for (let day = from; day < to; day += 24 * HOUR) {
      const iso = new Date(day + 8 * HOUR).toISOString().slice(0, 10)
      if (oracleIsBusiness(iso, SPRING_FESTIVAL_CALENDAR)) expected.push(Date.parse(`${iso}T09:00:00+08:00`))
    }
    expect(slots).toEqual(expected)
    expect(slots.map((s) => new Date(s + 8 * HOUR).toISOString().slice(0, 10))).toContain('2026-02-14')
  })

  it('FIX_RATE has only a rate: its slots start at from, on whole seconds', () => {
    const spec = { scheduleType: 'FIX_RATE' as const, scheduleConf: '600', timezone: '' }
    expect([...slotTimes(spec, FROM, FROM + HOUR)]).toEqual(Array.from({ length: 6 }, (_, i) => FROM + i * 600_000))
    expect([...slotTimes(spec, FROM + 250, FROM + 1300_000)]).toEqual([FROM + 1000, FROM + 601_000, FROM + 1_201_000])
  })

  it('NONE, and a cron whose year is past, have none', () => {
    expect([...slotTimes({ scheduleType: 'NONE', scheduleConf: '', timezone: 'UTC' }, FROM, FROM + HOUR)]).toEqual([])
    expect([...slotTimes({ scheduleType: 'CRON', scheduleConf: '0 0 * * * ? 2020', timezone: 'UTC' }, FROM, FROM + HOUR)]).toEqual([])
  })
})

describe('countSlots', () => {
  it('keeps the first `keep`, counts every slot of a short range and says so', async () => {
    const counted = await countSlots([1, 2, 3, 4, 5], 3, 100, noPause)
    expect(counted).toEqual({ slots: [1, 2, 3], count: 5, complete: true })
  })

  it('stops counting at the ceiling: a per-second schedule over years is not walked to its end', async () => {
    const spec = { scheduleType: 'CRON' as const, scheduleConf: '* * * * * ?', timezone: 'UTC' }
    const counted = await countSlots(slotTimes(spec, FROM, FROM + 10 * 365 * 24 * HOUR), 10, 25_000, noPause)
    expect(counted.complete).toBe(false)
    expect(counted.count).toBe(25_000)
    expect(counted.slots).toEqual(Array.from({ length: 10 }, (_, i) => FROM + i * 1000))
  })

  it('lets the event loop turn every 10,000 slots', async () => {
    let pauses = 0
    await countSlots(
      Array.from({ length: 25_000 }, (_, i) => i),
      0,
      100_000,
      async () => {
        pauses++
      },
    )
    expect(pauses).toBe(2)
  })
})

describe('inOrder', () => {
  it('oldest first keeps the order, newest first reverses it, neither changes its input', () => {
    const slots = [1, 2, 3]
    expect(inOrder(slots, 'OLDEST_FIRST')).toEqual([1, 2, 3])
    expect(inOrder(slots, 'NEWEST_FIRST')).toEqual([3, 2, 1])
    expect(slots).toEqual([1, 2, 3])
  })
})
