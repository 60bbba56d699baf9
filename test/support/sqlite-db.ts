import type Database from 'better-sqlite3'
import { SqliteStore } from '../../src/main/store/sqlite/sqlite-store'
import type { Store } from '../../src/main/store/store'

/** The SQLite connection under a store, for tests and benchmarks that check, plant or count rows with plain SQL. */
export function sqliteDb(store: Store): Database.Database {
  if (!(store instanceof SqliteStore)) throw new Error(`this reads the SQLite file directly; the store is ${store.engine}`)
  return store.db
}
