import { DEFAULT_WORKDAYS, holidayDays, type BusinessCalendar, type CalendarHoliday } from '../calendar/business-calendar'
import { parseIsoDate } from '../calendar/civil-date'
import { codedIssue } from '../messages/coded-errors'
import { id, MAX_EPOCH_MS, requiredText, text } from './primitives'
import { SIMULATION_MAX_DAYS } from '../calendar/schedule-simulation'
import { z } from './z'

/** A name usable in `calendar: cn-banks` of a job file and in a URL path, like a flow's key. */
export const CALENDAR_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
/**
 * An imported file's length, whatever its format (iCalendar, CSV, YAML): larger than any real
 * holiday feed (a country's over decades is ~100 KB), and within the bridge's message limit.
 */
export const CALENDAR_FILE_MAX_CHARS = 1_000_000
/** A holiday longer than a year is a mistake in its dates, not a holiday. */
export const HOLIDAY_MAX_DAYS = 366
/** Decades of a country's holidays fit many times over. */
export const CALENDAR_MAX_HOLIDAYS = 5000
export const CALENDAR_MAX_MAKEUP_DAYS = 2000
export const HOLIDAY_NAME_MAX_CHARS = 100

/** A calendar's name, as a job, a flow or another calendar names it. */
export const calendarName = z.string().superRefine((value, context) => {
  if (!CALENDAR_NAME_PATTERN.test(value)) context.addIssue(codedIssue('calendar.name', { got: value.slice(0, 80) }))
})

const isoDate = z.string().superRefine((value, context) => {
  if (parseIsoDate(value) === null) context.addIssue(codedIssue('calendar.date', { got: value.slice(0, 40) }))
})

const holidayName = requiredText(HOLIDAY_NAME_MAX_CHARS)

const workdaysSchema = z.array(z.int().min(1).max(7)).max(7)

const holidaySchema = z
  .union([z.strictObject({ name: holidayName, date: isoDate }), z.strictObject({ name: holidayName, from: isoDate, to: isoDate })])
  .superRefine((holiday, context) => {
    if (!('from' in holiday)) return
    const days = parseIsoDate(holiday.to)! - parseIsoDate(holiday.from)! + 1
    if (days < 1) context.addIssue(codedIssue('calendar.rangeBackwards', { from: holiday.from, to: holiday.to }, ['to']))
    else if (days > HOLIDAY_MAX_DAYS)
      context.addIssue(codedIssue('calendar.rangeTooLong', { from: holiday.from, to: holiday.to, max: HOLIDAY_MAX_DAYS }, ['to']))
  }) satisfies z.ZodType<CalendarHoliday>

/** A calendar's fields in the order a file writes them (a file's document leaves the defaults out). */
interface CalendarShape {
  name: string
  workdays?: number[]
  holidays?: CalendarHoliday[]
  makeupWorkdays?: string[]
  basedOn?: string | null
}

/** The rules over several fields of a calendar, for the API's calendars and a file's alike. */
function checkCalendar(calendar: CalendarShape, context: z.RefinementCtx): void {
  const workdays = calendar.workdays ?? []
  if (new Set(workdays).size !== workdays.length) context.addIssue(codedIssue('calendar.workdaysRepeated', {}, ['workdays']))
  if (calendar.basedOn === calendar.name) context.addIssue(codedIssue('calendar.basedOnSelf', { name: calendar.name }, ['basedOn']))
  const holidayDates = new Set((calendar.holidays ?? []).flatMap((holiday) => holidayDays(holiday)))
  const both = (calendar.makeupWorkdays ?? []).find((date) => holidayDates.has(parseIsoDate(date)!))
  if (both !== undefined) context.addIssue(codedIssue('calendar.dayBothWays', { date: both }, ['makeupWorkdays']))
}

/**
 * A calendar as the console and the OpenAPI give it. Whether its zone is one the runtime knows and
 * whether `basedOn` names a calendar that exists are the service's rules.
 */
