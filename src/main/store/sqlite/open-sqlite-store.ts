import { openDatabase, type OpenDatabaseOptions } from '../open-database'
import { SqliteStore } from './sqlite-store'

/** The embedded engine: `<data-dir>/jobdesk.db` opened (and migrated) with every connection's settings. */
export function openSqliteStore(file: string, options: OpenDatabaseOptions = {}): SqliteStore {
  return new SqliteStore(openDatabase(file, options), file)
}
