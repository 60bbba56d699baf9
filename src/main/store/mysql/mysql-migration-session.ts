import type { Connection, RowDataPacket } from 'mysql2/promise'
import { DatabaseOpenError } from '../database-open-error'
import type { MigrationSession } from '../server-migrations'

/** ER_DUP_FIELDNAME and ER_DUP_KEYNAME: what re-running an applied ALTER TABLE ADD says. */
const DUPLICATE_COLUMN_ERRNO = 1060
const DUPLICATE_KEY_NAME_ERRNO = 1061
/** ER_CANT_DROP_FIELD_OR_KEY: what re-running an applied ALTER TABLE DROP says. */
const ALREADY_DROPPED_ERRNO = 1091
/** What a statement of a step a stopped run had already applied says when run again. */
const ALREADY_APPLIED = new Set([DUPLICATE_COLUMN_ERRNO, DUPLICATE_KEY_NAME_ERRNO, ALREADY_DROPPED_ERRNO])

/**
 * The migration runner's connection to MySQL (server-migrations.ts): GET_LOCK, and each step's
 * statements one by one. Any connection will do: a pooled one at start, a test's own.
 */
export function mysqlMigrationSession(connection: Connection, database: string): MigrationSession {
  // GET_LOCK names are server-wide: the database's name keeps two JobDesk databases apart.
  const lockName = `jobdesk_migrate:${database}`.slice(0, 64)
  return {
    async lock() {
      const [rows] = await connection.query<RowDataPacket[]>('SELECT GET_LOCK(?, 60) AS got', [lockName])
      if (Number(rows[0].got) !== 1) throw new DatabaseOpenError(`another node held the migration lock of ${database} for 60 s; is it stuck migrating?`)
    },
    async unlock() {
      await connection.query('SELECT RELEASE_LOCK(?)', [lockName])
    },
    async exec(sql) {
      await connection.query(sql)
    },
    async scalar(sql, params) {
      const [rows] = await connection.query<RowDataPacket[]>({ sql, rowsAsArray: true }, params as (string | number)[] | undefined)
      return (rows[0] as unknown as unknown[] | undefined)?.[0]
    },
    async tableExists(name) {
      const [rows] = await connection.query<RowDataPacket[]>('SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?', [
        name,
      ])
      return rows.length > 0
    },
    // DDL commits by itself in MySQL: each statement is written to be re-run (see migrations/migration-step.ts);
    // an ADD COLUMN, ADD INDEX or DROP INDEX a stopped run had already applied is done, not an error.
    async step(statements, record) {
      for (const statement of statements) {
        await connection.query(statement).catch((error: { errno?: number }) => {
          if (!ALREADY_APPLIED.has(error.errno ?? 0)) throw error
        })
      }
      await connection.query(record.sql, record.params)
    },
    schemaTableDdl: `CREATE TABLE IF NOT EXISTS jobdesk_schema (
      version     INT          NOT NULL PRIMARY KEY,
      description VARCHAR(500) NOT NULL,
      applied_at  BIGINT       NOT NULL
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
  }
}
