import { deadlineColumnsOf, deadlineTermsOfRow, type DeadlineRow } from './deadline-columns'
import { paramColumnsOf, paramsFieldsOfRow, type ParamColumns } from './param-columns'
import type { DueJob } from '../domain/fires'
import type { CalendarRoll, CalendarRule } from '../../shared/calendar/calendar-rules'
import { DEFAULT_PRIORITY, type JobCapacityFields, type PoolNeed } from '../../shared/capacity'
import type { BlockStrategy, GlueType, JobInfo, MisfireStrategy, RetryBackoff, RouteStrategy, ScheduleType } from '../../shared/model'

/** The columns of a schedule, a job's and a flow's alike (`job_info`, `job_flow`). */
export interface ScheduleRow {
  schedule_type: string
  schedule_conf: string
  timezone: string
  calendar: string | null
  calendar_rule: string
  calendar_roll: string
  misfire_strategy: string
}

/** `job_info` as stored; the repo maps it to the `JobInfo` the rest of the app speaks. */
export interface JobRow extends ScheduleRow, DeadlineRow, ParamColumns {
  id: number
  job_group: number
  name: string
  author: string
  alarm_email: string
  executor_route_strategy: string
  executor_handler: string
  executor_param: string
  executor_block_strategy: string
  executor_timeout: number
  executor_fail_retry_count: number
  retry_backoff: string
  retry_interval: number
  retry_max_interval: number
  alarm_every_failure: number
  /** NULL: the server's default (0024). */
  alarm_after_failures: number | null
  alarm_quiet_sec: number | null
  glue_type: string
  glue_source: string
  glue_remark: string
  glue_updatetime: number
  child_jobid: string
  trigger_status: number
  trigger_last_time: number
  trigger_next_time: number
  add_time: number
  update_time: number
  /** JSON [{ name, slots }] (docs/capacity.md). */
  pools: string
  priority: number
  max_concurrent: number
  /** JSON { NAME: 'secrets.X' } of a job with an env; NULL: none (docs/secrets.md). */
  env: string | null
}

/** The columns of `job_info` the scan plans from (snake_case as stored; mapped by `dueJobOf`). */
export const DUE_COLUMNS =
  'id, job_group, schedule_type, schedule_conf, timezone, calendar, calendar_rule, calendar_roll, misfire_strategy, trigger_last_time, trigger_next_time, trigger_held_time'

export interface DueRow extends ScheduleRow {
  id: number
  job_group: number
  trigger_last_time: number
  trigger_next_time: number
  trigger_held_time: number
}

export function dueJobOf(row: DueRow): DueJob {
  return {
    id: row.id,
    jobGroup: Number(row.job_group),
    scheduleType: row.schedule_type as ScheduleType,
    scheduleConf: row.schedule_conf,
    timezone: row.timezone,
    ...calendarTermsOf(row),
    misfireStrategy: row.misfire_strategy as MisfireStrategy,
    triggerLastTimeMs: Number(row.trigger_last_time),
    triggerNextTimeMs: Number(row.trigger_next_time),
    triggerHeldTimeMs: Number(row.trigger_held_time),
  }
}

export function toRow(job: JobInfo): JobRow {
  return {
    id: job.id,
    job_group: job.jobGroup,
    name: job.name,
    author: job.author,
    alarm_email: job.alarmEmail,
    schedule_type: job.scheduleType,
    schedule_conf: job.scheduleConf,
    timezone: job.timezone,
    calendar: job.calendar,
    calendar_rule: job.calendarRule,
    calendar_roll: job.calendarRoll,
    misfire_strategy: job.misfireStrategy,
    executor_route_strategy: job.executorRouteStrategy,
    executor_handler: job.executorHandler,
    executor_param: job.executorParam,
    executor_block_strategy: job.executorBlockStrategy,
    executor_timeout: job.executorTimeoutSec,
    executor_fail_retry_count: job.executorFailRetryCount,
    retry_backoff: job.retryBackoff,
    retry_interval: job.retryIntervalSec,
    retry_max_interval: job.retryMaxIntervalSec,
    alarm_every_failure: job.alarmOnEveryFailure ? 1 : 0,
    alarm_after_failures: job.alarmAfterFailures,
    alarm_quiet_sec: job.alarmQuietSec,
    glue_type: job.glueType,
    glue_source: job.glueSource,
    glue_remark: job.glueRemark,
    glue_updatetime: job.glueUpdatetimeMs,
    child_jobid: job.childJobIds.join(','),
    trigger_status: job.triggerStatus,
    trigger_last_time: job.triggerLastTimeMs,
    trigger_next_time: job.triggerNextTimeMs,
    add_time: job.addTimeMs,
    update_time: job.updateTimeMs,
    ...deadlineColumnsOf(job),
    pools: JSON.stringify(job.pools ?? []),
    priority: job.priority ?? DEFAULT_PRIORITY,
    max_concurrent: job.maxConcurrent ?? 0,
    ...paramColumnsOf(job),
    env: job.env && Object.keys(job.env).length > 0 ? JSON.stringify(job.env) : null,
  }
}

