import type { CalendarHoliday } from '../../shared/calendar/business-calendar'
import { ValidationError, type ErrorParams, type ErrorProblem } from '../../shared/errors'
import { englishMessage, type MessageCode } from '../../shared/messages'

/** The formats a calendar is imported from besides iCalendar, as the request names them. */
export type CalendarFileFormat = 'csv' | 'yaml'

/** What a CSV or YAML calendar file gives: the days it adds (an iCalendar feed gives the same, plus its timed events). */
export interface CalendarFileDays {
  holidays: CalendarHoliday[]
  makeupWorkdays: string[]
  /** A YAML file's own zone and working weekdays, when it gives them. */
  timezone?: { value: string; line: number }
  workdays?: { value: number[]; line: number }
}

/** Where in a file a problem is: its line, its column when known, and the field of a YAML document. */
interface FilePlace {
  line: number
  column?: number
  at?: string
}

/** Enough to fix a file in one go without a list longer than the dialog. */
const MAX_PROBLEMS = 50

/**
 * The problems of one CSV or YAML file, each at its line (and column when known), so an operator
 * finds them in the editor. Each problem's params carry `line` (and `column`, and `at`: the field of
 * a YAML document) for the console to say where in its language; the English field and message say
 * it in words.
 */
export class CalendarFileProblems {
  readonly list: ErrorProblem[] = []

  constructor(private readonly format: CalendarFileFormat) {}

  get full(): boolean {
    return this.list.length >= MAX_PROBLEMS
  }

  /** A problem at `where` by its code. */
  add(where: FilePlace, code: MessageCode, params: ErrorParams = {}): void {
    this.addReported(where, { code, params, message: englishMessage(code, params) })
  }

  /** A problem a schema reported (its message already in English). */
  addReported(where: FilePlace, problem: { code: string; params: ErrorParams; message: string }): void {
    if (this.full) return
    const place = where.column === undefined ? `line ${where.line}` : `line ${where.line}, column ${where.column}`
    const field = where.at === undefined ? place : `${place} (${where.at})`
    const located = {
      ...problem.params,
      line: where.line,
      ...(where.column === undefined ? {} : { column: where.column }),
      ...(where.at ? { at: where.at } : {}),
    }
    this.list.push({ field, code: problem.code, params: located, message: problem.message })
  }

  /** @throws ValidationError on the request's file field (`csv`, `yaml`) when a problem was found; nothing is imported then. */
  throwIfAny(): void {
    if (this.list.length > 0) this.refuse()
  }

  /** @throws ValidationError listing every problem found (at least one). */
  refuse(): never {
    const params = { format: this.format.toUpperCase(), count: this.list.length }
    const lines = this.list.map((p) => `- ${p.field}: ${p.message}`).join('\n')
    throw new ValidationError(this.format, `${englishMessage('calendar.fileRefused', params)}:\n${lines}`, {
      code: 'calendar.fileRefused',
      params,
      problems: this.list,
    })
  }
}
