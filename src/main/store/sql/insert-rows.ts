import type { Connection, SqlValue } from './connection'

/** Rows per multi-row INSERT: well below every engine's limit on placeholders (PostgreSQL: 65,535). */
const ROWS_PER_STATEMENT = 500

/**
 * Inserts many rows, skipping those that violate a unique key when `ignore`. SQLite runs one
 * prepared single-row statement per row (the fastest there: no parsing, no network); PostgreSQL and
 * MySQL get multi-row statements, one round trip per ROWS_PER_STATEMENT rows.
 */
export async function insertRows(db: Connection, table: string, columns: readonly string[], rows: readonly (readonly SqlValue[])[], ignore: boolean): Promise<void> {
  if (rows.length === 0) return
  if (db.dialect.name === 'sqlite') {
    const sql = ignore ? db.dialect.insertIgnore(table, columns) : `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
    for (const row of rows) await db.run(sql, row)
    return
  }
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(from, from + ROWS_PER_STATEMENT)
    await db.run(multiRowInsert(db, table, columns, chunk.length, ignore), chunk.flat())
  }
}

function multiRowInsert(db: Connection, table: string, columns: readonly string[], count: number, ignore: boolean): string {
  const row = `(${columns.map(() => '?').join(', ')})`
  const values = Array.from({ length: count }, () => row).join(', ')
  const list = columns.join(', ')
  if (db.dialect.name === 'mysql') return `${ignore ? 'INSERT IGNORE' : 'INSERT'} INTO ${table} (${list}) VALUES ${values}`
  return `INSERT INTO ${table} (${list}) VALUES ${values}${ignore ? ' ON CONFLICT DO NOTHING' : ''}`
}
