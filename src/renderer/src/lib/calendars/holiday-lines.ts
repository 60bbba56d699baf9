import type { CalendarHoliday } from '../../../../shared/calendar/business-calendar'

/**
 * The editor's holidays as lines of text, one a line: `2026-01-01 New Year` or
 * `2026-02-15..2026-02-22 Spring Festival`. The server checks the dates (the schema's messages
 * name the line's index); here a line is only split.
 */
const LINE = /^(\S+?)(?:\.\.(\S+))?(?:\s+(.*))?$/

export function holidaysFromLines(text: string): CalendarHoliday[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [, from, to, name] = LINE.exec(line)!
      const title = name?.trim() || from
      return to === undefined ? { name: title, date: from } : { name: title, from, to }
    })
}

export function holidaysToLines(holidays: readonly CalendarHoliday[]): string {
  return holidays.map((h) => ('date' in h ? `${h.date} ${h.name}` : `${h.from}..${h.to} ${h.name}`)).join('\n')
}

/** Make-up workdays: dates separated by spaces, commas or lines. */
export function datesFromText(text: string): string[] {
  return text.split(/[\s,]+/).filter((date) => date !== '')
}
