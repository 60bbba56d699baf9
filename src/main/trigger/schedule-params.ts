import { hasScheduleReference, resolveScheduleReferences, scheduleValuesOf } from '../../shared/schedule-values'
import { zoneOffsetMs } from '../schedule/timezone'

/**
 * A run's parameter with `${schedule.time}` and `${schedule.date}` replaced by the slot it stands
 * for in the job's zone (shared/schedule-values.ts): a scheduled run's scheduled time, a flow node's
 * the flow run's, a manual or API run's the moment it was asked for. A parameter without them is
 * returned as it is, at the cost of one `includes`.
 */
export function withScheduleValues(param: string, slotMs: number, timezone: string): string {
  if (!hasScheduleReference(param)) return param
  // A job without a zone (FIX_RATE, NONE may leave it empty) reads its slot in UTC.
  const zone = timezone === '' ? 'UTC' : timezone
  return resolveScheduleReferences(param, scheduleValuesOf(slotMs, zoneOffsetMs(zone, slotMs)))
}
