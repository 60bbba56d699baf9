import type { Connection, SqlValue } from './connection'

/** Rows per multi-row INSERT: well below every engine's limit on placeholders (PostgreSQL: 65,535). */
const ROWS_PER_STATEMENT = 500
/**
 * SQLite keeps one prepared statement per SQL text: its multi-row statements come in power-of-two
 * sizes up to this, so any batch takes a handful of statements of at most 8 shapes.
 */
const SQLITE_ROWS_PER_STATEMENT = 128

/**
 * How a batch of `count` rows is cut into statements of at most `max` rows: whole `max`-row
 * statements, then the rest by powers of two (250 → 128, 64, 32, 16, 8, 2) — few statements, and few
 * distinct SQL texts for the engine's statement cache.
 */
export function statementSizes(count: number, max: number): number[] {
  const sizes: number[] = []
  let left = count
  for (; left >= max; left -= max) sizes.push(max)
  for (let size = 1 << Math.floor(Math.log2(Math.max(left, 1))); left > 0; size >>= 1) {
    if (left >= size) {
      sizes.push(size)
      left -= size
    }
  }
  return sizes
}

/** A statement text by batch size, built once per size (the hot path asks for the same few every tick). */
export function statementsBySize(build: (size: number) => string): (size: number) => string {
  const texts = new Map<number, string>()
  return (size) => {
    let sql = texts.get(size)
    if (sql === undefined) texts.set(size, (sql = build(size)))
    return sql
  }
}

/**
 * A batched statement's text by size, with `RETURNING returning` or without: SQLite's hot path runs
 * it without and counts the rows (counted-writes.ts), and asks which rows with RETURNING only when
 * the count falls short. Each text is built once per size.
 */
export function countedOrReturning(build: (size: number) => string, returning: string): (size: number, withReturning: boolean) => string {
  const counted = statementsBySize(build)
  const withRows = statementsBySize((size) => `${build(size)} RETURNING ${returning}`)
  return (size, withReturning) => (withReturning ? withRows(size) : counted(size))
}

/** Statement sizes for the engine: power-of-two shapes on SQLite, fixed chunks (one round trip each) on the servers. */
export function engineStatementSizes(db: Connection, count: number): number[] {
  if (db.dialect.name === 'sqlite') return statementSizes(count, SQLITE_ROWS_PER_STATEMENT)
  const sizes: number[] = []
  for (let from = 0; from < count; from += ROWS_PER_STATEMENT) sizes.push(Math.min(ROWS_PER_STATEMENT, count - from))
  return sizes
}

/** What a multi-row insert does with a row that meets a unique key: fail, skip it (`true`), or update these columns of the row there. */
export type OnConflict = boolean | { key: readonly string[]; update: readonly string[] }

/**
 * Inserts many rows, skipping (or updating, see OnConflict) those that meet a unique key, in multi-row
 * statements: on the servers one round trip per chunk; on SQLite fewer calls through the async
 * Connection (each one costs promises and turns of the microtask queue, more than the row itself).
 */
export async function insertRows(
  db: Connection,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly SqlValue[])[],
  ignore: OnConflict,
): Promise<void> {
  let from = 0
  for (const size of engineStatementSizes(db, rows.length)) {
    const chunk = rows.slice(from, (from += size))
    await db.run(multiRowInsert(db, table, columns, chunk.length, ignore), chunk.flat())
  }
}

const statementTexts = new Map<string, string>()

/** The text of an INSERT of `count` rows (memoised: the hot path asks for the same few shapes every tick). */
export function multiRowInsert(
  db: Pick<Connection, 'dialect'>,
  table: string,
  columns: readonly string[],
  count: number,
  ignore: OnConflict,
  returning = '',
): string {
  const conflict = typeof ignore === 'boolean' ? ignore : `${ignore.key.join(',')}>${ignore.update.join(',')}`
  const key = `${db.dialect.name}|${table}|${columns.join(',')}|${count}|${conflict}|${returning}`
  let sql = statementTexts.get(key)
  if (sql === undefined) {
    const row = `(${columns.map(() => '?').join(', ')})`
    const values = Array.from({ length: count }, () => row).join(', ')
    const list = columns.join(', ')
    const tail = returning ? ` RETURNING ${returning}` : ''
    if (typeof ignore !== 'boolean') sql = `INSERT INTO ${table} (${list}) VALUES ${values} ${db.dialect.upsertClause(ignore.key, ignore.update)}${tail}`
    else if (db.dialect.name === 'mysql') sql = `${ignore ? 'INSERT IGNORE' : 'INSERT'} INTO ${table} (${list}) VALUES ${values}${tail}`
    // SQLite's OR IGNORE, as its single-row insertIgnore says it.
    else if (db.dialect.name === 'sqlite') sql = `${ignore ? 'INSERT OR IGNORE' : 'INSERT'} INTO ${table} (${list}) VALUES ${values}${tail}`
    else sql = `INSERT INTO ${table} (${list}) VALUES ${values}${ignore ? ' ON CONFLICT DO NOTHING' : ''}${tail}`
    statementTexts.set(key, sql)
  }
  return sql
}

/** Ids in lists short enough for one `IN (…)` on every engine. */
export function idChunks<T>(ids: readonly T[]): T[][] {
  const chunks: T[][] = []
  for (let from = 0; from < ids.length; from += ROWS_PER_STATEMENT) chunks.push(ids.slice(from, from + ROWS_PER_STATEMENT))
  return chunks
}

/** `?, ?, …`: the placeholders of an `IN (…)` of `count` values. */
export const inList = (count: number): string => Array.from({ length: count }, () => '?').join(', ')

/** The rows of a `VALUES` list: `count` rows of `columns` placeholders each (an UPDATE … FROM VALUES reads them as v.column1 …). */
export const valuesRows = (count: number, columns: number): string => Array.from({ length: count }, () => `(${inList(columns)})`).join(', ')
