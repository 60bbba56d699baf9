import type { CalendarHoliday } from '../../shared/calendar/business-calendar'
import { formatIsoDate, parseIsoDate } from '../../shared/calendar/civil-date'
import { invalidField } from '../../shared/messages/coded-errors'
import { CALENDAR_FILE_MAX_CHARS, HOLIDAY_MAX_DAYS, HOLIDAY_NAME_MAX_CHARS } from '../../shared/schema/calendar'
import { CalendarFileProblems, type CalendarFileDays } from './calendar-file-problems'
import { csvRecords, CsvSyntaxError } from './csv-records'

/**
 * Holidays and make-up workdays from a CSV table (docs/calendars.md#csv), one day or range a row:
 *
 *     date,name,kind
 *     2026-01-01,New Year
 *     2026-02-15..2026-02-22,"Spring Festival, 春节",holiday
 *     2026-02-14,,workday
 *
 * `date` is `YYYY-MM-DD` or a range `YYYY-MM-DD..YYYY-MM-DD` (both ends included); `name` may be
 * left empty (a holiday is then named "holiday", as an unnamed iCalendar event is); `kind` is
 * `holiday` (the default) or `workday` (a make-up workday; a range makes each of its days one).
 * The header row is optional; blank rows are skipped.
 */

const KINDS = ['holiday', 'workday'] as const
const RANGE = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/
const SYNTAX_CODES = {
  unclosedQuote: 'calendar.csvUnclosedQuote',
  quoteInField: 'calendar.csvQuoteInField',
  textAfterQuote: 'calendar.csvTextAfterQuote',
} as const

/** @throws ValidationError on `csv`: empty, too large, or every row that is not a day (each at its line); nothing is taken then. */
export function parseCalendarCsv(text: string): CalendarFileDays {
  if (text.trim().replace(/^\uFEFF/, '') === '') throw invalidField('csv', 'calendar.fileEmpty', { format: 'CSV' })
  if (text.length > CALENDAR_FILE_MAX_CHARS)
    throw invalidField('csv', 'calendar.fileTooLarge', { format: 'CSV', max: CALENDAR_FILE_MAX_CHARS, length: text.length })
  const problems = new CalendarFileProblems('csv')
  let records
  try {
    records = csvRecords(text)
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error
    const { kind, line, column } = error.problem
    problems.add({ line, column }, SYNTAX_CODES[kind])
    return problems.refuse()
  }

  const found: CalendarFileDays = { holidays: [], makeupWorkdays: [] }
  const rows = records.filter((record) => record.fields.some((field) => field.trim() !== ''))
  rows.forEach((record, index) => {
    const fields = record.fields.map((field) => field.trim())
    const at = { line: record.line }
    if (index === 0 && fields[0].toLowerCase() === 'date') {
      const header = fields.map((field) => field.toLowerCase()).join(',')
      if (header !== 'date,name' && header !== 'date,name,kind') problems.add(at, 'calendar.csvHeader')
      return
    }
    if (fields.length > 3) return problems.add(at, 'calendar.csvColumns', { count: fields.length })
    const [date, name = '', kindText = ''] = fields
    const kind = kindText === '' ? 'holiday' : kindText.toLowerCase()
    if (!(KINDS as readonly string[]).includes(kind)) return problems.add(at, 'calendar.csvKind', { got: kindText.slice(0, 40) })
    const days = daysOf(date, (code, params) => problems.add(at, code, params))
    if (days === null) return
    if (kind === 'workday') {
      for (let day = days.from; day <= days.to; day++) found.makeupWorkdays.push(formatIsoDate(day))
      return
    }
    if (name.length > HOLIDAY_NAME_MAX_CHARS) return problems.add(at, 'calendar.holidayNameTooLong', { max: HOLIDAY_NAME_MAX_CHARS, length: name.length })
    found.holidays.push(holidayOf(name === '' ? 'holiday' : name, days))
  })
  problems.throwIfAny()
  if (found.holidays.length === 0 && found.makeupWorkdays.length === 0) throw invalidField('csv', 'calendar.fileNoDays', { format: 'CSV' })
  found.makeupWorkdays = [...new Set(found.makeupWorkdays)].sort()
  return found
}

type Report = (code: 'calendar.csvDate' | 'calendar.csvRangeBackwards' | 'calendar.csvRangeTooLong', params: Record<string, string | number>) => void

/** The first and last day a `date` cell names, or null (reported) when it names none. */
function daysOf(cell: string, report: Report): { from: number; to: number } | null {
  const range = RANGE.exec(cell)
  const [fromText, toText] = range ? [range[1], range[2]] : [cell, cell]
  const from = parseIsoDate(fromText)
  const to = parseIsoDate(toText)
  if (from === null || to === null) {
    report('calendar.csvDate', { got: cell.slice(0, 40) })
    return null
  }
  if (to < from) {
    report('calendar.csvRangeBackwards', { from: fromText, to: toText })
    return null
  }
  if (to - from + 1 > HOLIDAY_MAX_DAYS) {
    report('calendar.csvRangeTooLong', { from: fromText, to: toText, max: HOLIDAY_MAX_DAYS })
    return null
  }
  return { from, to }
}

function holidayOf(name: string, days: { from: number; to: number }): CalendarHoliday {
  if (days.from === days.to) return { name, date: formatIsoDate(days.from) }
  return { name, from: formatIsoDate(days.from), to: formatIsoDate(days.to) }
}
