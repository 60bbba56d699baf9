import {
  CalendarDays,
  DEFAULT_WORKDAYS,
  type BusinessCalendar,
  type CalendarImportReport,
  type CalendarImportRequest,
  holidayKey,
} from '../../shared/calendar/business-calendar'
import { formatIsoDate } from '../../shared/calendar/civil-date'
import { conflict, invalidField, notFound } from '../../shared/messages/coded-errors'
import { calendarSchema } from '../../shared/schema/calendar'
import { parseInput } from '../../shared/schema/parse-input'
import { isIanaTimeZone } from '../schedule/timezone'
import type { StoredCalendar } from '../store/calendar-repo'
import type { Repos } from '../store/store'
import { CalendarFileProblems, type CalendarFileDays } from './calendar-file-problems'
import { parseCalendarCsv } from './parse-calendar-csv'

/** How far ahead yearly holidays of an imported feed are written out. */
const IMPORT_YEARS_AHEAD = 10

/** Days of any import: an iCalendar feed also counts the timed events it left out. */
type ImportedDays = CalendarFileDays & { timedEvents?: number }

export interface CalendarServiceDeps {
  repos: Pick<Repos, 'calendars'>
  nowMs: () => number
}

/**
 * Business calendars: their rules beyond the schema (a known zone, a `basedOn` that exists and
 * does not come back on itself, no removal while something uses a calendar) and the import of
 * iCalendar feeds. Who may do what is the API's rule (auth/calendar-rules.ts): admins write,
 * everyone reads.
 */
export class CalendarService {
  constructor(private readonly deps: CalendarServiceDeps) {}

  list(): Promise<StoredCalendar[]> {
    return this.deps.repos.calendars.all()
  }

  async get(name: string): Promise<StoredCalendar> {
    const calendar = await this.deps.repos.calendars.get(name)
    if (calendar === undefined) throw notFound('calendar.notFound', { name })
    return calendar
  }

  async add(input: unknown, by: string): Promise<StoredCalendar> {
    const calendar = await this.checked(input, by)
    if (!(await this.deps.repos.calendars.insert(calendar))) throw conflict('calendar.exists', { name: calendar.name })
    return calendar
  }

  async update(input: unknown, by: string): Promise<StoredCalendar> {
    const calendar = await this.checked(input, by)
    if (!(await this.deps.repos.calendars.update(calendar))) throw notFound('calendar.notFound', { name: calendar.name })
    return calendar
  }

  /** @throws ConflictError naming the jobs, flows and calendars that use it. */
  async remove(name: string): Promise<void> {
    const { calendars } = this.deps.repos
    const users = await calendars.usersOf(name)
    const named = [...users.jobIds.map((id) => `job ${id}`), ...users.flowIds.map((id) => `flow ${id}`), ...users.calendars.map((c) => `calendar ${c}`)]
    if (named.length > 0) throw conflict('calendar.inUse', { name, users: named.join(', ') })
    if (!(await calendars.delete(name))) throw notFound('calendar.notFound', { name })
  }

  /**
   * Adds the holidays and make-up workdays of a file to the calendar `name` (importCalendar): an
   * iCalendar feed, a CSV table or a YAML file of days (docs/calendars.md#importing-days).
   * @throws ValidationError when the request gives no file or more than one, or the file is refused.
   */
  async importFile(request: CalendarImportRequest, by: string): Promise<CalendarImportReport> {
    const { name, ics, csv, yaml, timezone } = request
    const given = [ics, csv, yaml].filter((file) => file !== undefined).length
    if (given !== 1) throw invalidField('ics', 'calendar.fileOneOf', { count: given })
    if (ics !== undefined) return this.importIcs(name, ics, by, timezone)
    // The YAML and iCalendar parsers load on the first import of their kind, not with the server (B9).
    const days = csv !== undefined ? parseCalendarCsv(csv) : (await import('./parse-calendar-yaml')).parseCalendarYaml(yaml!)
    return this.mergeDays(name, days, by, timezone)
  }

  /**
   * Adds the holidays and make-up workdays of an iCalendar file to the calendar `name`, making it
   * (Monday to Friday, in `timezone`) when there is none. What it holds already stays.
   */
  async importIcs(name: string, ics: string, by: string, timezone = 'UTC'): Promise<CalendarImportReport> {
    const until = formatIsoDate(Math.floor(this.deps.nowMs() / 86_400_000) + IMPORT_YEARS_AHEAD * 366)
    const { parseIcs } = await import('./parse-ics')
    return this.mergeDays(name, parseIcs(ics, until), by, timezone)
  }

