import type { LastRun, RunFilter } from '../../shared/api'
import { parseTriggerTrail, type TriggerTrail } from '../../shared/trigger-trail'
import { runStatus, type JobRun, type TriggerType } from '../../shared/model'
import type { Db } from './open-database'

interface RunRow {
  id: number
  job_group: number
  job_id: number
  executor_address: string
  executor_handler: string
  executor_param: string
  executor_sharding_param: string
  executor_fail_retry_count: number
  trigger_time: number
  trigger_type: string
  schedule_time: number | null
  trigger_code: number
  trigger_msg: string
  handle_time: number
  handle_code: number
  handle_msg: string
  alarm_status: number
  parent_log_id: number | null
  retry_due_time: number | null
  trigger_trail: string | null
}

/** The part of a run known when its row is written, before routing and the executor call. */
export interface NewRun {
  jobGroup: number
  jobId: number
  executorHandler: string
  executorParam: string
  executorShardingParam: string
  executorFailRetryCount: number
  triggerTimeMs: number
  triggerType: TriggerType
  scheduleTimeMs: number | null
  parentLogId: number | null
}

export interface TriggerOutcome {
  logId: number
  executorAddress: string
  triggerCode: number
  triggerMsg: string
  /** The same trigger as data (src/shared/trigger-trail.ts), kept as JSON beside trigger_msg. */
  triggerTrail?: TriggerTrail
}

export interface RunCompletion {
  logId: number
  handleCode: number
  handleMsg: string
  handleTimeMs: number
}

/** XXL-JOB's cap for handle_msg in the database. */
export const HANDLE_MSG_MAX_CHARS = 15_000

const FILTER_SQL: Record<string, string> = {
  pending: 'trigger_code = 0 AND handle_code = 0',
  running: 'trigger_code = 200 AND handle_code = 0',
  success: 'handle_code = 200',
  failed: '(trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200))',
}

export class RunRepo {
  private readonly insertStmt
  private readonly outcomeStmt
  private readonly completeStmt
  private readonly outcomeAndCompleteStmt
  private readonly byId
  private readonly runningCount
  private readonly failedSince
  private readonly failedUnplanned
  private readonly failedDue
  private readonly nextRetryDue
  private readonly retryDueStmt
  private readonly outcomesSince
  private readonly lockAlarmStmt
  private readonly alarmStatusStmt
  private readonly lostCandidates
  private readonly stalePending
  private readonly runningOn
  private readonly runningOnEmbedded
  private readonly runningOnLan
  private readonly oldIds
  private readonly ancestorStmt
  private readonly lastOfJobStmt

