import type { Connection, SqlValue } from './sql/connection'
import { statementSizes } from './sql/insert-rows'
import { trailColumn, type RunRow, type TriggerOutcome } from './run-rows'

/** Rows per statement: well under every engine's limit on parameters. */
const ROWS_PER_STATEMENT = 500

/**
 * The trigger trails of runs, in `job_log_trail` (migration 9 says why they left `job_log`). Written
 * with the outcome they belong to, in its transaction; read back onto the run rows they belong to.
 */

/** Writes the trails of `outcomes` (those that have one); an outcome recorded again replaces its trail. */
export async function writeTrails(db: Connection, outcomes: readonly TriggerOutcome[]): Promise<void> {
  const rows: SqlValue[][] = []
  for (const o of outcomes) {
    const trail = trailColumn(o)
    if (trail !== null) rows.push([o.logId, trail])
  }
  let from = 0
  for (const size of statementSizes(rows.length, ROWS_PER_STATEMENT)) {
    const chunk = rows.slice(from, (from += size))
    await db.run(db.dialect.upsert('job_log_trail', ['log_id', 'trail'], ['log_id'], ['trail'], chunk.length), chunk.flat())
  }
}

/** Sets `trigger_trail` of each row that has a trail; resolves with the same rows. */
export async function attachTrails(db: Connection, rows: RunRow[]): Promise<RunRow[]> {
  if (rows.length === 0) return rows
  const trails = new Map<number, string>()
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    const ids = rows.slice(from, from + ROWS_PER_STATEMENT).map((row) => Number(row.id))
    const found = await db.all<{ log_id: number; trail: string }>(`SELECT log_id, trail FROM job_log_trail WHERE log_id IN (${ids.map(() => '?').join(',')})`, ids)
    for (const t of found) trails.set(Number(t.log_id), t.trail)
  }
  for (const row of rows) {
    const trail = trails.get(Number(row.id))
    if (trail !== undefined) row.trigger_trail = trail
  }
  return rows
}

export async function deleteTrails(db: Connection, logIds: readonly number[]): Promise<void> {
  for (let from = 0; from < logIds.length; from += ROWS_PER_STATEMENT) {
    const ids = logIds.slice(from, from + ROWS_PER_STATEMENT)
    await db.run(`DELETE FROM job_log_trail WHERE log_id IN (${ids.map(() => '?').join(',')})`, ids)
  }
}
