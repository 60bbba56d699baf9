import type { CalendarImportRequest } from '../../../../shared/calendar/business-calendar'
import { ValidationError, type ErrorProblem } from '../../../../shared/errors'
import { translate, type Language } from '../../i18n/dictionary'
import { renderMessage } from '../../i18n/server-text'
import { importRefusal, type ImportRefusal } from '../definitions/import-problems'

/** The formats `importCalendar` reads (docs/calendars.md#importing-days). */
export type CalendarFileFormat = 'ics' | 'csv' | 'yaml'

const BY_EXTENSION: Record<string, CalendarFileFormat> = { ics: 'ics', ical: 'ics', csv: 'csv', yaml: 'yaml', yml: 'yaml' }

/**
 * The format of a chosen file: by its extension, or else by what it holds (a feed saved as .txt, a
 * table exported without one): iCalendar starts with BEGIN:VCALENDAR, a CSV table's first row with
 * a date or its `date` header; anything else is read as YAML, whose errors then say why not.
 */
export function calendarFileFormat(fileName: string, text: string): CalendarFileFormat {
  const extension = /\.([A-Za-z]+)$/.exec(fileName)?.[1]?.toLowerCase()
  if (extension !== undefined && extension in BY_EXTENSION) return BY_EXTENSION[extension]
  const body = text.replace(/^\uFEFF/, '').trimStart()
  if (/^BEGIN:VCALENDAR/i.test(body)) return 'ics'
  const firstRow = body.split(/\r\n|\r|\n/).find((line) => line.trim() !== '' && !line.trimStart().startsWith('#')) ?? ''
  return /^"?(date|\d{4}-\d{2}-\d{2})"?\s*(,|\.\.|$)/i.test(firstRow.trim()) ? 'csv' : 'yaml'
}

/** The request that imports `text` as `format` into the calendar `name`. */
export function calendarImportRequest(name: string, format: CalendarFileFormat, text: string, timezone: string): CalendarImportRequest {
  return { name, timezone, ...(format === 'ics' ? { ics: text } : format === 'csv' ? { csv: text } : { yaml: text }) }
}

/**
 * A refused import in `language`: a CSV or YAML file's problems each at its line (and column, and
 * field of the YAML document), as the core found them; any other refusal as an import's.
 */
export function calendarFileRefusal(language: Language, error: unknown): ImportRefusal {
  if (!(error instanceof ValidationError) || error.code !== 'calendar.fileRefused') return importRefusal(language, error)
  const separator = language === 'zh-CN' ? '：' : ': '
  const { summary } = importRefusal(language, error)
  return {
    summary,
    problems: error.problems.map((problem) => `${placeOf(language, problem)}${separator}${renderMessage(language, problem) ?? problem.message}`),
  }
}

function placeOf(language: Language, problem: ErrorProblem): string {
  const { line, column, at } = problem.params
  if (typeof line !== 'number') return problem.field
  const place =
    typeof column === 'number' ? translate(language, 'calendars.fileAtColumn', { line, column }) : translate(language, 'calendars.fileAtLine', { line })
  return typeof at === 'string' ? `${place} (${at})` : place
}
