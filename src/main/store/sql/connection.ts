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
}
