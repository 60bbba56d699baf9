import type { Dialect } from './dialect'

/** What a statement's `?` placeholders take; booleans are stored as 0/1 by the repositories. */
export type SqlValue = string | number | null

/**
 * One database connection (or a pool, or a transaction's connection) as the repositories see it:
 * SQL text with `?` placeholders, written once for every engine (the dialect covers the few places
 * where engines differ). Every call is async: PostgreSQL and MySQL answer over the network; SQLite
 * answers at once, behind a resolved promise.
 */
export interface Connection {
  readonly dialect: Dialect
  /** Every row of a query. */
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>
  /** The first row of a query, or undefined. */
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>
  /** A write; resolves with how many rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>
  /**
   * An INSERT of one row into a table with an `id` key; resolves with the new id, or null when the
   * row was not inserted (an insert-or-ignore that met a duplicate).
   */
  insert(sql: string, params?: readonly SqlValue[]): Promise<number | null>
  /**
   * SQLite only (absent on the servers): runs `work` against the engine's synchronous calls, after the
   * same checks as any other call. Nothing else runs on the connection until `work` returns, so the
   * hot path's batched writes can check their own row counts and, when a count falls short, roll back
   * to a savepoint and write again with RETURNING — instead of paying RETURNING on every statement.
   */
  withSync?<T>(work: (sync: SyncConnection) => T): Promise<T>
  /**
   * MySQL: a transaction's connection, whose row locks (FOR UPDATE) hold until it ends. Absent on a
   * pool, where each statement commits by itself and a lock is gone as soon as it was taken.
   */
  readonly holdsLocks?: boolean
  /**
   * MySQL only (it has no RETURNING): a multi-row INSERT, resolved with the rows it wrote and the
   * first id it generated (the server's LAST_INSERT_ID for the statement).
   */
  insertRows?(sql: string, params: readonly SqlValue[]): Promise<{ changes: number; firstId: number }>
}

/** A write's row count, and the id of the last row it inserted (meaningful only when it inserted one). */
export interface WriteResult {
  changes: number
  lastId: number
}

/** SQLite's calls as they are: synchronous (Connection.withSync). */
export interface SyncConnection {
  all<T>(sql: string, params?: readonly SqlValue[]): T[]
  run(sql: string, params?: readonly SqlValue[]): WriteResult
  /**
   * Runs `work` as one unit: a savepoint inside a transaction, a transaction of its own outside one.
   * When `work` throws, what it wrote is rolled back and the error goes on to the caller.
   */
  atomic<T>(work: () => T): T
}