export const calendarSchema = z
  .strictObject({
    name: calendarName,
    timezone: requiredText(64),
    workdays: workdaysSchema.default([...DEFAULT_WORKDAYS]),
    holidays: z.array(holidaySchema).max(CALENDAR_MAX_HOLIDAYS).default([]),
    makeupWorkdays: z.array(isoDate).max(CALENDAR_MAX_MAKEUP_DAYS).default([]),
    basedOn: calendarName.nullable().default(null),
  })
  .superRefine(checkCalendar)
  .transform((calendar) => ({ ...calendar, workdays: [...calendar.workdays].sort((a, b) => a - b) })) satisfies z.ZodType<Required<BusinessCalendar>>

/**
 * A `kind: Calendar` document of a definition file (docs/definitions-as-code.md): the calendar's
 * fields, its defaults left out as an export writes it (Monday to Friday, no holidays, no make-up
 * days, no base). The planner reads it into a calendar with those defaults.
 */
export const calendarDocumentSchema = z
  .strictObject({
    kind: z.literal('Calendar'),
    name: calendarName,
    timezone: requiredText(64).describe('the IANA zone its dates are days of'),
    workdays: workdaysSchema.optional().describe('ISO weekdays that are working days, 1 = Monday … 7 = Sunday (default [1, 2, 3, 4, 5])'),
    holidays: z.array(holidaySchema).max(CALENDAR_MAX_HOLIDAYS).optional().describe('{ date, name } or { from, to, name }, dates YYYY-MM-DD'),
    makeupWorkdays: z.array(isoDate).max(CALENDAR_MAX_MAKEUP_DAYS).optional().describe('dates that are working days whatever their weekday'),
    basedOn: calendarName.optional().describe("another calendar whose days this one starts from (this one's win)"),
  })
  .superRefine(checkCalendar)
  .describe('a business calendar')

/**
 * A YAML file of days `importCalendar` takes (docs/calendars.md#yaml): holidays and make-up
 * workdays, and a zone and working weekdays when the file makes a calendar.
 */
export const calendarDaysFileSchema = z
  .strictObject({
    timezone: requiredText(64).optional(),
    workdays: workdaysSchema.optional(),
    holidays: z.array(holidaySchema).max(CALENDAR_MAX_HOLIDAYS).optional(),
    makeupWorkdays: z.array(isoDate).max(CALENDAR_MAX_MAKEUP_DAYS).optional(),
  })
  .superRefine((file, context) => checkCalendar({ name: '', ...file }, context))

/** `importCalendar`'s request: a calendar's name and exactly one file, iCalendar, CSV or YAML. */
export const calendarImportRequestSchema = z
  .strictObject({
    name: calendarName,
    ics: text(CALENDAR_FILE_MAX_CHARS).optional(),
    csv: text(CALENDAR_FILE_MAX_CHARS).optional(),
    yaml: text(CALENDAR_FILE_MAX_CHARS).optional(),
    timezone: text(64).optional(),
  })
  .superRefine((request, context) => {
    const given = [request.ics, request.csv, request.yaml].filter((file) => file !== undefined)
    if (given.length !== 1) context.addIssue(codedIssue('calendar.fileOneOf', { count: given.length }))
  })

/** An instant as epoch milliseconds, or as ISO 8601 text with its offset (`2026-12-31T00:00:00+08:00`); read as epoch ms. */
export const instant = z.unknown().transform((value, context) => {
  if (value === undefined) {
    context.addIssue(codedIssue('validation.required', {}))
    return z.NEVER
  }
  const ms = typeof value === 'number' ? value : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_EPOCH_MS) {
    context.addIssue(codedIssue('calendar.instant', { got: String(value).slice(0, 40) }))
    return z.NEVER
  }
  return ms
})

/** `simulateSchedule`'s request: a window of at most SIMULATION_MAX_DAYS, and whose fires. */
export const simulationRequestSchema = z
  .strictObject({
    from: instant,
    to: instant,
    jobIds: z.array(id).max(100_000).optional(),
    flowIds: z.array(id).max(10_000).optional(),
    groupIds: z.array(id).max(10_000).optional(),
  })
  .superRefine((request, context) => {
    if (request.to <= request.from) context.addIssue(codedIssue('calendar.windowBackwards', {}, ['to']))
    else if (request.to - request.from > SIMULATION_MAX_DAYS * 86_400_000)
      context.addIssue(codedIssue('calendar.windowTooLong', { max: SIMULATION_MAX_DAYS }, ['to']))
  })
