import { defaultJobInput } from '../../shared/job-defaults'
import type { BlockStrategy, GlueType, JobInfo, JobInput, MisfireStrategy, RetryBackoff, RouteStrategy, ScheduleType } from '../../shared/model'
import type { Db } from './open-database'

/** `job_info` as stored; the repo maps it to the `JobInfo` the rest of the app speaks. */
interface JobRow {
  id: number
  job_group: number
  name: string
  author: string
  alarm_email: string
  schedule_type: string
  schedule_conf: string
  timezone: string
  misfire_strategy: string
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
}

/** The columns the scan needs to plan a job. */
export interface DueJob {
  id: number
  scheduleType: ScheduleType
  scheduleConf: string
  timezone: string
  misfireStrategy: MisfireStrategy
  triggerLastTimeMs: number
  triggerNextTimeMs: number
}

/** A job's schedule bookkeeping after a scan; `triggerStatus` 0 stops a job whose schedule ended. */
export interface NextTimeUpdate {
  id: number
  triggerStatus: 0 | 1
  triggerLastTimeMs: number
  triggerNextTimeMs: number
}

export type StoredJob = Omit<JobInfo, 'id'>

export class JobRepo {
  /** Counts this connection's writes to job definitions and statuses; caches compare it (see JobCache). */
  changeCount = 0
  private readonly byId
  private readonly all
  private readonly insertStmt
  private readonly updateStmt
  private readonly deleteStmt
  private readonly setTriggerStmt
  private readonly dueStmt
  private readonly nextTimeStmt
  private readonly dueByIdStmt
  private readonly countStmt
  private readonly nextFiresStmt

