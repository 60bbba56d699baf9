import type { XxlSchemaInfo } from '../../shared/xxl-import'
import { wallTimeToEpochMs } from './wall-time'

/**
 * The rows of an XXL-JOB database, the same for every generation: the readers' raw records (column
 * name → value, as mysql2 returns them) go through the `…Of` functions, which know which column
 * each generation names a field by. Values stay as XXL-JOB stored them (strategy names unchecked);
 * deciding what maps is map-xxl-job.ts's.
 */

export interface XxlGroupRow {
  id: number
  appName: string
  /** `title` before 3.5, `name` from 3.5. */
  name: string
  addressType: number
  addressList: string
  /** 3.5's per-group token; null before 3.5 or when empty. */
  accessToken: string | null
}

export interface XxlJobRow {
  id: number
  jobGroup: number
  /** `job_desc` before 3.5, `name` from 3.5. */
  name: string
  author: string
  alarmEmail: string
  /** `schedule_type` (2.3+); before 2.3 CRON when `job_cron` is set, else NONE. */
  scheduleType: string
  scheduleConf: string
  /** Null before 2.3 (no such column). */
  misfireStrategy: string | null
  routeStrategy: string
  handler: string
  param: string
  blockStrategy: string
  timeoutSec: number
  failRetryCount: number
  glueType: string
  glueSource: string
  glueRemark: string
  /** `child_jobid` as stored: comma-separated job ids. */
  childJobIds: string
  triggerStatus: number
}

export interface XxlGlueRow {
  id: number
  jobId: number
  glueType: string
  glueSource: string
  glueRemark: string
  /** Null when XXL-JOB stored none. */
  addTimeMs: number | null
}

export interface XxlLogRow {
  id: number
  jobGroup: number
  jobId: number
  executorAddress: string
  executorHandler: string
  executorParam: string
  executorShardingParam: string
  executorFailRetryCount: number
  triggerTimeMs: number
  triggerCode: number
  triggerMsg: string
  handleTimeMs: number | null
  handleCode: number
  handleMsg: string
  alarmStatus: number
}

/** Everything read from one XXL-JOB database. */
export interface XxlSnapshot {
  schema: XxlSchemaInfo & { misfire: boolean }
  groups: XxlGroupRow[]
  jobs: XxlJobRow[]
  glue: XxlGlueRow[]
  /** Runs of the window asked for, newest first, at most the cap; null when none were asked for. */
  runs: XxlLogRow[] | null
  /** Runs in the window beyond the cap (not read). */
  runsBeyondCap: number
}

type Raw = Record<string, unknown>

const text = (value: unknown): string => (value === null || value === undefined ? '' : Buffer.isBuffer(value) ? value.toString('utf8') : String(value))
const int = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(text(value))
  return Number.isFinite(n) ? n : 0
}

export function groupRowOf(raw: Raw, schema: XxlSchemaInfo): XxlGroupRow {
  const token = schema.groupTokens ? text(raw.access_token).trim() : ''
  return {
    id: int(raw.id),
    appName: text(raw.app_name).trim(),
    name: text(raw[schema.groupNameColumn]).trim(),
    addressType: int(raw.address_type),
    addressList: text(raw.address_list).trim(),
    accessToken: token === '' ? null : token,
  }
}

export function jobRowOf(raw: Raw, schema: XxlSchemaInfo & { misfire: boolean }): XxlJobRow {
  let scheduleType: string
  let scheduleConf: string
  if (schema.scheduleColumns === 'job_cron') {
    scheduleConf = text(raw.job_cron).trim()
    scheduleType = scheduleConf === '' ? 'NONE' : 'CRON'
  } else {
    scheduleType = text(raw.schedule_type).trim()
    scheduleConf = text(raw.schedule_conf).trim()
  }
  return {
    id: int(raw.id),
    jobGroup: int(raw.job_group),
    name: text(raw[schema.jobNameColumn]).trim(),
    author: text(raw.author).trim(),
    alarmEmail: text(raw.alarm_email).trim(),
    scheduleType,
    scheduleConf,
    misfireStrategy: schema.misfire ? text(raw.misfire_strategy).trim() : null,
    routeStrategy: text(raw.executor_route_strategy).trim(),
    handler: text(raw.executor_handler).trim(),
    param: text(raw.executor_param),
    blockStrategy: text(raw.executor_block_strategy).trim(),
    timeoutSec: int(raw.executor_timeout),
    failRetryCount: int(raw.executor_fail_retry_count),
    glueType: text(raw.glue_type).trim(),
    glueSource: text(raw.glue_source),
    glueRemark: text(raw.glue_remark).trim(),
    childJobIds: text(raw.child_jobid).trim(),
    triggerStatus: int(raw.trigger_status),
  }
}

export function glueRowOf(raw: Raw, zone: string): XxlGlueRow {
  return {
    id: int(raw.id),
    jobId: int(raw.job_id),
    glueType: text(raw.glue_type).trim(),
    glueSource: text(raw.glue_source),
    glueRemark: text(raw.glue_remark).trim(),
    addTimeMs: wallTimeToEpochMs(text(raw.add_time), zone),
  }
}

export function logRowOf(raw: Raw, zone: string): XxlLogRow {
  return {
    id: int(raw.id),
    jobGroup: int(raw.job_group),
    jobId: int(raw.job_id),
    executorAddress: text(raw.executor_address).trim(),
    executorHandler: text(raw.executor_handler).trim(),
    executorParam: text(raw.executor_param),
    executorShardingParam: text(raw.executor_sharding_param).trim(),
    executorFailRetryCount: int(raw.executor_fail_retry_count),
    triggerTimeMs: wallTimeToEpochMs(text(raw.trigger_time), zone) ?? 0,
    triggerCode: int(raw.trigger_code),
    triggerMsg: text(raw.trigger_msg),
    handleTimeMs: wallTimeToEpochMs(text(raw.handle_time), zone),
    handleCode: int(raw.handle_code),
    handleMsg: text(raw.handle_msg),
    alarmStatus: int(raw.alarm_status),
  }
}
