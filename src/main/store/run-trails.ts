import type { Connection, SqlValue } from './sql/connection'
import { idChunks, inList, insertRows } from './sql/insert-rows'
import { trailColumn, type RunRow } from './run-rows'
import { type TriggerOutcome } from '../domain/runs'

/**
 * The trigger trails of runs, in `job_log_trail` (migration 9 says why they left `job_log`). Written
 * with the outcome they belong to, in its transaction; read back onto the run rows they belong to;
 * deleted with their runs (RunRepo.deleteByIds).
 */

/** Writes the trails of `outcomes` (those that have one); an outcome recorded again replaces its trail. */
export async function writeTrails(db: Connection, outcomes: readonly TriggerOutcome[]): Promise<void> {
  const rows: SqlValue[][] = []
  for (const o of outcomes) {
    const trail = trailColumn(o)
    if (trail !== null) rows.push([o.logId, trail])
  }
  await insertRows(db, 'job_log_trail', ['log_id', 'trail'], rows, { key: ['log_id'], update: ['trail'] })
}

/** Sets `trigger_trail` of each row that has a trail; resolves with the same rows. */
export async function attachTrails(db: Connection, rows: RunRow[]): Promise<RunRow[]> {
  if (rows.length === 0) return rows
  const trails = new Map<number, string>()
  for (const ids of idChunks(rows.map((row) => Number(row.id)))) {
    const found = await db.all<{ log_id: number; trail: string }>(`SELECT log_id, trail FROM job_log_trail WHERE log_id IN (${inList(ids.length)})`, ids)
    for (const t of found) trails.set(Number(t.log_id), t.trail)
  }
  for (const row of rows) {
    const trail = trails.get(Number(row.id))
    if (trail !== undefined) row.trigger_trail = trail
  }
  return rows
}
