import ICAL from 'ical.js'
import type { CalendarHoliday } from '../../shared/calendar/business-calendar'
import { formatIsoDate, parseIsoDate } from '../../shared/calendar/civil-date'
import { invalidField } from '../../shared/messages/coded-errors'
import { CALENDAR_FILE_MAX_CHARS } from '../../shared/schema/calendar'

/**
 * Holidays and make-up workdays from an iCalendar file (RFC 5545), as public holiday feeds publish
 * them: one all-day VEVENT per holiday (DTSTART;VALUE=DATE, DTEND the day after its last day).
 * A make-up workday is an all-day event marked as one: Apple's and many Chinese feeds set
 * `X-APPLE-SPECIAL-DAY:ALTERNATE-WORKDAY`, others name it 补班 or 上班 in the summary.
 * Timed events are left out and counted: a holiday is a day, not an hour.
 */

/** Occurrences taken from one recurring event (a yearly holiday over a century is 100). */
const MAX_OCCURRENCES = 400
const MAX_EVENTS = 20_000
const MAKEUP_SUMMARY = /补班|上班|make-?up work/i

export interface IcsDays {
  holidays: CalendarHoliday[]
  makeupWorkdays: string[]
  /** Events that are not all-day, left out. */
  timedEvents: number
}

/**
 * @param untilDate recurring events are expanded up to this date (`YYYY-MM-DD`, excluded).
 * @throws ValidationError on `ics`: not iCalendar text, no VCALENDAR, or no all-day event at all.
 */
export function parseIcs(text: string, untilDate: string): IcsDays {
  if (typeof text !== 'string' || text.trim() === '') throw invalidField('ics', 'calendar.icsEmpty')
  if (text.length > CALENDAR_FILE_MAX_CHARS) throw invalidField('ics', 'calendar.icsTooLarge', { max: CALENDAR_FILE_MAX_CHARS, length: text.length })
  let root: InstanceType<typeof ICAL.Component>
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[])
  } catch (error) {
    throw invalidField('ics', 'calendar.icsInvalid', { reason: (error as Error).message.slice(0, 200) })
  }
  if (root.name !== 'vcalendar') throw invalidField('ics', 'calendar.icsInvalid', { reason: `the file holds a ${root.name.toUpperCase()}, not a VCALENDAR` })
  const events = root.getAllSubcomponents('vevent')
  if (events.length > MAX_EVENTS) throw invalidField('ics', 'calendar.icsTooLarge', { max: CALENDAR_FILE_MAX_CHARS, length: text.length })

  const until = parseIsoDate(untilDate)
  if (until === null) throw new RangeError(`untilDate must be YYYY-MM-DD, got ${untilDate}`)
  const found: IcsDays = { holidays: [], makeupWorkdays: [], timedEvents: 0 }
  events.forEach((component, index) => {
    try {
      takeEvent(new ICAL.Event(component), component, until, found)
    } catch (error) {
      // ical.js reads property values lazily, so a malformed date surfaces here, not in parse().
      throw invalidField('ics', 'calendar.icsInvalid', { reason: `event ${index + 1}: ${(error as Error).message.slice(0, 200)}` })
    }
  })
  if (found.holidays.length === 0 && found.makeupWorkdays.length === 0) throw invalidField('ics', 'calendar.icsNoDays', { timed: found.timedEvents })
  found.makeupWorkdays = [...new Set(found.makeupWorkdays)].sort()
  return found
}

function takeEvent(event: InstanceType<typeof ICAL.Event>, component: InstanceType<typeof ICAL.Component>, until: number, found: IcsDays): void {
  if (!event.startDate) throw new Error('it has no DTSTART')
  if (!event.startDate.isDate) {
    found.timedEvents++
    return
  }
  const name = (event.summary ?? '').trim() || 'holiday'
  const makeup = component.getFirstPropertyValue('x-apple-special-day') === 'ALTERNATE-WORKDAY' || MAKEUP_SUMMARY.test(name)
  const lengthDays = event.endDate?.isDate ? Math.max(1, dayOf(event.endDate) - dayOf(event.startDate)) : 1
  for (const start of occurrences(event, until)) {
    if (makeup) {
      for (let d = 0; d < lengthDays; d++) found.makeupWorkdays.push(formatIsoDate(start + d))
    } else if (lengthDays === 1) found.holidays.push({ name, date: formatIsoDate(start) })
    else found.holidays.push({ name, from: formatIsoDate(start), to: formatIsoDate(start + lengthDays - 1) })
  }
}

/** The start days of an event: its own, or each of its recurrence before `until`. */
function occurrences(event: InstanceType<typeof ICAL.Event>, until: number): number[] {
  if (!event.isRecurring()) return [dayOf(event.startDate)]
  const days: number[] = []
  const expansion = event.iterator()
  for (let next = expansion.next(); next && days.length < MAX_OCCURRENCES; next = expansion.next()) {
    const day = dayOf(next)
    if (day >= until) break
    days.push(day)
  }
  return days
}

function dayOf(time: InstanceType<typeof ICAL.Time>): number {
  return parseIsoDate(`${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`)!
}
