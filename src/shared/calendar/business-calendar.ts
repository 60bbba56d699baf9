import { formatIsoDate, isoWeekday, parseIsoDate, type DayNumber } from './civil-date'

/** A holiday: one date, or a range of dates (both ends included), with the name operators know it by. */
export type CalendarHoliday = { name: string } & ({ date: string } | { from: string; to: string })

/**
 * A business calendar as operators write it (console, API, `kind: Calendar` files). Dates are
 * `YYYY-MM-DD` in the calendar's zone.
 */
export interface BusinessCalendar {
  name: string
  /** IANA zone the dates are days of. */
  timezone: string
  /** ISO weekdays that are working days (1 = Monday … 7 = Sunday); Monday to Friday by default. */
  workdays: number[]
  holidays: CalendarHoliday[]
  /** Working days whatever their weekday (调休: a Saturday worked to bridge a holiday). */
  makeupWorkdays: string[]
  /** Another calendar whose holidays and make-up days this one starts from. */
  basedOn?: string | null
}

/** A calendar as the API shows it: what it says, and who changed it last, when. */
export interface CalendarView extends BusinessCalendar {
  basedOn: string | null
  updatedAtMs: number
  updatedBy: string
}

/**
 * `importCalendar`'s request: a calendar's name and exactly one file — an iCalendar feed, a CSV
 * table or a YAML file of days (docs/calendars.md#importing-days).
 */
export interface CalendarImportRequest {
  name: string
  ics?: string
  csv?: string
  yaml?: string
  /** The zone of a calendar the import makes (a YAML file's own zone wins); UTC when neither says. */
  timezone?: string
}

/** What `importCalendar` did: the calendar after it, and what the file added. */
export interface CalendarImportReport {
  calendar: CalendarView
  holidaysAdded: number
  makeupWorkdaysAdded: number
  /** Timed events of the file, left out: a holiday is a day. */
  timedEvents: number
}

export const DEFAULT_WORKDAYS: readonly number[] = [1, 2, 3, 4, 5]

/** What a date is in a calendar, and why. */
export type DayKind = { business: true; why: 'workday' | 'makeup' } | { business: false; why: 'weekend' } | { business: false; why: 'holiday'; holiday: string }

/**
 * A calendar resolved for lookups: its `basedOn` chain flattened, dates as day numbers. The nearer
 * calendar decides a date both mention: a make-up day here overrides the base's holiday on it, a
 * holiday here overrides the base's make-up day.
 */
export class CalendarDays {
  private constructor(
    readonly name: string,
    readonly timezone: string,
    private readonly workdays: ReadonlySet<number>,
    /** Day number → the holiday's name, or null for a make-up workday. */
    private readonly exceptions: ReadonlyMap<DayNumber, string | null>,
  ) {}

  /**
   * @param lookup the calendars `basedOn` may name, by name.
   * @throws Error when a `basedOn` names no calendar or the chain comes back on itself; calendars
   *   are checked on save (validate-calendar.ts), so this only guards against a store edited by hand.
   */
  static resolve(calendar: BusinessCalendar, lookup: (name: string) => BusinessCalendar | undefined): CalendarDays {
    const chain: BusinessCalendar[] = []
    for (let at: BusinessCalendar | undefined = calendar; at !== undefined;) {
      if (chain.some((c) => c.name === at!.name)) throw new Error(`calendar ${calendar.name}: basedOn comes back to ${at.name}`)
      chain.push(at)
      const base: string | null | undefined = at.basedOn
      if (base == null || base === '') break
      at = lookup(base)
      if (at === undefined) throw new Error(`calendar ${chain[chain.length - 1].name}: basedOn names no calendar '${base}'`)
    }
    const exceptions = new Map<DayNumber, string | null>()
    // Farthest base first, so each nearer calendar overwrites what it mentions.
    for (const layer of chain.reverse()) {
      for (const holiday of layer.holidays) for (const day of holidayDays(holiday)) exceptions.set(day, holiday.name)
      for (const date of layer.makeupWorkdays) {
        const day = parseIsoDate(date)
        if (day !== null) exceptions.set(day, null)
      }
    }
    return new CalendarDays(calendar.name, calendar.timezone, new Set(calendar.workdays), exceptions)
  }

  kindOf(day: DayNumber): DayKind {
    const exception = this.exceptions.get(day)
    if (exception === null) return { business: true, why: 'makeup' }
    if (exception !== undefined) return { business: false, why: 'holiday', holiday: exception }
    return this.workdays.has(isoWeekday(day)) ? { business: true, why: 'workday' } : { business: false, why: 'weekend' }
  }

  isBusinessDay(day: DayNumber): boolean {
    const exception = this.exceptions.get(day)
    if (exception !== undefined) return exception === null
    return this.workdays.has(isoWeekday(day))
  }

  /** Whether any day of the week can be a business day: a calendar without one has no business days but make-up days. */
  get hasWorkdays(): boolean {
    return this.workdays.size > 0
  }

  /** The holidays and make-up days in [fromDay, toDay), for a month grid. */
  exceptionsBetween(fromDay: DayNumber, toDay: DayNumber): { date: string; holiday: string | null }[] {
    const found: { date: string; holiday: string | null }[] = []
    for (let day = fromDay; day < toDay; day++) {
      const exception = this.exceptions.get(day)
      if (exception !== undefined) found.push({ date: formatIsoDate(day), holiday: exception })
    }
    return found
  }
}

/** A holiday as one line of text (its days and its name): two holidays are the same when their keys are. */
export function holidayKey(holiday: CalendarHoliday): string {
  return 'date' in holiday ? `${holiday.date}|${holiday.name}` : `${holiday.from}..${holiday.to}|${holiday.name}`
}

/** The days of a holiday; none when its dates do not parse (validation refuses those on save). */
export function holidayDays(holiday: CalendarHoliday): DayNumber[] {
  const from = parseIsoDate('date' in holiday ? holiday.date : holiday.from)
  const to = parseIsoDate('date' in holiday ? holiday.date : holiday.to)
  if (from === null || to === null || to < from) return []
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
}
