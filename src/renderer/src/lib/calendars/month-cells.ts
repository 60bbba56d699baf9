import type { CalendarDays, DayKind } from '../../../../shared/calendar/business-calendar'
import { dayNumberOf, daysInMonth, isoWeekday, type DayNumber } from '../../../../shared/calendar/civil-date'

/** One cell of a month grid: a day of the month (or a blank before the first), what it is, and whether it is today. */
export type MonthCell = { day: null } | { day: number; date: DayNumber; kind: DayKind; today: boolean }

/**
 * The weeks of a month, Monday first, each day with its kind in the calendar (business, weekend,
 * holiday with its name, make-up). `todayDay` is today's day number in the calendar's zone.
 */
export function monthCells(days: CalendarDays, year: number, month: number, todayDay: DayNumber): MonthCell[][] {
  const first = dayNumberOf(year, month, 1)
  const cells: MonthCell[] = Array.from({ length: isoWeekday(first) - 1 }, () => ({ day: null }))
  for (let d = 0; d < daysInMonth(year, month); d++) cells.push({ day: d + 1, date: first + d, kind: days.kindOf(first + d), today: first + d === todayDay })
  while (cells.length % 7 !== 0) cells.push({ day: null })
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
}

/** The month after (`step` 1) or before (-1) a year and month. */
export function shiftMonth(year: number, month: number, step: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + step
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}
