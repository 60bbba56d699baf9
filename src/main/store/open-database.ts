import Database from 'better-sqlite3'
import { accessSync, chmodSync, closeSync, constants, existsSync, mkdirSync, openSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, resolve } from 'node:path'
import { DatabaseOpenError } from './database-open-error'
import { corruptDatabaseMessage, quickCheckProblems } from './integrity'
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type MigrationStep } from './migrations'

export type Db = Database.Database

export { DatabaseOpenError }

export interface OpenDatabaseOptions {
  /** better-sqlite3 addon built for another runtime (Electron's ABI), see docs/development.md#native-sqlite-for-electron. */
  nativeBinding?: string
  /** Apply pending migrations (only the owner of the file should; other threads just open it). */
  migrate?: boolean
  /**
   * Run quick_check before returning (default). It reads every page: ~3 ms per MB, half a second
   * for a year of runs, so the core leaves it to its checkpoint thread (Checkpointer) instead of
   * holding up the first scan (docs/benchmarks.md#b9-cold-start). A file that is not a database fails here either way.
   */
  quickCheck?: boolean
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
    // The run table's indexes take inserts in job order, not key order; an 8 MiB page cache (the
    // default is 2 MiB) and memory-mapped reads keep those B-tree pages in memory at 10k runs/s.
    // Clean pages are read from the map; the cache holds the written ones, and fills to its size:
    // B8's steady RSS at 100k jobs was 299 MB at 64 MiB and 246 at 16; in 3-minute runs, 239 at 16
    // and 229 at 8. B1 at 10k spent the same CPU per fire at 8 as at 16 (docs/benchmarks.md#b8-memory).
    db.pragma('cache_size = -8192')
    db.pragma('mmap_size = 268435456')
    if (options.quickCheck !== false) checkIntegrity(db, file)
    checkVersion(db, file)
    if (options.migrate !== false) migrate(db)
    return db
  } catch (error) {
    db.close()
    if (error instanceof DatabaseOpenError) throw error
    throw new DatabaseOpenError(describeSqliteError(error, file))
  }
}

/**
 * The database holds the tokens, so only its owner may read it: the data folder 0700, the file and
 * its -wal/-shm 0600. SQLite creates -wal and -shm with the database file's mode, so creating the
 * file 0600 before SQLite does covers them; files of older versions are narrowed here. (Windows has
 * no such modes; its per-user profile folder already keeps other users out.)
 */
function restrictToOwner(file: string): void {
  if (process.platform === 'win32') return
  const dir = dirname(file)
  if (isOwnFolder(dir)) chmodSync(dir, 0o700)
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600))
  for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path) && ownedByMe(path)) chmodSync(path, 0o600)
}

/**
 * A folder JobDesk may narrow: owned by this user and not a shared place someone pointed
 * --data-dir at (a sticky folder such as /tmp, the home folder, the root).
 */
function isOwnFolder(dir: string): boolean {
  const stat = statSync(dir)
  if ((stat.mode & 0o1000) !== 0 || resolve(dir) === resolve(homedir()) || resolve(dir) === '/') return false
  return ownedByMe(dir)
}

function ownedByMe(path: string): boolean {
  return typeof process.getuid !== 'function' || statSync(path).uid === process.getuid()
}

function ensureWritable(file: string): void {
  const dir = dirname(file)
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
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
  try {
    restrictToOwner(file)
  } catch (error) {
    throw new DatabaseOpenError(`cannot make the database ${file} private to its owner: ${(error as Error).message}`)
  }
}

function checkIntegrity(db: Db, file: string): void {
  // Catches a file that is not a database or was truncated, before the scheduler trips over it mid-run.
  const problems = quickCheckProblems(db)
  if (problems.length > 0) throw new DatabaseOpenError(corruptDatabaseMessage(file, problems))
}

function checkVersion(db: Db, file: string): void {
  const version = db.pragma('user_version', { simple: true }) as number
  if (version > LATEST_SCHEMA_VERSION) {
    throw new DatabaseOpenError(
      `the database ${file} was written by a newer JobDesk (schema version ${version}; this one knows up to ${LATEST_SCHEMA_VERSION}); upgrade JobDesk or use another --data-dir`,
    )
  }
}

/**
 * Applies the migrations after the file's version, up to `target` (tests stop at an older one to
 * build a file as an older JobDesk left it), each in one transaction.
 */
export function migrate(db: Db, target = LATEST_SCHEMA_VERSION): void {
  const current = db.pragma('user_version', { simple: true }) as number
  for (const migration of MIGRATIONS) {
    if (migration.version <= current || migration.version > target) continue
    if (migration.sqlite.rebuildsTables) withForeignKeysOff(db, () => applyStep(db, migration, true))
    else applyStep(db, migration, false)
  }
}

function applyStep(db: Db, migration: MigrationStep, checkForeignKeys: boolean): void {
  db.transaction(() => {
    const violationsBefore = checkForeignKeys ? foreignKeyViolations(db) : 0
    db.exec(migration.sqlite.sql)
    migration.sqlite.apply?.(db)
    // SQLite's rule for rebuilt tables: the references must hold as well as they did before.
    if (checkForeignKeys && foreignKeyViolations(db) > violationsBefore) {
      throw new Error(`schema ${migration.version} would break foreign keys; the database is left at version ${migration.version - 1}`)
    }
    db.pragma(`user_version = ${migration.version}`)
  }).immediate()
}

/**
 * Foreign keys off, and ALTER TABLE RENAME rewriting the references other tables hold (the
 * default, but a build or an earlier PRAGMA could have set legacy_alter_table), for `work`, then
 * restored. Set around the transaction: `PRAGMA foreign_keys` does nothing inside one.
 */
function withForeignKeysOff(db: Db, work: () => void): void {
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number
  const legacyAlter = db.pragma('legacy_alter_table', { simple: true }) as number
  db.pragma('foreign_keys = OFF')
  db.pragma('legacy_alter_table = OFF')
  try {
    work()
  } finally {
    db.pragma(`legacy_alter_table = ${legacyAlter}`)
    db.pragma(`foreign_keys = ${foreignKeys}`)
  }
}

function foreignKeyViolations(db: Db): number {
  return (db.pragma('foreign_key_check') as unknown[]).length
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
