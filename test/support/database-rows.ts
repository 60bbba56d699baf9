import Database from 'better-sqlite3'
import { onServer, type TestDatabase } from './db-servers'

/** Rows of one read-only query on a test database of any engine, on a connection of its own. */
export async function databaseRows<Row>(database: TestDatabase, sql: string): Promise<Row[]> {
  if (database.engine !== 'sqlite') return (await onServer(database, sql)) as Row[]
  const db = new Database(database.url, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).all() as Row[]
  } finally {
    db.close()
  }
}

/** One number from a test database (a COUNT, a MAX…); PostgreSQL's int8 comes back as text. */
export async function databaseNumber(database: TestDatabase, sql: string): Promise<number> {
  const [row] = await databaseRows<Record<string, unknown>>(database, sql)
  return Number(Object.values(row)[0])
}