  constructor(private readonly db: Db) {
    // OR IGNORE: a second fire for the same (job, schedule time, shard) is dropped by the unique index.
    this.insertStmt = db.prepare(
      `INSERT OR IGNORE INTO job_log (job_group, job_id, executor_handler, executor_param, executor_sharding_param,
              executor_fail_retry_count, trigger_time, trigger_type, schedule_time, parent_log_id)
       VALUES (@jobGroup, @jobId, @executorHandler, @executorParam, @executorShardingParam,
              @executorFailRetryCount, @triggerTimeMs, @triggerType, @scheduleTimeMs, @parentLogId)`,
    )
    this.outcomeStmt = db.prepare<[string, number, string, string | null, number]>(
      'UPDATE job_log SET executor_address = ?, trigger_code = ?, trigger_msg = ?, trigger_trail = ? WHERE id = ?',
    )
    // handle_code = 0 makes completion idempotent: a finished run is never finished twice, so a
    // repeated or late callback changes nothing (XXL-JOB: "log repeate callback").
    this.completeStmt = db.prepare<[number, string, string, number, number]>(
      `UPDATE job_log
          SET handle_code = ?,
              handle_msg = substr(CASE WHEN handle_msg = '' THEN ? ELSE handle_msg || char(10) || ? END, 1, ${HANDLE_MSG_MAX_CHARS}),
              handle_time = ?
        WHERE id = ? AND handle_code = 0`,
    )
    this.outcomeAndCompleteStmt = db.prepare<[string, number, string, string | null, number, string, number, number]>(
      `UPDATE job_log
          SET executor_address = ?, trigger_code = ?, trigger_msg = ?, trigger_trail = ?,
              handle_code = ?, handle_msg = substr(?, 1, ${HANDLE_MSG_MAX_CHARS}), handle_time = ?
        WHERE id = ? AND handle_code = 0`,
    )
    this.byId = db.prepare<[number], RunRow>('SELECT * FROM job_log WHERE id = ?')
    this.runningCount = db.prepare<[], { n: number }>(
      'SELECT COUNT(*) AS n FROM job_log INDEXED BY job_log_running WHERE trigger_code = 200 AND handle_code = 0',
    )
    // The WHERE of the partial index job_log_failed_due, repeated exactly so SQLite can use it.
    const failedToTake = 'alarm_status = 0 AND (trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200))'
    this.failedUnplanned = db.prepare<[number], RunRow>(
      `SELECT * FROM job_log INDEXED BY job_log_failed_due
        WHERE ${failedToTake} AND retry_due_time IS NULL ORDER BY id LIMIT ?`,
    )
    this.failedDue = db.prepare<[number, number], RunRow>(
      `SELECT * FROM job_log INDEXED BY job_log_failed_due
        WHERE ${failedToTake} AND retry_due_time <= ? ORDER BY retry_due_time, id LIMIT ?`,
    )
    this.nextRetryDue = db.prepare<[], { due: number | null }>(
      `SELECT MIN(retry_due_time) AS due FROM job_log INDEXED BY job_log_failed_due
        WHERE ${failedToTake} AND retry_due_time IS NOT NULL`,
    )
    this.retryDueStmt = db.prepare<[number, number]>('UPDATE job_log SET retry_due_time = ? WHERE id = ? AND alarm_status = 0')
    // Compare-and-set 0 → −1: of two admins on one database, only one takes each failed run.
    this.lockAlarmStmt = db.prepare<[number]>('UPDATE job_log SET alarm_status = -1 WHERE id = ? AND alarm_status = 0')
    this.alarmStatusStmt = db.prepare<[number, number]>('UPDATE job_log SET alarm_status = ? WHERE id = ?')
    this.lostCandidates = db.prepare<[number, number], RunRow>(
      `SELECT * FROM job_log INDEXED BY job_log_running
        WHERE trigger_code = 200 AND handle_code = 0 AND trigger_time <= ?
          AND executor_address NOT IN (SELECT registry_value FROM job_registry)
        ORDER BY id LIMIT ?`,
    )
    this.stalePending = db.prepare<[number, number], RunRow>(
      `SELECT * FROM job_log INDEXED BY job_log_pending
        WHERE trigger_code = 0 AND handle_code = 0 AND trigger_time < ? ORDER BY id LIMIT ?`,
    )
    this.runningOn = db.prepare<[string, number], RunRow>(
      `SELECT * FROM job_log INDEXED BY job_log_running
        WHERE trigger_code = 200 AND handle_code = 0 AND executor_address = ? AND trigger_time < ? ORDER BY id`,
    )
    // A range on the index's key instead of LIKE, which SQLite would not use the partial index for.
    this.runningOnEmbedded = db.prepare<[string, string, string, number], RunRow>(
      `SELECT * FROM job_log INDEXED BY job_log_running
        WHERE trigger_code = 200 AND handle_code = 0 AND executor_address >= ? AND executor_address < ? AND executor_address != ?
        ORDER BY id LIMIT ?`,
    )
    // Outside the embedded prefix's range: every LAN address (and never the empty one).
    this.runningOnLan = db.prepare<[string, string, number], RunRow>(
      `SELECT * FROM job_log INDEXED BY job_log_running
        WHERE trigger_code = 200 AND handle_code = 0 AND executor_address != '' AND (executor_address < ? OR executor_address >= ?)
        ORDER BY id LIMIT ?`,
    )
    this.oldIds = db.prepare<[number, number], { id: number }>('SELECT id FROM job_log WHERE trigger_time < ? ORDER BY id LIMIT ?')
    this.lastOfJobStmt = db.prepare<[number], { id: number; trigger_code: number; handle_code: number; trigger_time: number }>(
      'SELECT id, trigger_code, handle_code, trigger_time FROM job_log WHERE job_id = ? ORDER BY id DESC LIMIT 1',
    )
    this.ancestorStmt = db.prepare<[number], { job_id: number; parent_log_id: number | null; trigger_type: string }>(
      'SELECT job_id, parent_log_id, trigger_type FROM job_log WHERE id = ?',
    )
    this.outcomesSince = db.prepare<[number], { success: number | null; failed: number | null; unfinished: number | null }>(
      `SELECT SUM(trigger_code = 200 AND handle_code = 200) AS success,
              SUM(trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200)) AS failed,
              SUM(trigger_code IN (0, 200) AND handle_code = 0) AS unfinished
         FROM job_log INDEXED BY job_log_trigger_time WHERE trigger_time >= ?`,
    )
    this.failedSince = db.prepare<[number], { n: number }>(
      `SELECT COUNT(*) AS n FROM job_log
        WHERE trigger_time >= ? AND (trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200))`,
    )
  }

