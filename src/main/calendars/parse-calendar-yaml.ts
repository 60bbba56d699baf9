import { isMap, LineCounter, parseDocument } from 'yaml'
import { invalidField } from '../../shared/messages/coded-errors'
import { calendarDaysFileSchema, CALENDAR_FILE_MAX_CHARS } from '../../shared/schema/calendar'
import { inputProblems } from '../../shared/schema/parse-input'
import { pathSegments, yamlOffsetOf } from '../kernel/yaml-position'
import { CalendarFileProblems, type CalendarFileDays } from './calendar-file-problems'

/**
 * Holidays and make-up workdays from a YAML file (docs/calendars.md#yaml), a calendar's days as a
 * `kind: Calendar` definition writes them:
 *
 *     timezone: Asia/Shanghai        # optional: used when the import makes the calendar
 *     workdays: [1, 2, 3, 4, 5]      # optional, likewise
 *     holidays:
 *       - { date: 2026-01-01, name: 元旦 }
 *       - { from: 2026-02-15, to: 2026-02-22, name: 春节 }
 *     makeupWorkdays: [2026-02-14, 2026-02-28]
 *
 * Every problem is told at its line and column. Dates are read as text (the YAML core schema), so
 * `2026-01-01` stays a date of the calendar's zone and never becomes an instant.
 */

/** An alias may be used this often: enough for a hand-written file, and no expansion bomb. */
const MAX_ALIAS_COUNT = 100

/** @throws ValidationError on `yaml`: empty, too large, not YAML, or not a calendar's days (each problem at its line); nothing is taken then. */
export function parseCalendarYaml(text: string): CalendarFileDays {
  if (text.trim().replace(/^\uFEFF/, '') === '') throw invalidField('yaml', 'calendar.fileEmpty', { format: 'YAML' })
  if (text.length > CALENDAR_FILE_MAX_CHARS)
    throw invalidField('yaml', 'calendar.fileTooLarge', { format: 'YAML', max: CALENDAR_FILE_MAX_CHARS, length: text.length })
  const problems = new CalendarFileProblems('yaml')
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, schema: 'core' })
  for (const error of doc.errors) {
    const pos = lines.linePos(error.pos[0])
    problems.add({ line: pos.line, column: pos.col }, 'calendar.yamlSyntax', { reason: error.message.split('\n')[0].slice(0, 200) })
  }
  problems.throwIfAny()
  // Only comments: as empty as a blank file.
  if (doc.contents === null) throw invalidField('yaml', 'calendar.fileEmpty', { format: 'YAML' })
  if (!isMap(doc.contents)) {
    const pos = lines.linePos(doc.contents.range?.[0] ?? 0)
    problems.add({ line: pos.line, column: pos.col }, 'calendar.yamlNotMap')
    return problems.refuse()
  }

  let value: unknown
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT })
  } catch (error) {
    // An alias expanded more often than allowed: the only error toJS raises on a parsed document.
    problems.add({ line: 1 }, 'calendar.yamlSyntax', { reason: (error as Error).message.slice(0, 200) })
    return problems.refuse()
  }
  const checked = inputProblems(calendarDaysFileSchema, value, '')
  if (!checked.ok) {
    for (const problem of checked.problems) {
      const pos = lines.linePos(yamlOffsetOf(doc.contents, pathSegments(problem.field)))
      const at = problem.field === '' ? undefined : problem.field
      problems.addReported({ line: pos.line, column: pos.col, at }, problem)
    }
    return problems.refuse()
  }
  const file = checked.value
  const lineOf = (key: string) => lines.linePos(yamlOffsetOf(doc.contents, [key])).line
  const found: CalendarFileDays = {
    holidays: file.holidays ?? [],
    makeupWorkdays: [...new Set(file.makeupWorkdays ?? [])].sort(),
    ...(file.timezone === undefined ? {} : { timezone: { value: file.timezone, line: lineOf('timezone') } }),
    ...(file.workdays === undefined ? {} : { workdays: { value: [...file.workdays].sort((a, b) => a - b), line: lineOf('workdays') } }),
  }
  if (found.holidays.length === 0 && found.makeupWorkdays.length === 0) throw invalidField('yaml', 'calendar.fileNoDays', { format: 'YAML' })
  return found
}
