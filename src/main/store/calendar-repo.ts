import type { CalendarHoliday, CalendarView } from '../../shared/calendar/business-calendar'
import type { Connection } from './sql/connection'
import { bumpVersion } from './version-repo'

interface Row {
  name: string
  timezone: string
  workdays: string
  holidays: string
  makeup_workdays: string
  based_on: string | null
  update_time: number | string
  updated_by: string
}

/** A calendar as stored: what it says, and who changed it last, when. */
export type StoredCalendar = CalendarView

/** `job_calendar`: business calendars, read and written whole. */
export class CalendarRepo {
  constructor(private readonly db: Connection) {}

  /** Every calendar, by name (sorted here: the engines' collations differ). */
  async all(): Promise<StoredCalendar[]> {
    const rows = await this.db.all<Row>('SELECT * FROM job_calendar')
    return rows.map(calendarOf).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }

  async get(name: string): Promise<StoredCalendar | undefined> {
    const row = await this.db.get<Row>('SELECT * FROM job_calendar WHERE name = ?', [name])
    return row && calendarOf(row)
  }

  /** Adds the calendar; resolves false when one of that name exists (nothing written then). */
  async insert(calendar: StoredCalendar): Promise<boolean> {
    const inserted = await this.db.run(
      this.db.dialect.insertIgnore('job_calendar', ['name', 'timezone', 'workdays', 'holidays', 'makeup_workdays', 'based_on', 'update_time', 'updated_by']),
      [calendar.name, ...valuesOf(calendar)],
    )
    if (inserted > 0) await bumpVersion(this.db, 'calendars')
    return inserted > 0
  }

  /** Replaces what the calendar of that name says; resolves false when there is none. */
  async update(calendar: StoredCalendar): Promise<boolean> {
    const updated = await this.db.run(
      'UPDATE job_calendar SET timezone = ?, workdays = ?, holidays = ?, makeup_workdays = ?, based_on = ?, update_time = ?, updated_by = ? WHERE name = ?',
      [...valuesOf(calendar), calendar.name],
    )
    if (updated > 0) await bumpVersion(this.db, 'calendars')
    return updated > 0
  }

  async delete(name: string): Promise<boolean> {
    const deleted = await this.db.run('DELETE FROM job_calendar WHERE name = ?', [name])
    if (deleted > 0) await bumpVersion(this.db, 'calendars')
    return deleted > 0
  }

  /** What refers to a calendar: the jobs and flows that use it, and the calendars based on it. */
  async usersOf(name: string): Promise<{ jobIds: number[]; flowIds: number[]; calendars: string[] }> {
    const jobs = await this.db.all<{ id: number }>('SELECT id FROM job_info WHERE calendar = ? ORDER BY id', [name])
    const flows = await this.db.all<{ id: number }>('SELECT id FROM job_flow WHERE calendar = ? ORDER BY id', [name])
    const calendars = await this.db.all<{ name: string }>('SELECT name FROM job_calendar WHERE based_on = ? ORDER BY name', [name])
    return { jobIds: jobs.map((r) => Number(r.id)), flowIds: flows.map((r) => Number(r.id)), calendars: calendars.map((r) => r.name).sort() }
  }
}

function valuesOf(calendar: StoredCalendar): (string | number | null)[] {
  return [
    calendar.timezone,
    calendar.workdays.join(','),
    JSON.stringify(calendar.holidays),
    JSON.stringify(calendar.makeupWorkdays),
    calendar.basedOn ?? null,
    calendar.updatedAtMs,
    calendar.updatedBy,
  ]
}

function calendarOf(row: Row): StoredCalendar {
  return {
    name: row.name,
    timezone: row.timezone,
    workdays: row.workdays === '' ? [] : row.workdays.split(',').map(Number),
    holidays: JSON.parse(row.holidays) as CalendarHoliday[],
    makeupWorkdays: JSON.parse(row.makeup_workdays) as string[],
    basedOn: row.based_on,
    updatedAtMs: Number(row.update_time),
    updatedBy: row.updated_by,
  }
}
