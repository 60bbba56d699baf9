import type { Connection, SqlValue } from '../sql/connection'
import { inList } from '../sql/insert-rows'

// MySQL's batched writes of the hot path: the runs' outcomes and completions (run-outcome-writes.ts
// has the other engines'), the scan's next trigger times (job-repo.ts). MySQL has neither
// UPDATE … FROM VALUES nor RETURNING, and MariaDB reads no VALUES ROW, so a batch is one single-table
// UPDATE whose every column is a `CASE id WHEN ? THEN ? … END` over the batch's ids: primary-key
// lookups, on MySQL and MariaDB alike, for one statement where there were one per row. A write that
// must leave finished runs alone first locks the ones still unfinished (as the ring's claim does,
// ring-repo.ts) and writes exactly those: in a transaction, as the run writer's always are.

/**
 * Rows per statement (~15 parameters each, sent as text). The server tries a row's id against the
 * CASE's WHENs one by one, so a statement's work grows with the square of its rows. B1 on MySQL,
 * beside 64 (with the ring's claims of 64): 128, with claims of 256, took JobDesk's CPU per fire to
 * 0.76× and MariaDB's to 0.89×; 256, with claims of 512, took MariaDB's to 1.22×.
 */
export const CASE_ROWS_PER_STATEMENT = 128

/** A column the batch sets: its name, and the expression its CASE lands in (the CASE as it is by default). */
export interface CaseColumn {
  name: string
  wrap?: (byId: string) => string
}

/**
 * Writes `rows` (each the row's id, then one value per column) of `table`, those that meet
 * `condition` (SQL of the statement's own, never a value) if one is given; a row listed twice must
 * have been taken out before (one CASE takes its first WHEN).
 */
export async function updateByCase(
  db: Connection,
  table: string,
  columns: readonly CaseColumn[],
  rows: readonly (readonly SqlValue[])[],
  condition = '',
): Promise<void> {
  for (let from = 0; from < rows.length; from += CASE_ROWS_PER_STATEMENT) {
    const update = caseUpdate(table, columns, rows.slice(from, from + CASE_ROWS_PER_STATEMENT), condition)
    await db.run(update.sql, update.params)
  }
}

/**
 * `updateByCase` of the runs still unfinished (handle_code 0) among `rows`, one id each; resolves
 * with the ids written. In a transaction each statement's runs are locked first and then written, so
 * no other writer finishes one in between. Outside one a lock would be gone at once, so each run
 * takes its own statement, whose count says whether it was written.
 */
export async function updateUnfinishedByCase(db: Connection, columns: readonly CaseColumn[], rows: readonly (readonly SqlValue[])[]): Promise<Set<number>> {
  const written = new Set<number>()
  if (!db.holdsLocks) {
    for (const row of rows) if ((await updateUnfinished(db, columns, [row])) === 1) written.add(Number(row[0]))
    return written
  }
  for (let from = 0; from < rows.length; from += CASE_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(from, from + CASE_ROWS_PER_STATEMENT)
    const unfinished = await db.all<{ id: number }>(
      `SELECT id FROM job_log WHERE id IN (${inList(chunk.length)}) AND handle_code = 0${db.dialect.lockRows}`,
      chunk.map((row) => row[0]),
    )
    if (unfinished.length === 0) continue
    const ids = new Set(unfinished.map((row) => Number(row.id)))
    const locked = chunk.filter((row) => ids.has(Number(row[0])))
    const changed = await updateUnfinished(db, columns, locked)
    if (changed !== locked.length) throw new Error(`${locked.length} unfinished runs were locked in this transaction but ${changed} written`)
    for (const id of ids) written.add(id)
  }
  return written
}

/** Writes `rows` of job_log where still unfinished; resolves with how many were. */
function updateUnfinished(db: Connection, columns: readonly CaseColumn[], rows: readonly (readonly SqlValue[])[]): Promise<number> {
  const update = caseUpdate('job_log', columns, rows, 'handle_code = 0')
  return db.run(update.sql, update.params)
}

/**
 * `UPDATE table SET c1 = CASE id WHEN ? THEN ? … END, c2 = … WHERE id IN (…) [AND condition]` for
 * `rows`, and its parameters in the text's order.
 */
function caseUpdate(
  table: string,
  columns: readonly CaseColumn[],
  rows: readonly (readonly SqlValue[])[],
  condition: string,
): { sql: string; params: SqlValue[] } {
  const whens = rows.map(() => 'WHEN ? THEN ?').join(' ')
  const params: SqlValue[] = []
  const set = columns
    .map((column, c) => {
      for (const row of rows) params.push(row[0], row[c + 1])
      const byId = `CASE id ${whens} END`
      return `${column.name} = ${column.wrap ? column.wrap(byId) : byId}`
    })
    .join(', ')
  for (const row of rows) params.push(row[0])
  return { sql: `UPDATE ${table} SET ${set} WHERE id IN (${inList(rows.length)})${condition ? ` AND ${condition}` : ''}`, params }
}
