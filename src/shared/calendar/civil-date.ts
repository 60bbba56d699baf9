/**
 * Calendar dates without a time or a zone (`YYYY-MM-DD`), as business calendars speak of them: a
 * holiday is a date in the calendar's zone, not an instant. Arithmetic goes through the day number
 * since 1970-01-01 (UTC has no DST, so one day is always 86,400,000 ms there).
 */

const DAY_MS = 86_400_000
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A date as the number of days since 1970-01-01 (negative before). */
export type DayNumber = number

/** The day number of an ISO date, or null when the text is not a real date (`2026-02-30`). */
export function parseIsoDate(text: string): DayNumber | null {
  const match = ISO_DATE.exec(text)
  if (match === null) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return Date.UTC(year, month - 1, day) / DAY_MS
}

export function formatIsoDate(day: DayNumber): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

export function dayNumberOf(year: number, month: number, day: number): DayNumber {
  return Date.UTC(year, month - 1, day) / DAY_MS
}

/** Year, month (1–12) and day of the month of a day number. */
export function partsOf(day: DayNumber): { year: number; month: number; day: number } {
  const date = new Date(day * DAY_MS)
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
}

/** ISO weekday: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(day: DayNumber): number {
  return ((((day + 3) % 7) + 7) % 7) + 1
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}
