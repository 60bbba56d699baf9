import type { SlotAttempt } from '../domain/backfills'
import type { Connection } from './sql/connection'
import { idChunks, inList } from './sql/insert-rows'

// What RunRepo reads for backfills (backfill/): a slot's runs, their retries, and a range's runs.

interface AttemptRow {
  id: number | string
  schedule_time: number | string | null
  backfill_id: number | string
  parent_log_id: number | string | null
  trigger_code: number
  handle_code: number
  executor_fail_retry_count: number
  alarm_status: number
}

const ATTEMPT_COLUMNS = 'id, schedule_time, backfill_id, parent_log_id, trigger_code, handle_code, executor_fail_retry_count, alarm_status'

/** The runs one backfill wrote for these slots of its job (one per slot, one per shard of a broadcast). */
export async function backfillAttempts(db: Connection, jobId: number, backfillId: number, slotsMs: readonly number[]): Promise<SlotAttempt[]> {
  const attempts: SlotAttempt[] = []
  for (const chunk of idChunks(slotsMs)) {
    const rows = await db.all<AttemptRow>(
      `SELECT ${ATTEMPT_COLUMNS} FROM job_log WHERE job_id = ? AND backfill_id = ? AND schedule_time IN (${inList(chunk.length)})`,
      [jobId, backfillId, ...chunk],
    )
    for (const row of rows) attempts.push(attemptOf(row))
  }
  return attempts
}

/** The retries of these runs (trigger type RETRY, naming one of them as the run they retry). */
export async function retryAttempts(db: Connection, parentIds: readonly number[]): Promise<SlotAttempt[]> {
  const attempts: SlotAttempt[] = []
  for (const chunk of idChunks(parentIds)) {
    const rows = await db.all<AttemptRow>(
      `SELECT ${ATTEMPT_COLUMNS} FROM job_log WHERE parent_log_id IN (${inList(chunk.length)}) AND trigger_type = 'RETRY'`,
      chunk,
    )
    for (const row of rows) attempts.push(attemptOf(row))
  }
  return attempts
}

/** Every run of the job for a slot in [fromMs, toMs), whatever triggered it (the schedule, a misfire, any backfill). */
export async function attemptsBetween(db: Connection, jobId: number, fromMs: number, toMs: number): Promise<SlotAttempt[]> {
  const rows = await db.all<AttemptRow>(`SELECT ${ATTEMPT_COLUMNS} FROM job_log WHERE job_id = ? AND schedule_time >= ? AND schedule_time < ?`, [
    jobId,
    fromMs,
    toMs,
  ])
  return rows.map(attemptOf)
}

function attemptOf(row: AttemptRow): SlotAttempt {
  return {
    id: Number(row.id),
    scheduleTimeMs: row.schedule_time === null ? null : Number(row.schedule_time),
    backfillId: Number(row.backfill_id),
    parentLogId: row.parent_log_id === null ? null : Number(row.parent_log_id),
    triggerCode: Number(row.trigger_code),
    handleCode: Number(row.handle_code),
    failRetryCount: Number(row.executor_fail_retry_count),
    alarmStatus: Number(row.alarm_status),
  }
}
