import type Database from 'better-sqlite3'

/**
 * One version of JobDesk's schema, in every engine's words side by side. A version means one
 * schema on every engine: the same tables, columns and indexes (named alike), each engine spelling
 * them its own way; `test/store/conformance/schema-conformance.test.ts` compares what they build.
 * XXL-JOB's tables and column names without the `xxl_` prefix; every time is epoch milliseconds.
 * A step is never edited once released: a database that recorded its version has its schema.
 */
export interface MigrationStep {
  version: number
  description: string
  sqlite: SqliteStep
  /** From version 5 on (the first a server engine could use); none before. */
  postgres?: ServerStep
  mysql?: ServerStep
}

/**
 * SQLite: the step's SQL, run in one transaction with `PRAGMA user_version` set to the version at
 * its end (open-database.ts).
 */
export interface SqliteStep {
  sql: string
  /** Work done in code after `sql`, in the same transaction. */
  apply?: (db: Database.Database) => void
  /**
   * The step drops and recreates tables that others refer to: it runs with foreign keys off (SQLite
   * ignores that PRAGMA inside a transaction, so open-database.ts sets it around the step), and
   * fails if it leaves more foreign-key violations than it found.
   */
  rebuildsTables?: boolean
}

/**
 * A server engine's statements, recorded in its `jobdesk_schema` table as each step completes
 * (server-migrations.ts). Version 5 holds SQLite's schema at version 5 in one step.
 *
 * PostgreSQL: the same tables, columns, partial indexes and unique keys as SQLite; BIGINT for epoch
 * milliseconds, identity columns for ids. A step runs in one transaction (its DDL is transactional).
 *
 * MySQL 8 / MariaDB 10.6+, where it differs from the other engines, always forced by MySQL:
 * - indexed text is VARCHAR(n) (an index key holds at most 3072 bytes, 4 per character), sized
 *   to what the app accepts (app names 64, addresses 500, shard params like "12/16");
 * - long text is MEDIUMTEXT/LONGTEXT with expression defaults (`DEFAULT ('')`);
 * - no partial indexes: composite ones that start with the same equality columns, and for the
 *   failed runs (an OR no composite index serves) an indexed generated column;
 * - the unique (job, schedule time, shard) key ignores NULL schedule times by itself (NULLs are
 *   distinct in a UNIQUE index), which is what SQLite's partial unique index says.
 * DDL commits on its own in MySQL, so a step is not atomic: every statement is written to be
 * re-run (IF NOT EXISTS; indexes inside CREATE TABLE; an ADD COLUMN whose column exists counts as
 * done) and a step interrupted half-way completes on the next start.
 */
export interface ServerStep {
  /** What `jobdesk_schema` records, where this engine's step says more than the shared description. */
  description?: string
  statements: readonly string[]
}

/** The engines with a migration session and a `jobdesk_schema` table. */
export type ServerEngine = 'postgres' | 'mysql'
