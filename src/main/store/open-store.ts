import { parseDatabaseTarget } from './database-url'
import type { OpenDatabaseOptions } from './open-database'
import type { PoolOptions } from './sql/pooled-store'
import { openSqliteStore } from './sqlite/open-sqlite-store'
import type { Store } from './store'

export type OpenStoreOptions = Pick<OpenDatabaseOptions, 'nativeBinding' | 'quickCheck'> & PoolOptions

/**
 * Opens the store `target` names: a `postgres://` / `postgresql://` URL, a `mysql://` / `mariadb://`
 * URL, or else a SQLite file path. Migrations run on open; a database of a newer JobDesk is refused.
 * Every failure (a bad URL, a server that cannot be reached or refuses the login, an old server)
 * is one DatabaseOpenError naming the host and database, never the password.
 * A server engine's driver (pg, mysql2: a fifth of a cold start's module loading) is loaded only
 * when the target names that engine, so a SQLite start never reads it (docs/benchmarks.md#b9-cold-start).
 */
export async function openStore(target: string, options: OpenStoreOptions = {}): Promise<Store> {
  const parsed = parseDatabaseTarget(target)
  switch (parsed.engine) {
    case 'sqlite':
      return openSqliteStore(parsed.file, options)
    case 'postgres':
      return (await import('./postgres/open-postgres-store')).openPostgresStore(parsed, options)
    case 'mysql':
      return (await import('./mysql/open-mysql-store')).openMysqlStore(parsed, options)
  }
}
