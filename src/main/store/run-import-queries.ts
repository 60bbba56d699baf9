import { ALARM_STATUS } from '../../shared/model'
import type { FinishedRun } from '../domain/runs'
import { FINISHED_COLUMNS, HANDLE_MSG_MAX_CHARS, INSERT_COLUMNS, insertValues } from './run-rows'
import type { Connection } from './sql/connection'
import { idChunks, inList, insertRows } from './sql/insert-rows'

// Runs brought in from elsewhere (an XXL-JOB import): written finished, and what came before read back.

/** Writes finished runs as they happened elsewhere (an import): no trigger, callback or retry follows. */
export async function insertFinishedRuns(db: Connection, runs: readonly FinishedRun[]): Promise<void> {
  const rows = runs.map((run) => [
    ...insertValues(run, ''),
    run.executorAddress,
    run.triggerCode,
    run.triggerMsg,
    run.handleTimeMs,
    run.handleCode,
    run.handleMsg.slice(0, HANDLE_MSG_MAX_CHARS),
    run.alarmStatus === ALARM_STATUS.todo || run.alarmStatus === ALARM_STATUS.locked ? ALARM_STATUS.notNeeded : run.alarmStatus,
  ])
  await insertRows(db, 'job_log', [...INSERT_COLUMNS, ...FINISHED_COLUMNS], rows, false)
}

/** Trigger time and shard of each run of `jobIds` triggered in [fromMs, toMs]: what an import brought before. */
export async function triggerKeysBetween(
  db: Connection,
  jobIds: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<{ jobId: number; triggerTimeMs: number; executorShardingParam: string }[]> {
  const keys: { jobId: number; triggerTimeMs: number; executorShardingParam: string }[] = []
  for (const chunk of idChunks(jobIds)) {
    const rows = await db.all<{ job_id: number; trigger_time: number; executor_sharding_param: string }>(
      `SELECT job_id, trigger_time, executor_sharding_param FROM job_log WHERE job_id IN (${inList(chunk.length)}) AND trigger_time >= ? AND trigger_time <= ?`,
      [...chunk, fromMs, toMs],
    )
    for (const row of rows)
      keys.push({ jobId: Number(row.job_id), triggerTimeMs: Number(row.trigger_time), executorShardingParam: row.executor_sharding_param })
  }
  return keys
}
