import Database from 'better-sqlite3'
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from './migrations'

export type Db = Database.Database

/** A database that cannot be used; the message is meant for the operator, as is. */
export class DatabaseOpenError extends Error {
  override readonly name = 'DatabaseOpenError'
}

export interface OpenDatabaseOptions {
  /** better-sqlite3 addon built for another runtime (Electron's ABI), see toolchain.md. */
  nativeBinding?: string
  /** Apply pending migrations (only the owner of the file should; other threads just open it). */
  migrate?: boolean
}

/**
 * Opens `<data-dir>/jobdesk.db` with the settings every connection uses: WAL, synchronous=NORMAL
 * (~90k single-row transactions/s against ~5k with FULL; a power loss can lose the last
 * transactions but never corrupts), busy_timeout 5000 ms so two writers wait rather than fail.
 * One connection per thread. Errors that would otherwise surface as a crash loop become one clear
 * DatabaseOpenError: unreadable/corrupt file, read-only file or folder, a schema from a newer JobDesk.
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  ensureWritable(file)
  let db: Db
  try {
    db = new Database(file, { nativeBinding: options.nativeBinding, timeout: 5000 })
  } catch (error) {
    throw new DatabaseOpenError(`cannot open the database ${file}: ${(error as Error).message}`)
  }
  try {
    db.pragma('busy_timeout = 5000')
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = ON')
    // The run table's indexes take inserts in job order, not key order; a 64 MiB page cache (the
    // default is 2 MiB) and memory-mapped reads keep those B-tree pages in memory at 10k runs/s.
    db.pragma('cache_size = -65536')
    db.pragma('mmap_size = 268435456')
    checkIntegrity(db, file)
    checkVersion(db, file)
    if (options.migrate !== false) migrate(db)
    return db
  } catch (error) {
    db.close()
    if (error instanceof DatabaseOpenError) throw error
    throw new DatabaseOpenError(describeSqliteError(error, file))
  }
}

function ensureWritable(file: string): void {
  const dir = dirname(file)
  try {
    mkdirSync(dir, { recursive: true })
  } catch (error) {
    throw new DatabaseOpenError(`cannot create the data folder ${dir}: ${(error as Error).message}`)
  }
  const target = existsSync(file) ? file : dir
  try {
    accessSync(target, constants.R_OK | constants.W_OK)
  } catch {
    throw new DatabaseOpenError(
      `the database ${file} is read-only (no write permission on ${target}); JobDesk needs to write to it — fix the permissions or choose another folder with --data-dir`,
    )
  }
}

function checkIntegrity(db: Db, file: string): void {
  // quick_check reads every page once (milliseconds for a few MB) and catches a file that is not a
  // database or was truncated, before the scheduler trips over it mid-run.
  const rows = db.pragma('quick_check') as { quick_check: string }[]
  const problems = rows.map((r) => r.quick_check).filter((r) => r !== 'ok')
  if (problems.length > 0) {
    throw new DatabaseOpenError(
      `the database ${file} is corrupt (${problems.slice(0, 3).join('; ')}); restore it from a backup or move it away to start with an empty one`,
    )
  }
}

function checkVersion(db: Db, file: string): void {
  const version = db.pragma('user_version', { simple: true }) as number
  if (version > LATEST_SCHEMA_VERSION) {
    throw new DatabaseOpenError(
      `the database ${file} was written by a newer JobDesk (schema version ${version}; this one knows up to ${LATEST_SCHEMA_VERSION}); upgrade JobDesk or use another --data-dir`,
    )
  }
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue
    db.transaction(() => {
      db.exec(migration.sql)
      db.pragma(`user_version = ${migration.version}`)
    }).immediate()
  }
}

function describeSqliteError(error: unknown, file: string): string {
  const e = error as { code?: string; message?: string }
  switch (e.code) {
    case 'SQLITE_NOTADB':
    case 'SQLITE_CORRUPT':
      return `the database ${file} is corrupt or not a JobDesk database (${e.message}); restore it from a backup or move it away to start with an empty one`
    case 'SQLITE_READONLY':
    case 'SQLITE_CANTOPEN':
      return `the database ${file} cannot be written (${e.message}); check the permissions of the file and its folder`
    case 'SQLITE_BUSY':
      return `the database ${file} stayed locked by another process for 5 s (${e.message})`
    default:
      return `cannot use the database ${file}: ${e.message ?? String(error)}`
  }
}