export function fromRow(row: JobRow): JobInfo {
  return {
    id: row.id,
    jobGroup: row.job_group,
    name: row.name,
    author: row.author,
    alarmEmail: row.alarm_email,
    scheduleType: row.schedule_type as ScheduleType,
    scheduleConf: row.schedule_conf,
    timezone: row.timezone,
    ...calendarTermsOf(row),
    misfireStrategy: row.misfire_strategy as MisfireStrategy,
    executorRouteStrategy: row.executor_route_strategy as RouteStrategy,
    executorHandler: row.executor_handler,
    executorParam: row.executor_param,
    executorBlockStrategy: row.executor_block_strategy as BlockStrategy,
    executorTimeoutSec: row.executor_timeout,
    executorFailRetryCount: row.executor_fail_retry_count,
    retryBackoff: row.retry_backoff as RetryBackoff,
    retryIntervalSec: row.retry_interval,
    retryMaxIntervalSec: row.retry_max_interval,
    alarmOnEveryFailure: row.alarm_every_failure === 1,
    alarmAfterFailures: row.alarm_after_failures === null ? null : Number(row.alarm_after_failures),
    alarmQuietSec: row.alarm_quiet_sec === null ? null : Number(row.alarm_quiet_sec),
    glueType: row.glue_type as GlueType,
    glueSource: row.glue_source,
    glueRemark: row.glue_remark,
    glueUpdatetimeMs: Number(row.glue_updatetime),
    childJobIds: parseIdList(row.child_jobid),
    triggerStatus: row.trigger_status === 1 ? 1 : 0,
    triggerLastTimeMs: Number(row.trigger_last_time),
    triggerNextTimeMs: Number(row.trigger_next_time),
    addTimeMs: Number(row.add_time),
    updateTimeMs: Number(row.update_time),
    ...deadlineTermsOfRow(row),
    ...capacityOf(row),
    ...paramsFieldsOfRow(row),
    ...(row.env ? { env: JSON.parse(row.env) as Record<string, string> } : {}),
  }
}

function parseIdList(text: string): number[] {
  if (!text) return []
  return text
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0)
}

/** A job's or a flow's calendar columns (flow-repo.ts reads them alike). */
export function calendarTermsOf(row: {
  calendar: string | null
  calendar_rule: string
  calendar_roll: string
}): Pick<JobInfo, 'calendar' | 'calendarRule' | 'calendarRoll'> {
  return { calendar: row.calendar, calendarRule: row.calendar_rule as CalendarRule, calendarRoll: row.calendar_roll as CalendarRoll }
}

/**
 * A job's capacity fields, each only when it is not the default: a job without limits reads as it
 * did before pools existed (and the trigger sees nothing to do for it, slot-needs.ts).
 */
function capacityOf(row: Pick<JobRow, 'pools' | 'priority' | 'max_concurrent'>): JobCapacityFields {
  const pools = row.pools && row.pools !== '[]' ? (JSON.parse(row.pools) as PoolNeed[]) : []
  const priority = Number(row.priority ?? DEFAULT_PRIORITY)
  const maxConcurrent = Number(row.max_concurrent ?? 0)
  return {
    ...(pools.length > 0 ? { pools } : {}),
    ...(priority !== DEFAULT_PRIORITY ? { priority } : {}),
    ...(maxConcurrent > 0 ? { maxConcurrent } : {}),
  }
}
