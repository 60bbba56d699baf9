import type { SqlValue, SyncConnection } from './connection'

/** One statement of a batch: its text and its parameters. */
export interface BatchStatement {
  sql: string
  params: SqlValue[]
}

/** The count fell short: thrown inside the unit so that it rolls back. */
const SHORT = Symbol('short count')

/**
 * SQLite's hot path writes in batches and needs to know which rows each statement touched (a run
 * already finished is not finished again, a fire another node took is not fired). RETURNING says
 * which, but cost 0.7–1.9 µs a row on this machine (docs/benchmarks.md#b1-throughput),
 * while almost every batch touches every row it names. So the batch runs without RETURNING, as one
 * unit, and its row count is checked: true when together the statements changed `expected` rows.
 * On a shorter count the unit rolls back and the result is false; the caller writes again with
 * RETURNING to learn which rows were left alone.
 */
export function wroteEvery(sync: SyncConnection, statements: readonly BatchStatement[], expected: number): boolean {
  try {
    sync.atomic(() => {
      let changes = 0
      for (const statement of statements) changes += sync.run(statement.sql, statement.params).changes
      if (changes !== expected) throw SHORT
    })
    return true
  } catch (error) {
    if (error === SHORT) return false
    throw error
  }
}