  /** Writes the run's row (before the executor is called); null when that scheduled time already has one. */
  insert(run: NewRun): number | null {
    const result = this.insertStmt.run(run)
    return result.changes === 1 ? Number(result.lastInsertRowid) : null
  }

  recordOutcomes(outcomes: readonly TriggerOutcome[]): void {
    for (const o of outcomes) this.outcomeStmt.run(o.executorAddress, o.triggerCode, o.triggerMsg, trailColumn(o), o.logId)
  }

  /**
   * A fast run's trigger outcome and its completion in one statement (they often arrive in the same
   * batch); false when the run was already finished, in which case nothing was written.
   */
  recordOutcomeAndComplete(outcome: TriggerOutcome, completion: RunCompletion): boolean {
    const code = completion.handleCode === 0 ? 500 : completion.handleCode
    return (
      this.outcomeAndCompleteStmt.run(
        outcome.executorAddress,
        outcome.triggerCode,
        outcome.triggerMsg,
        trailColumn(outcome),
        code,
        completion.handleMsg,
        completion.handleTimeMs,
        outcome.logId,
      ).changes === 1
    )
  }

  /** Applies results; returns the ids that were actually completed now (not finished before). */
  complete(completions: readonly RunCompletion[]): number[] {
    const done: number[] = []
    for (const c of completions) {
      const code = c.handleCode === 0 ? 500 : c.handleCode
      const changes = this.completeStmt.run(code, c.handleMsg, c.handleMsg, c.handleTimeMs, c.logId).changes
      if (changes === 1) done.push(c.logId)
    }
    return done
  }

  get(id: number): JobRun | undefined {
    const row = this.byId.get(id)
    return row && fromRow(row)
  }

