import type { MisfireStrategy, ScheduleType, TriggerType } from '../../shared/model'
import type { CalendarRoll, CalendarRule } from '../../shared/calendar/calendar-rules'

// What the scheduler plans and hands on: read by the scan, kept in the ring table, fired by the ring.

/** A fire the scan planned: persisted in `job_ring` until a ring tick claims it. */
export interface RingFire {
  jobId: number
  /** The scheduled time the run is for (unique per job); for a misfire, the latest missed time. */
  scheduleTimeMs: number
  /** When the ring should fire it: the scheduled time, or the scan's now for misfires and due jobs. */
  fireAtMs: number
  triggerType: Extract<TriggerType, 'CRON' | 'MISFIRE'>
}

/** A fire left in `job_ring` by a process that died before firing it, with its job's current settings. */
export interface StaleFire extends RingFire {
  misfireStrategy: MisfireStrategy
  /** 0 when the job was stopped or deleted meanwhile: the fire is dropped. */
  triggerStatus: number
}

/** The columns the scan needs to plan a job. */
export interface DueJob {
  id: number
  /** Its executor group: a maintenance window may cover a group's jobs. */
  jobGroup: number
  scheduleType: ScheduleType
  scheduleConf: string
  timezone: string
  /** The business calendar the schedule follows, by name (null: none), with its rule and roll. */
  calendar: string | null
  calendarRule: CalendarRule
  calendarRoll: CalendarRoll
  misfireStrategy: MisfireStrategy
  triggerLastTimeMs: number
  triggerNextTimeMs: number
  /**
   * The latest slot a maintenance window held back (0: none). While it is set, the next time is the
   * windows' close, where the misfire strategy decides whether this slot runs once.
   */
  triggerHeldTimeMs: number
}

/** A job's schedule bookkeeping after a scan; `triggerStatus` 0 stops a job whose schedule ended. */
export interface NextTimeUpdate {
  id: number
  triggerStatus: 0 | 1
  triggerLastTimeMs: number
  triggerNextTimeMs: number
  triggerHeldTimeMs: number
}

/** The key a claimed fire is reported by (a job has at most one fire per scheduled time). */
export const ringKey = (jobId: number, scheduleTimeMs: number): string => `${jobId}:${scheduleTimeMs}`