  /**
   * The one merge of every import: the file's days not there yet are added to the calendar, or a
   * calendar is made of them (Monday to Friday in `timezone`, unless a YAML file gives its own).
   * A file that gives a zone or working weekdays other than an existing calendar's is refused:
   * an import adds days, it does not quietly keep or change what the file says.
   */
  private async mergeDays(name: string, found: ImportedDays, by: string, timezone = 'UTC'): Promise<CalendarImportReport> {
    const existing = await this.deps.repos.calendars.get(name)
    refuseDifferences(name, found, existing)
    const base: BusinessCalendar = existing
      ? {
          name,
          timezone: existing.timezone,
          workdays: existing.workdays,
          holidays: existing.holidays,
          makeupWorkdays: existing.makeupWorkdays,
          basedOn: existing.basedOn,
        }
      : {
          name,
          timezone: found.timezone?.value ?? timezone,
          workdays: found.workdays?.value ?? [...DEFAULT_WORKDAYS],
          holidays: [],
          makeupWorkdays: [],
          basedOn: null,
        }
    const known = new Set(base.holidays.map(holidayKey))
    const holidays = found.holidays.filter((h) => !known.has(holidayKey(h)))
    const makeup = found.makeupWorkdays.filter((d) => !base.makeupWorkdays.includes(d))
    const merged = { ...base, holidays: [...base.holidays, ...holidays], makeupWorkdays: [...base.makeupWorkdays, ...makeup].sort() }
    const calendar = existing === undefined ? await this.add(merged, by) : await this.update(merged, by)
    return { calendar, holidaysAdded: holidays.length, makeupWorkdaysAdded: makeup.length, timedEvents: found.timedEvents ?? 0 }
  }

  private async checked(input: unknown, by: string): Promise<StoredCalendar> {
    const parsed = parseInput(calendarSchema, input, 'calendar')
    if (!isIanaTimeZone(parsed.timezone)) throw invalidField('timezone', 'calendar.timezone', { zone: parsed.timezone })
    if (parsed.basedOn !== null) await this.checkBase(parsed)
    return { ...parsed, updatedAtMs: this.deps.nowMs(), updatedBy: by }
  }

  /** `basedOn` names a calendar, and following the chain from there never reaches this one. */
  private async checkBase(calendar: BusinessCalendar): Promise<void> {
    const all = new Map<string, BusinessCalendar>((await this.deps.repos.calendars.all()).map((c) => [c.name, c]))
    if (!all.has(calendar.basedOn!)) throw invalidField('basedOn', 'calendar.basedOnMissing', { name: calendar.name, basedOn: calendar.basedOn! })
    const path = [calendar.name]
    for (let at = all.get(calendar.basedOn!); at !== undefined; at = at.basedOn ? all.get(at.basedOn) : undefined) {
      path.push(at.name)
      if (at.name === calendar.name) throw invalidField('basedOn', 'calendar.basedOnCircle', { name: calendar.name, path: path.join(' → ') })
    }
    all.set(calendar.name, calendar)
    // A chain that resolves is one the scheduler can use: the same walk it will make.
    CalendarDays.resolve(calendar, (name) => all.get(name))
  }
}

/** A YAML file's own zone must be one the runtime knows; against an existing calendar, its zone and weekdays must be the calendar's. */
function refuseDifferences(name: string, found: ImportedDays, existing: StoredCalendar | undefined): void {
  const problems = new CalendarFileProblems('yaml')
  const { timezone, workdays } = found
  if (timezone && !isIanaTimeZone(timezone.value)) problems.add({ line: timezone.line }, 'calendar.timezone', { zone: timezone.value })
  if (existing && timezone && timezone.value !== existing.timezone) {
    problems.add({ line: timezone.line }, 'calendar.importDiffers', { name, field: 'timezone', has: existing.timezone, file: timezone.value })
  }
  if (existing && workdays && workdays.value.join(',') !== existing.workdays.join(',')) {
    const params = { name, field: 'workdays', has: `[${existing.workdays.join(', ')}]`, file: `[${workdays.value.join(', ')}]` }
    problems.add({ line: workdays.line }, 'calendar.importDiffers', params)
  }
  problems.throwIfAny()
}