  getMany(ids: readonly number[]): JobRun[] {
    if (ids.length === 0) return []
    const rows: RunRow[] = []
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500)
      rows.push(
        ...(this.db.prepare(`SELECT * FROM job_log WHERE id IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as RunRow[]),
      )
    }
    return rows.map(fromRow)
  }

  list(filter: RunFilter): JobRun[] {
    const where: string[] = []
    const args: (number | string)[] = []
    const add = (clause: string, value: number | string): void => {
      where.push(clause)
      args.push(value)
    }
    if (filter.jobId !== undefined) add('job_id = ?', filter.jobId)
    if (filter.jobGroup !== undefined) add('job_group = ?', filter.jobGroup)
    if (filter.status) where.push(FILTER_SQL[filter.status])
    if (filter.triggerType) add('trigger_type = ?', filter.triggerType)
    if (filter.parentLogId !== undefined) add('parent_log_id = ?', filter.parentLogId)
    if (filter.sinceMs !== undefined) add('trigger_time >= ?', filter.sinceMs)
    if (filter.untilMs !== undefined) add('trigger_time <= ?', filter.untilMs)
    if (filter.beforeId !== undefined) add('id < ?', filter.beforeId)
    const limit = Math.min(Math.max(filter.limit ?? 100, 1), 1000)
    const sql = `SELECT * FROM job_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${limit}`
    return (this.db.prepare(sql).all(...args) as RunRow[]).map(fromRow)
  }

  /** Failed runs the fail monitor has not seen yet (no due time planned), oldest first. */
  findFailedUnplanned(limit: number): JobRun[] {
    return this.failedUnplanned.all(limit).map(fromRow)
  }

  /** Failed runs not taken whose planned retry is due at `nowMs`, earliest due first. */
  findFailedDue(nowMs: number, limit: number): JobRun[] {
    return this.failedDue.all(nowMs, limit).map(fromRow)
  }

  /** The earliest planned retry of a failed run not taken yet, or null when none waits. */
  nextRetryDueMs(): number | null {
    return this.nextRetryDue.get()?.due ?? null
  }

  /** Plans when a failed run's retry is due; a run already taken (alarm_status ≠ 0) is left alone. */
  planRetries(plans: readonly { id: number; dueAtMs: number }[]): void {
    for (const plan of plans) this.retryDueStmt.run(plan.dueAtMs, plan.id)
  }

  /** Takes a failed run for processing; false when another admin already did. */
  lockAlarm(id: number): boolean {
    return this.lockAlarmStmt.run(id).changes === 1
  }

  setAlarmStatus(id: number, status: number): void {
    this.alarmStatusStmt.run(status, id)
  }

  /** Running runs triggered at or before `triggeredBeforeMs` whose executor address is not registered. */
  findLostCandidates(triggeredBeforeMs: number, limit: number): JobRun[] {
    return this.lostCandidates.all(triggeredBeforeMs, limit).map(fromRow)
  }

  /** Runs whose row was written but whose trigger never finished, triggered before `beforeMs`. */
  findStalePending(beforeMs: number, limit: number): JobRun[] {
    return this.stalePending.all(beforeMs, limit).map(fromRow)
  }

  /** Runs still running on `address` that were triggered before `beforeMs`. */
  findRunningOn(address: string, beforeMs: number): JobRun[] {
    return this.runningOn.all(address, beforeMs).map(fromRow)
  }

  /** Runs still running on an embedded executor (address starting with `prefix`) other than `ownAddress`. */
  findRunningOnOtherEmbedded(prefix: string, ownAddress: string, limit: number): JobRun[] {
    return this.runningOnEmbedded.all(prefix, prefixEnd(prefix), ownAddress, limit).map(fromRow)
  }

  /** Running runs on LAN executors (any address outside the embedded `prefix`), oldest first. */
  findRunningOnLan(embeddedPrefix: string, limit: number): JobRun[] {
    return this.runningOnLan.all(embeddedPrefix, prefixEnd(embeddedPrefix), limit).map(fromRow)
  }

  /** Up to `limit` ids of runs triggered before `beforeMs`, oldest first. */
  findOldIds(beforeMs: number, limit: number): number[] {
    return this.oldIds.all(beforeMs, limit).map((r) => r.id)
  }

  deleteByIds(ids: readonly number[]): number {
    if (ids.length === 0) return 0
    const marks = ids.map(() => '?').join(',')
    this.db.prepare(`DELETE FROM job_log_text WHERE log_id IN (${marks})`).run(...ids)
    return this.db.prepare(`DELETE FROM job_log WHERE id IN (${marks})`).run(...ids).changes
  }

  /** The latest run of each job (one index seek per job). */
  lastRuns(jobIds: readonly number[]): LastRun[] {
    const result: LastRun[] = []
    for (const jobId of jobIds) {
      const row = this.lastOfJobStmt.get(jobId)
      if (row) {
        result.push({
          jobId,
          logId: row.id,
          status: runStatus({ triggerCode: row.trigger_code, handleCode: row.handle_code }),
          triggerTimeMs: row.trigger_time,
        })
      }
    }
    return result
  }

  /** The job ids of a run's chain of PARENT triggers, nearest first (for the re-entry guard). */
  chainJobIds(logId: number, maxDepth: number): number[] {
    const jobIds: number[] = []
    let id: number | null = logId
    while (id !== null && jobIds.length <= maxDepth) {
      const row = this.ancestorStmt.get(id)
      if (!row) break
      jobIds.push(row.job_id)
      id = row.trigger_type === 'PARENT' ? row.parent_log_id : null
    }
    return jobIds
  }

  /** Runs accepted by an executor and not finished. */
  countRunning(): number {
    return this.runningCount.get()!.n
  }

  /** Failed runs triggered since `sinceMs`. */
  /** Runs triggered since `sinceMs` by how they stand: succeeded, failed, not finished (pending or running). */
  countOutcomesSince(sinceMs: number): { successCount: number; failCount: number; unfinishedCount: number } {
    const row = this.outcomesSince.get(sinceMs)!
    return { successCount: row.success ?? 0, failCount: row.failed ?? 0, unfinishedCount: row.unfinished ?? 0 }
  }

  countFailedSince(sinceMs: number): number {
    return this.failedSince.get(sinceMs)!.n
  }
}

function trailColumn(outcome: TriggerOutcome): string | null {
  return outcome.triggerTrail ? JSON.stringify(outcome.triggerTrail) : null
}

/** The first string after every string starting with `prefix`: the prefix with its last character incremented. */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)
}

function fromRow(row: RunRow): JobRun {
  return {
    id: row.id,
    jobGroup: row.job_group,
    jobId: row.job_id,
    executorAddress: row.executor_address,
    executorHandler: row.executor_handler,
    executorParam: row.executor_param,
    executorShardingParam: row.executor_sharding_param,
    executorFailRetryCount: row.executor_fail_retry_count,
    triggerTimeMs: row.trigger_time,
    triggerType: row.trigger_type as TriggerType,
    scheduleTimeMs: row.schedule_time,
    triggerCode: row.trigger_code,
    triggerMsg: row.trigger_msg,
    triggerTrail: parseTriggerTrail(row.trigger_trail),
    handleTimeMs: row.handle_time,
    handleCode: row.handle_code,
    handleMsg: row.handle_msg,
    alarmStatus: row.alarm_status,
    parentLogId: row.parent_log_id,
  }
}
