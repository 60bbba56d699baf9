import { CalendarDays, type BusinessCalendar, type CalendarHoliday, type CalendarImportReport } from '../../shared/calendar/business-calendar'
import { formatIsoDate } from '../../shared/calendar/civil-date'
import { conflict, invalidField, notFound } from '../../shared/messages/coded-errors'
import { calendarSchema } from '../../shared/schema/calendar'
import { parseInput } from '../../shared/schema/parse-input'
import { isIanaTimeZone } from '../schedule/timezone'
import type { StoredCalendar } from '../store/calendar-repo'
import type { Repos } from '../store/store'
import { parseIcs } from './parse-ics'

/** How far ahead yearly holidays of an imported feed are written out. */
const IMPORT_YEARS_AHEAD = 10

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
   * Adds the holidays and make-up workdays of an iCalendar file to the calendar `name`, making it
   * (Monday to Friday, in `timezone`) when there is none. What it holds already stays.
   */
  async importIcs(name: string, ics: string, by: string, timezone = 'UTC'): Promise<CalendarImportReport> {
    const existing = await this.deps.repos.calendars.get(name)
    const until = formatIsoDate(Math.floor(this.deps.nowMs() / 86_400_000) + IMPORT_YEARS_AHEAD * 366)
    const found = parseIcs(ics, until)
    const base: BusinessCalendar = existing
      ? {
          name,
          timezone: existing.timezone,
          workdays: existing.workdays,
          holidays: existing.holidays,
          makeupWorkdays: existing.makeupWorkdays,
          basedOn: existing.basedOn,
        }
      : { name, timezone, workdays: [1, 2, 3, 4, 5], holidays: [], makeupWorkdays: [], basedOn: null }
    const known = new Set(base.holidays.map(holidayKey))
    const holidays = found.holidays.filter((h) => !known.has(holidayKey(h)))
    const makeup = found.makeupWorkdays.filter((d) => !base.makeupWorkdays.includes(d))
    const merged = { ...base, holidays: [...base.holidays, ...holidays], makeupWorkdays: [...base.makeupWorkdays, ...makeup].sort() }
    const calendar = existing === undefined ? await this.add(merged, by) : await this.update(merged, by)
    return { calendar, holidaysAdded: holidays.length, makeupWorkdaysAdded: makeup.length, timedEvents: found.timedEvents }
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

function holidayKey(holiday: CalendarHoliday): string {
  return 'date' in holiday ? `${holiday.date}|${holiday.name}` : `${holiday.from}..${holiday.to}|${holiday.name}`
}
