import { DEFAULT_WORKDAYS, type BusinessCalendar, type CalendarHoliday } from '../../../shared/calendar/business-calendar'
import type { CalendarDocument } from '../../../shared/schema/definition-files'

/** A calendar as a file declares it, every default filled in, as the service stores one. */
export type FileCalendar = Required<BusinessCalendar> & { basedOn: string | null }

/** A calendar of the files, and the index of the document that declares it (`sources[index]`). */
export interface DeclaredCalendar {
  calendar: FileCalendar
  index: number
}

/** A `kind: Calendar` document read into a calendar (absent fields take the defaults the API gives them). */
export function calendarOf(doc: CalendarDocument): FileCalendar {
  return {
    name: doc.name,
    timezone: doc.timezone,
    workdays: [...(doc.workdays ?? DEFAULT_WORKDAYS)].sort((a, b) => a - b),
    holidays: doc.holidays ?? [],
    makeupWorkdays: doc.makeupWorkdays ?? [],
    basedOn: doc.basedOn ?? null,
  }
}

/** A calendar as a `kind: Calendar` document, its defaults left out as a hand-written file would. */
export function calendarDocument(calendar: BusinessCalendar): CalendarDocument {
  const defaultWeek = calendar.workdays.join(',') === DEFAULT_WORKDAYS.join(',')
  return {
    kind: 'Calendar',
    name: calendar.name,
    timezone: calendar.timezone,
    ...(defaultWeek ? {} : { workdays: calendar.workdays }),
    ...(calendar.holidays.length > 0 ? { holidays: calendar.holidays.map(holidayDocument) } : {}),
    ...(calendar.makeupWorkdays.length > 0 ? { makeupWorkdays: calendar.makeupWorkdays } : {}),
    ...(calendar.basedOn ? { basedOn: calendar.basedOn } : {}),
  }
}

/** A holiday's fields in the order a file writes them: when, then its name. */
function holidayDocument(holiday: CalendarHoliday): CalendarHoliday {
  return 'date' in holiday ? { date: holiday.date, name: holiday.name } : { from: holiday.from, to: holiday.to, name: holiday.name }
}

/**
 * The calendars an export of some jobs and flows brings along: those they follow, and each one's
 * `basedOn` chain, so the files apply on a server that has none of them. By name.
 */
export function calendarsFollowed(calendars: readonly BusinessCalendar[], followed: Iterable<string | null>): BusinessCalendar[] {
  const byName = new Map(calendars.map((c) => [c.name, c]))
  const wanted = new Set<string>()
  const queue = [...followed].filter((name): name is string => name !== null)
  // Each name is taken once, so a chain a hand-edited store made circular still ends.
  while (queue.length > 0) {
    const name = queue.pop()!
    const calendar = byName.get(name)
    if (calendar === undefined || wanted.has(name)) continue
    wanted.add(name)
    if (calendar.basedOn) queue.push(calendar.basedOn)
  }
  return calendars.filter((c) => wanted.has(c.name))
}
