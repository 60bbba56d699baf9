/**
 * `${schedule.time}` and `${schedule.date}` in a job's parameter: the slot a run stands for, so an
 * executor that knows nothing of JobDesk (a real xxl-job-core handler) gets the date as its
 * parameter. A scheduled run's slot is its scheduled time, a manual run's the moment it was asked
 * for, a backfill run's the slot it fills. The values hold only digits, '-', ':', 'T' and '+', so
 * they need no escaping in text, JSON or a URL's query.
 */

const SCHEDULE_REFERENCE = /\$\{schedule\.(time|date)\}/g

export interface ScheduleValues {
  /** ISO 8601 with the zone's offset, to the second: `2026-02-14T09:00:00+08:00`. */
  time: string
  /** `YYYY-MM-DD`, the slot's date in the zone. */
  date: string
}

export function hasScheduleReference(param: string): boolean {
  return param.includes('${schedule.')
}

/** The values of a slot, given the zone's UTC offset at that instant (local = epoch + offset). */
export function scheduleValuesOf(slotMs: number, offsetMs: number): ScheduleValues {
  const local = new Date(Math.floor(slotMs / 1000) * 1000 + offsetMs).toISOString()
  const sign = offsetMs < 0 ? '-' : '+'
  const minutes = Math.abs(offsetMs) / 60_000
  const offset = `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  return { time: `${local.slice(0, 19)}${offset}`, date: local.slice(0, 10) }
}

/** `param` with each `${schedule.time}` and `${schedule.date}` replaced; any other `${…}` as written. */
export function resolveScheduleReferences(param: string, values: ScheduleValues): string {
  if (!hasScheduleReference(param)) return param
  return param.replace(SCHEDULE_REFERENCE, (_, name: 'time' | 'date') => values[name])
}
