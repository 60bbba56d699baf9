import type { BusinessCalendar } from '../../src/shared/calendar/business-calendar'

/**
 * Oracles for calendar and local-time logic, written the plain way (date strings, JS weekdays, Intl
 * stepping a second at a time) so the tables test the fast code against something independent.
 */

/** A Spring Festival-like stretch: 8 days off, with the Saturday before and the Saturday after worked. */
export const SPRING_FESTIVAL_CALENDAR: BusinessCalendar = {
  name: 'cn',
  timezone: 'Asia/Shanghai',
  workdays: [1, 2, 3, 4, 5],
  holidays: [
    { name: 'New Year', date: '2026-01-01' },
    { name: 'Spring Festival', from: '2026-02-15', to: '2026-02-22' },
  ],
  makeupWorkdays: ['2026-02-14', '2026-02-28'],
}

/** The same stretch as an iCalendar feed writes it: the days off as one all-day event, the worked Saturday marked 补班. */
export const SPRING_FESTIVAL_ICS = [
  'BEGIN:VCALENDAR',
  'BEGIN:VEVENT',
  'DTSTART;VALUE=DATE:20260215',
  'DTEND;VALUE=DATE:20260223',
  'SUMMARY:Spring Festival',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART;VALUE=DATE:20260214',
  'SUMMARY:补班',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n')

export function oracleIsBusiness(iso: string, calendar: BusinessCalendar): boolean {
  if (calendar.makeupWorkdays.includes(iso)) return true
  for (const h of calendar.holidays) {
    const [from, to] = 'date' in h ? [h.date, h.date] : [h.from, h.to]
    if (iso >= from && iso <= to) return false
  }
  const jsDay = new Date(`${iso}T00:00:00Z`).getUTCDay()
  return calendar.workdays.includes(jsDay === 0 ? 7 : jsDay)
}

/** The n-th business day of a month as `YYYY-MM-DD` (n < 0 from the end), or null. */
export function oracleNth(calendar: BusinessCalendar, year: number, month: number, n: number): string | null {
  const dates: string[] = []
  for (let d = 1; d <= 31; d++) {
    const date = new Date(Date.UTC(year, month - 1, d))
    if (date.getUTCMonth() !== month - 1) break
    const iso = date.toISOString().slice(0, 10)
    if (oracleIsBusiness(iso, calendar)) dates.push(iso)
  }
  return (n > 0 ? dates[n - 1] : dates[dates.length + n]) ?? null
}

/**
 * The first instant, stepping forward a minute then a second at a time from 14 hours before, whose
 * wall clock in `zone` (read by Intl) shows the wanted date and time or later: a time in a DST gap
 * comes out as the gap's end, a time in an overlap as its first occurrence.
 */
export function oracleInstant(zone: string, isoDate: string, hhmmss: string): number {
  const wanted = `${isoDate} ${hhmmss}`
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  const wall = (ms: number): string => format.format(ms)
  let t = Date.parse(`${isoDate}T${hhmmss}Z`) - 14 * 3_600_000
  while (wall(t + 60_000) < wanted) t += 60_000
  while (wall(t) < wanted) t += 1000
  return t
}

/** The local date (`YYYY-MM-DD`) and time (`HH:MM:SS`) of an instant in `zone`. */
export function oracleWall(zone: string, ms: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: zone, hourCycle: 'h23', dateStyle: 'short', timeStyle: 'medium' }).format(ms)
}
