import { CalendarDays, type BusinessCalendar } from '../../shared/calendar/business-calendar'
import type { JobInfo } from '../../shared/model'
import { nextFireTimeMs } from '../schedule'
import type { ScheduleSpec } from '../schedule/next-fire'
import type { CalendarSlots } from '../schedule/window-hold'
import type { Repos } from '../store/store'
import type { VersionedData } from '../store/version-repo'

/** What a job or a flow says of when it fires, with its calendar by name. */
export type NamedSchedule = Pick<JobInfo, 'scheduleType' | 'scheduleConf' | 'timezone' | 'calendar' | 'calendarRule' | 'calendarRoll'>

/**
 * The calendars resolved for the schedule functions, kept in memory and reread only when their
 * version moved (a write on any node raises it): a scan asks for hundreds of next fires, a save
 * for one. A job's calendar name becomes the `calendarTerms` of its ScheduleSpec here.
 */
export class ScheduleBook {
  private version = -1
  private days = new Map<string, CalendarDays>()

  /** A book read now (a save's check: one read of the calendars). */
  static async read(repos: Pick<Repos, 'calendars'>): Promise<ScheduleBook> {
    const book = new ScheduleBook()
    book.fill(await repos.calendars.all())
    return book
  }

  /**
   * A book for the schedules named: read when one of them follows a calendar, empty (no read)
   * otherwise, so a save or a start without a calendar costs nothing more than before.
   */
  static readFor(repos: Pick<Repos, 'calendars'>, calendars: readonly (string | null)[]): Promise<ScheduleBook> {
    return calendars.some((name) => name !== null) ? ScheduleBook.read(repos) : Promise.resolve(new ScheduleBook())
  }

  /**
   * Rereads the calendars when their version moved since the last read; `versions`: the versions
   * the caller read in the same transaction (the scan reads them once for windows too).
   */
  async refresh(repos: Pick<Repos, 'versions' | 'calendars'>, versions?: Record<VersionedData, number>): Promise<void> {
    const { calendars: version } = versions ?? (await repos.versions.current())
    if (version === this.version) return
    this.fill(await repos.calendars.all())
    this.version = version
  }

  /** The calendar resolved, or undefined when there is none of that name. */
  daysOf(name: string): CalendarDays | undefined {
    return this.days.get(name)
  }

  /**
   * The spec the schedule functions take. Without a calendar it is the item itself (the scan's
   * common case allocates nothing); a calendar this book does not know — removed on another node
   * since the job was read — counts as none until the next read.
   */
  specOf<T extends NamedSchedule>(item: T): T | (T & ScheduleSpec) {
    if (item.calendar === null) return item
    const days = this.days.get(item.calendar)
    return days === undefined ? item : { ...item, calendarTerms: { days, rule: item.calendarRule, roll: item.calendarRoll } }
  }

  /**
   * The schedule's own slots and the calendar that drops or moves them, for the scan to record the
   * slots it left out; null without a calendar (or one this book does not know), and for
   * BUSINESS_DAY, whose slots are the calendar's business days already (as the simulator sees it).
   */
  slotsOf(item: NamedSchedule): CalendarSlots | null {
    if (item.calendar === null || item.scheduleType === 'BUSINESS_DAY') return null
    const days = this.days.get(item.calendar)
    if (days === undefined) return null
    const plain: ScheduleSpec = { scheduleType: item.scheduleType, scheduleConf: item.scheduleConf, timezone: item.timezone }
    return {
      slotAfter: (fromMs) => nextFireTimeMs(plain, fromMs),
      calendar: { days, rule: item.calendarRule, roll: item.calendarRoll },
      timezone: item.timezone,
    }
  }

  /** The scheduler's next fire of a job or a flow (scheduler/plan-scan.ts NextFireFn). */
  readonly nextFire = (item: NamedSchedule, fromMs: number): number | null => nextFireTimeMs(this.specOf(item), fromMs)

  private fill(calendars: readonly BusinessCalendar[]): void {
    const byName = new Map(calendars.map((c) => [c.name, c]))
    const days = new Map<string, CalendarDays>()
    for (const calendar of calendars) {
      // The service refuses a base that is missing or circular; a store edited by hand loses only that calendar.
      try {
        days.set(
          calendar.name,
          CalendarDays.resolve(calendar, (name) => byName.get(name)),
        )
      } catch {
        continue
      }
    }
    this.days = days
  }
}