  constructor(private readonly db: Db) {
    this.byId = db.prepare<[number], JobRow>('SELECT * FROM job_info WHERE id = ?')
    this.all = db.prepare<[], JobRow>('SELECT * FROM job_info ORDER BY id')
    const columns = Object.keys(toRow(emptyJob())).filter((c) => c !== 'id')
    this.insertStmt = db.prepare(
      `INSERT INTO job_info (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    )
    this.updateStmt = db.prepare(
      `UPDATE job_info SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`,
    )
    this.deleteStmt = db.prepare<[number]>('DELETE FROM job_info WHERE id = ?')
    this.setTriggerStmt = db.prepare<[number, number, number, number, number]>(
      'UPDATE job_info SET trigger_status = ?, trigger_last_time = ?, trigger_next_time = ?, update_time = ? WHERE id = ?',
    )
    this.dueStmt = db.prepare<[number, number], DueJob>(
      `SELECT id, schedule_type AS scheduleType, schedule_conf AS scheduleConf, timezone,
              misfire_strategy AS misfireStrategy, trigger_last_time AS triggerLastTimeMs,
              trigger_next_time AS triggerNextTimeMs
         FROM job_info
        WHERE trigger_status = 1 AND trigger_next_time <= ?
        ORDER BY trigger_next_time
        LIMIT ?`,
    )
    this.dueByIdStmt = db.prepare<[number], DueJob>(
      `SELECT id, schedule_type AS scheduleType, schedule_conf AS scheduleConf, timezone,
              misfire_strategy AS misfireStrategy, trigger_last_time AS triggerLastTimeMs,
              trigger_next_time AS triggerNextTimeMs
         FROM job_info WHERE id = ? AND trigger_status = 1`,
    )
    // Guarded by trigger_status = 1: a job stopped while the scan was planning is not revived.
    this.nextTimeStmt = db.prepare<[number, number, number, number]>(
      `UPDATE job_info SET trigger_status = ?, trigger_last_time = ?, trigger_next_time = ?
        WHERE id = ? AND trigger_status = 1`,
    )
    this.nextFiresStmt = db.prepare<[number], { id: number; name: string; trigger_next_time: number }>(
      `SELECT id, name, trigger_next_time FROM job_info INDEXED BY job_info_due
        WHERE trigger_status = 1 AND trigger_next_time > 0 ORDER BY trigger_next_time LIMIT ?`,
    )
    this.countStmt = db.prepare<[], { total: number; active: number }>(
      'SELECT COUNT(*) AS total, COALESCE(SUM(trigger_status), 0) AS active FROM job_info',
    )
  }

  get(id: number): JobInfo | undefined {
    const row = this.byId.get(id)
    return row && fromRow(row)
  }

  list(): JobInfo[] {
    return this.all.all().map(fromRow)
  }

  /** The running jobs that fire next, soonest first. */
  nextFires(limit: number): { jobId: number; jobName: string; atMs: number }[] {
    return this.nextFiresStmt.all(limit).map((row) => ({ jobId: row.id, jobName: row.name, atMs: row.trigger_next_time }))
  }

  counts(): { total: number; active: number } {
    return this.countStmt.get()!
  }

  insert(job: StoredJob): number {
    this.changeCount++
    return Number(this.insertStmt.run(withoutId(toRow({ ...job, id: 0 }))).lastInsertRowid)
  }

  update(job: JobInfo): void {
    this.changeCount++
    this.updateStmt.run(toRow(job))
  }

  delete(id: number): boolean {
    this.changeCount++
    return this.deleteStmt.run(id).changes > 0
  }

  setTrigger(id: number, status: 0 | 1, lastMs: number, nextMs: number, nowMs: number): void {
    this.changeCount++
    this.setTriggerStmt.run(status, lastMs, nextMs, nowMs, id)
  }

  /** Running jobs whose next fire time is at or before `maxNextMs`, earliest first. */
  findDue(maxNextMs: number, limit: number): DueJob[] {
    return this.dueStmt.all(maxNextMs, limit)
  }

  /** The running ones of `ids` with the columns the scan plans from (any next time). */
  findRunningByIds(ids: readonly number[]): DueJob[] {
    const jobs: DueJob[] = []
    for (const id of ids) {
      const job = this.dueByIdStmt.get(id)
      if (job) jobs.push(job)
    }
    return jobs
  }

  /** Writes a scan's results; call inside the scan's transaction. */
  writeNextTimes(updates: readonly NextTimeUpdate[]): void {
    for (const u of updates) {
      // Next/last times are not part of what caches hold; a job stopped because its schedule ended is.
      if (u.triggerStatus === 0) this.changeCount++
      this.nextTimeStmt.run(u.triggerStatus, u.triggerLastTimeMs, u.triggerNextTimeMs, u.id)
    }
  }
}

function withoutId(row: JobRow): Omit<JobRow, 'id'> {
  const { id: _id, ...rest } = row
  return rest
}

function emptyJob(): JobInfo {
  return { ...storedJobOf(defaultJobInput(0, 'UTC'), 0), id: 0 }
}

/** A new job's row: the operator's input plus the bookkeeping a new job starts with (stopped, no history). */
export function storedJobOf(input: JobInput, nowMs: number): StoredJob {
  const { id: _id, ...definition } = input
  return {
    ...definition,
    childJobIds: [],
    triggerStatus: 0,
    triggerLastTimeMs: 0,
    triggerNextTimeMs: 0,
    glueUpdatetimeMs: nowMs,
    addTimeMs: nowMs,
    updateTimeMs: nowMs,
  }
}

function toRow(job: JobInfo): JobRow {
  return {
    id: job.id,
    job_group: job.jobGroup,
    name: job.name,
    author: job.author,
    alarm_email: job.alarmEmail,
    schedule_type: job.scheduleType,
    schedule_conf: job.scheduleConf,
    timezone: job.timezone,
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
  }
}

function fromRow(row: JobRow): JobInfo {
  return {
    id: row.id,
    jobGroup: row.job_group,
    name: row.name,
    author: row.author,
    alarmEmail: row.alarm_email,
    scheduleType: row.schedule_type as ScheduleType,
    scheduleConf: row.schedule_conf,
    timezone: row.timezone,
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
    glueType: row.glue_type as GlueType,
    glueSource: row.glue_source,
    glueRemark: row.glue_remark,
    glueUpdatetimeMs: row.glue_updatetime,
    childJobIds: parseIdList(row.child_jobid),
    triggerStatus: row.trigger_status === 1 ? 1 : 0,
    triggerLastTimeMs: row.trigger_last_time,
    triggerNextTimeMs: row.trigger_next_time,
    addTimeMs: row.add_time,
    updateTimeMs: row.update_time,
  }
}

function parseIdList(text: string): number[] {
  if (!text) return []
  return text
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0)
}
