import { parseDatabaseTarget } from './database-url'
import { openMysqlStore } from './mysql/open-mysql-store'
import type { OpenDatabaseOptions } from './open-database'
import { openPostgresStore } from './postgres/open-postgres-store'
import type { PoolOptions } from './sql/pooled-store'
import { openSqliteStore } from './sqlite/open-sqlite-store'
import type { Store } from './store'

export type OpenStoreOptions = Pick<OpenDatabaseOptions, 'nativeBinding'> & PoolOptions

/**
 * Opens the store `target` names: a `postgres://` / `postgresql://` URL, a `mysql://` / `mariadb://`
 * URL, or else a SQLite file path. Migrations run on open; a database of a newer JobDesk is refused.
 * Every failure (a bad URL, a server that cannot be reached or refuses the login, an old server)
 * is one DatabaseOpenError naming the host and database, never the password.
 */
export async function openStore(target: string, options: OpenStoreOptions = {}): Promise<Store> {
  const parsed = parseDatabaseTarget(target)
  switch (parsed.engine) {
    case 'sqlite':
      return openSqliteStore(parsed.file, options)
    case 'postgres':
      return openPostgresStore(parsed, options)
    case 'mysql':
      return openMysqlStore(parsed, options)
  }
}
