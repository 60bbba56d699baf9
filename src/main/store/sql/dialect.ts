/**
 * Where the three engines' SQL differs, and only that: insert-or-ignore, upserts, string
 * concatenation, row locks that skip locked rows, and SQLite's index hints. Everything else the
 * repositories write once. (Kysely would give one builder for all three, but its query compilation
 * per call costs more than the whole statement on SQLite's hot path, and the statements here are
 * few and fixed.)
 */
export interface Dialect {
  readonly name: 'sqlite' | 'postgres' | 'mysql'
  /** `INSERT … VALUES (…)` that skips a row violating a unique key. */
  insertIgnore(table: string, columns: readonly string[]): string
  /** `INSERT … VALUES (…)` that updates `update` columns of the row with the same `key` columns. */
  upsert(table: string, columns: readonly string[], key: readonly string[], update: readonly string[]): string
  /** What follows an INSERT's VALUES to make it that upsert (for multi-row inserts too: insert-rows.ts). */
  upsertClause(key: readonly string[], update: readonly string[]): string
  /** `a || b` as the engine spells it. */
  concat(a: string, b: string): string
  /** Appended to a SELECT inside a transaction: lock the rows read, skipping rows another node holds. */
  readonly lockSkipLocked: string
  /** Appended to a SELECT inside a transaction: lock the rows read. */
  readonly lockRows: string
  /** Appended to a SELECT inside a transaction: keep the rows read from changing or going until it ends. */
  readonly lockShared: string
  /** An index hint after the table name (SQLite picks worse plans for partial indexes without it). */
  indexedBy(index: string): string
  /**
   * The index a LIMITed `lockSkipLocked` read must walk, after the table name. InnoDB locks every
   * row a locking read examines: a full scan and sort would lock every due job, not the first
   * `limit`, and a second node's scan would find none left to take.
   */
  lockingIndex(index: string): string
  /**
   * `column` starts with `prefix`: a range on SQLite (which uses the index for it, not for LIKE),
   * LIKE elsewhere (a range under a linguistic collation would not mean "starts with").
   */
  startsWith(column: string, prefix: string): { sql: string; params: string[] }
  /**
   * A SELECT of the database server's clock as `now_ms` (milliseconds since the epoch, fractional
   * allowed), or null where there is no server: SQLite's clock is the calling process's own.
   */
  readonly serverClockMs: string | null
}

/** The first string after every string starting with `prefix`: the prefix with its last character incremented. */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)
}

const likePrefix = (column: string, prefix: string) => ({ sql: `${column} LIKE ?`, params: [`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`] })

const placeholders = (columns: readonly string[]) => columns.map(() => '?').join(', ')
const onConflictUpdate = (key: readonly string[], update: readonly string[]) =>
  `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${update.map((c) => `${c} = excluded.${c}`).join(', ')}`

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  insertIgnore: (table, columns) => `INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) VALUES (${placeholders(columns)})`,
  upsert: (table, columns, key, update) => `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders(columns)}) ${onConflictUpdate(key, update)}`,
  upsertClause: onConflictUpdate,
  concat: (a, b) => `${a} || ${b}`,
  // One writer per file: BEGIN IMMEDIATE already holds every row.
  lockSkipLocked: '',
  lockRows: '',
  lockShared: '',
  indexedBy: (index) => ` INDEXED BY ${index}`,
  lockingIndex: () => '',
  startsWith: (column, prefix) => ({ sql: `(${column} >= ? AND ${column} < ?)`, params: [prefix, prefixEnd(prefix)] }),
  serverClockMs: null,
}

export const postgresDialect: Dialect = {
  name: 'postgres',
  insertIgnore: (table, columns) => `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders(columns)}) ON CONFLICT DO NOTHING`,
  upsert: sqliteDialect.upsert,
  upsertClause: onConflictUpdate,
  concat: (a, b) => `${a} || ${b}`,
  lockSkipLocked: ' FOR UPDATE SKIP LOCKED',
  lockRows: ' FOR UPDATE',
  lockShared: ' FOR SHARE',
  indexedBy: () => '',
  // PostgreSQL locks the rows it returns, whatever the plan.
  lockingIndex: () => '',
  startsWith: likePrefix,
  // clock_timestamp(), not now(): now() is the transaction's start, which a pooled connection may have begun long ago.
  serverClockMs: 'SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::float8 AS now_ms',
}

export const mysqlDialect: Dialect = {
  name: 'mysql',
  insertIgnore: (table, columns) => `INSERT IGNORE INTO ${table} (${columns.join(', ')}) VALUES (${placeholders(columns)})`,
  // VALUES(c) rather than an alias: MariaDB 10.6 has no row alias, MySQL 8 still reads VALUES().
  upsert: (table, columns, key, update) =>
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders(columns)}) ${mysqlDialect.upsertClause(key, update)}`,
  upsertClause: (_key, update) => `ON DUPLICATE KEY UPDATE ${update.map((c) => `${c} = VALUES(${c})`).join(', ')}`,
  concat: (a, b) => `CONCAT(${a}, ${b})`,
  lockSkipLocked: ' FOR UPDATE SKIP LOCKED',
  lockRows: ' FOR UPDATE',
  // MariaDB 10.6 does not know FOR SHARE; MySQL 8 reads both.
  lockShared: ' LOCK IN SHARE MODE',
  indexedBy: () => '',
  lockingIndex: (index) => ` FORCE INDEX (${index})`,
  startsWith: likePrefix,
  // NOW(3) is this statement's start, in the session's time zone, which UNIX_TIMESTAMP converts back.
  serverClockMs: 'SELECT UNIX_TIMESTAMP(NOW(3)) * 1000 AS now_ms',
}
