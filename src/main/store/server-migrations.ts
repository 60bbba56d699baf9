import { DatabaseOpenError } from './database-open-error'
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type ServerEngine } from './migrations'

/** One connection of a server engine, held for the whole migration (it holds the lock). */
export interface MigrationSession {
  /** Takes the engine's named lock for migrations, waiting for a node migrating at the same time. */
  lock(): Promise<void>
  unlock(): Promise<void>
  exec(sql: string): Promise<void>
  /** The first column of the first row, or undefined. */
  scalar(sql: string, params?: readonly (string | number)[]): Promise<unknown>
  tableExists(name: string): Promise<boolean>
  /** Runs one step; PostgreSQL in a transaction (its DDL is transactional), MySQL statement by statement. */
  step(statements: readonly string[], record: { sql: string; params: (string | number)[] }): Promise<void>
  /** The CREATE TABLE IF NOT EXISTS of `jobdesk_schema` in this engine's words. */
  readonly schemaTableDdl: string
}

/**
 * Brings a server database to the latest schema: under the engine's migration lock (two nodes
 * starting together: the second waits, then finds nothing to do), reads the versions applied from
 * `jobdesk_schema`, refuses a database of a newer JobDesk or one holding JobDesk's tables without
 * that record, and applies `engine`'s missing steps in order (migrations/), each recorded as it
 * completes, up to `target` (tests stop at an older one to build a database as an older JobDesk left it).
 */
export async function migrateServer(
  session: MigrationSession,
  engine: ServerEngine,
  where: string,
  nowMs: number,
  target = LATEST_SCHEMA_VERSION,
): Promise<void> {
  await session.lock()
  try {
    if (!(await session.tableExists('jobdesk_schema')) && (await session.tableExists('job_info'))) {
      throw new DatabaseOpenError(
        `the database ${where} holds a job_info table that JobDesk did not create (no jobdesk_schema table); give JobDesk a database of its own`,
      )
    }
    await session.exec(session.schemaTableDdl)
    const current = Number((await session.scalar('SELECT MAX(version) FROM jobdesk_schema')) ?? 0)
    if (current > LATEST_SCHEMA_VERSION) {
      throw new DatabaseOpenError(
        `the database ${where} was written by a newer JobDesk (schema version ${current}; this one knows up to ${LATEST_SCHEMA_VERSION}); upgrade JobDesk on this node`,
      )
    }
    for (const migration of MIGRATIONS) {
      const step = migration[engine]
      if (!step || migration.version <= current || migration.version > target) continue
      await session.step(step.statements, {
        sql: 'INSERT INTO jobdesk_schema (version, description, applied_at) VALUES (?, ?, ?)',
        params: [migration.version, step.description ?? migration.description, nowMs],
      })
    }
  } finally {
    await session.unlock()
  }
}
