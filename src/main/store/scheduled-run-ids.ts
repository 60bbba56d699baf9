import type { NewRun } from '../domain/runs'
import { INSERT_COLUMNS, insertValues, runValues } from './run-rows'
import type { Connection, SqlValue, SyncConnection } from './sql/connection'
import { sqliteDialect } from './sql/dialect'
import { engineStatementSizes, multiRowInsert } from './sql/insert-rows'
import { unnestFrom, unnestParams } from './sql/unnest-rows'

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

/** `runs` cut into the engine's multi-row INSERTs (engineStatementSizes): each chunk with its parameters. */
export function scheduledInserts(db: Connection, runs: readonly NewRun[], triggerNode: string): { chunk: readonly NewRun[]; params: SqlValue[] }[] {
  const statements: { chunk: readonly NewRun[]; params: SqlValue[] }[] = []
  let from = 0
  for (const size of engineStatementSizes(db, runs.length)) {
    const chunk = runs.slice(from, (from += size))
    const params: SqlValue[] = []
    for (const run of chunk) params.push(...insertValues(run, triggerNode))
    statements.push({ chunk, params })
  }
  return statements
}

/**
 * MySQL, which has no RETURNING: one multi-row INSERT IGNORE per chunk, in place of one statement per
 * run. The server answers with the rows written and the first id generated, and InnoDB gives a
 * statement whose row count is known one block of ids (a refused row leaves its id unused), so every
 * row the statement wrote has an id from that one on: they are read back from the primary key's tail
 * and matched by key and node. Should the count read back not be the count written, it throws, and
 * the caller's transaction (its ring claims with it) rolls back: a run whose row it cannot name is
 * never fired.
 */
export async function insertScheduledInBlocks(db: Connection, runs: readonly NewRun[], triggerNode: string): Promise<(number | null)[]> {
  if (!db.insertRows) throw new Error('insertScheduledInBlocks: this connection has no insertRows (MySQL only)')
  const idByKey = new Map<string, number>()
  for (const { chunk, params } of scheduledInserts(db, runs, triggerNode)) {
    const { changes, firstId } = await db.insertRows(multiRowInsert(db, 'job_log', INSERT_COLUMNS, chunk.length, true), params)
    if (changes === 0) continue
    const keys = new Set(chunk.map((run) => scheduledKey(run.jobId, run.scheduleTimeMs!, run.executorShardingParam)))
    const tail = await db.all<ScheduledKeyRow>(`SELECT ${SCHEDULED_KEY_COLUMNS} FROM job_log WHERE id >= ? AND trigger_node = ?`, [firstId, triggerNode])
    const written = tail.filter((row) => keys.has(rowKey(row)))
    if (written.length !== changes) {
      throw new Error(`job_log: ${changes} scheduled runs written, ${written.length} found from id ${firstId} on; the batch is rolled back`)
    }
    for (const row of written) idByKey.set(rowKey(row), Number(row.id))
  }
  return takeIds(runs, idByKey)
}

/**
 * PostgreSQL: the batch in one INSERT … SELECT FROM unnest … RETURNING (one prepared statement,
 * whatever the batch's size); the rows the unique index refused are not returned.
 */
export async function insertScheduledByUnnest(db: Connection, runs: readonly NewRun[], triggerNode: string): Promise<(number | null)[]> {
  if (runs.length === 0) return []
  const rows = runs.map(runValues)
  const written = await db.all<ScheduledKeyRow>(INSERT_BY_UNNEST, [triggerNode, ...unnestParams(rows, UNNEST_COLUMNS.length)])
  return takeIds(runs, new Map(written.map((r) => [rowKey(r), Number(r.id)])))
}

/** INSERT_COLUMNS but the node, with their PostgreSQL types. */
const UNNEST_COLUMNS = [
  ['job_group', 'int'],
  ['job_id', 'int'],
  ['executor_handler', 'text'],
  ['executor_param', 'text'],
  ['executor_sharding_param', 'text'],
  ['executor_fail_retry_count', 'int'],
  ['trigger_time', 'bigint'],
  ['trigger_type', 'text'],
  ['schedule_time', 'bigint'],
  ['parent_log_id', 'bigint'],
] as const
const INSERT_BY_UNNEST = `INSERT INTO job_log (trigger_node, ${UNNEST_COLUMNS.map(([name]) => name).join(', ')})
  SELECT ?::text, v.* FROM ${unnestFrom('v', UNNEST_COLUMNS)}
  ON CONFLICT DO NOTHING RETURNING ${SCHEDULED_KEY_COLUMNS}`
