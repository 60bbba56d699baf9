import { describe, expect, it } from 'vitest'
import { CalendarDays } from '../../../../shared/calendar/business-calendar'
import { parseIsoDate } from '../../../../shared/calendar/civil-date'
import { datesFromText, holidaysFromLines, holidaysToLines } from './holiday-lines'
import { monthCells, shiftMonth } from './month-cells'

const cn = CalendarDays.resolve(
  {
    name: 'cn',
    timezone: 'Asia/Shanghai',
    workdays: [1, 2, 3, 4, 5],
    holidays: [{ name: '春节', from: '2026-02-15', to: '2026-02-22' }],
    makeupWorkdays: ['2026-02-14'],
  },
  () => undefined,
)

describe('monthCells', () => {
  it('lays February 2026 out Monday first, with the make-up Saturday, the holiday and today', () => {
    const weeks = monthCells(cn, 2026, 2, parseIsoDate('2026-02-16')!)
    expect(weeks).toHaveLength(5)
    // 1 February 2026 is a Sunday: six blanks before it.
    expect(weeks[0].slice(0, 6).every((cell) => cell.day === null)).toBe(true)
    const cell = (day: number) => weeks.flat().find((c) => c.day === day)!
    expect(cell(14)).toMatchObject({ kind: { business: true, why: 'makeup' }, today: false })
    expect(cell(16)).toMatchObject({ kind: { business: false, why: 'holiday', holiday: '春节' }, today: true })
    expect(cell(28)).toMatchObject({ kind: { business: false, why: 'weekend' } })
    expect(weeks.flat().filter((c) => c.day !== null)).toHaveLength(28)
  })

  it('steps across years', () => {
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 })
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 })
  })
})

describe('holiday lines', () => {
  it('read a date or a range with a name, and write them back the same way', () => {
    const text = '2026-01-01 New Year\n\n 2026-02-15..2026-02-22 Spring Festival \n2026-05-01'
    const holidays = holidaysFromLines(text)
    expect(holidays).toEqual([
      { name: 'New Year', date: '2026-01-01' },
      { name: 'Spring Festival', from: '2026-02-15', to: '2026-02-22' },
      { name: '2026-05-01', date: '2026-05-01' },
    ])
    expect(holidaysToLines(holidays)).toBe('2026-01-01 New Year\n2026-02-15..2026-02-22 Spring Festival\n2026-05-01 2026-05-01')
    expect(datesFromText('2026-02-14, 2026-02-28\n2026-10-10')).toEqual(['2026-02-14', '2026-02-28', '2026-10-10'])
  })
})
