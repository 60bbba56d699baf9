import type { NewRun } from '../domain/runs'
import { INSERT_COLUMNS } from './run-rows'
import type { SqlValue, SyncConnection } from './sql/connection'
import { sqliteDialect } from './sql/dialect'
import { multiRowInsert } from './sql/insert-rows'

// How RunRepo.insertScheduled learns the id of each scheduled run it wrote, or that the unique
// (job, scheduled time, shard) index refused it.

/** What identifies a scheduled run's row besides its id. */
export const SCHEDULED_KEY_COLUMNS = 'id, job_id, schedule_time, executor_sharding_param'

export interface ScheduledKeyRow {
  id: number
  job_id: number
  schedule_time: number
  executor_sharding_param: string
}

const scheduledKey = (jobId: number, scheduleTimeMs: number, shard: string): string => `${jobId}|${scheduleTimeMs}|${shard}`

/** A written row's key, as `takeIds` looks its run up. */
export const rowKey = (row: ScheduledKeyRow): string => scheduledKey(row.job_id, Number(row.schedule_time), row.executor_sharding_param)

/**
 * Each run's id from the rows written, by key; null for a run without a row. A fire listed twice got
 * one row: the first listing takes its id, the second is the duplicate.
 */
export function takeIds(runs: readonly NewRun[], idByKey: Map<string, number>): (number | null)[] {
  return runs.map((run) => {
    const key = scheduledKey(run.jobId, run.scheduleTimeMs!, run.executorShardingParam)
    const id = idByKey.get(key) ?? null
    idByKey.delete(key)
    return id
  })
}

/**
 * SQLite: one multi-row INSERT OR IGNORE of `chunk`, without RETURNING (it cost 1.4–1.9 µs a row,
 * counted-writes.ts). job_log's ids are AUTOINCREMENT, and one statement's rows take consecutive
 * ids in the order listed, so when every row went in, the last id and the count name them all. When
 * the unique index refused some, the rows that went in are read back by that id range: the
 * transaction holds the write lock, so nothing else wrote into it.
 */
export function insertCountingIds(sync: SyncConnection, chunk: readonly NewRun[], params: SqlValue[]): (number | null)[] {
  const { changes, lastId } = sync.run(multiRowInsert({ dialect: sqliteDialect }, 'job_log', INSERT_COLUMNS, chunk.length, true), params)
  if (changes === chunk.length) return chunk.map((_, i) => lastId - changes + 1 + i)
  if (changes === 0) return chunk.map(() => null)
  const rows = sync.all<ScheduledKeyRow>(`SELECT ${SCHEDULED_KEY_COLUMNS} FROM job_log WHERE id BETWEEN ? AND ?`, [lastId - changes + 1, lastId])
  return takeIds(chunk, new Map(rows.map((r) => [rowKey(r), Number(r.id)])))
}
