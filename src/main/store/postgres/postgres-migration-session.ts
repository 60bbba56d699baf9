import type pg from 'pg'
import { DatabaseOpenError } from '../database-open-error'
import type { MigrationSession } from '../server-migrations'
import { toPositional } from './postgres-connection'

/** "JobDesk" in ASCII: the advisory lock migrations hold (advisory locks are per database). */
const MIGRATION_LOCK_KEY = '20958047395411307'

/**
 * The migration runner's connection to PostgreSQL (server-migrations.ts): an advisory lock, and
 * each step in one transaction. Any client will do: a pooled one at start, a test's own.
 */
export function postgresMigrationSession(client: pg.ClientBase): MigrationSession {
  const query = (sql: string, params: readonly (string | number)[] = []) => client.query(toPositional(sql).text, params as (string | number)[])
  return {
    async lock() {
      // A node that hangs mid-migration must not hold every other node's start-up forever.
      await client.query("SET lock_timeout = '60s'")
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
      } catch (error) {
        throw new DatabaseOpenError(`another node held the migration lock for 60 s (${(error as Error).message}); is it stuck migrating?`)
      } finally {
        await client.query('RESET lock_timeout')
      }
    },
    async unlock() {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    },
    async exec(sql) {
      await client.query(sql)
    },
    async scalar(sql, params) {
      const result = await client.query({ text: toPositional(sql).text, values: params as (string | number)[], rowMode: 'array' })
      return (result.rows[0] as unknown[] | undefined)?.[0]
    },
    async tableExists(name) {
      return (await query('SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?', [name])).rowCount === 1
    },
    // PostgreSQL's DDL is transactional: a step lands whole or not at all.
    async step(statements, record) {
      await client.query('BEGIN')
      try {
        for (const statement of statements) await client.query(statement)
        await query(record.sql, record.params)
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      }
    },
    schemaTableDdl: `CREATE TABLE IF NOT EXISTS jobdesk_schema (
      version     INTEGER PRIMARY KEY,
      description TEXT    NOT NULL,
      applied_at  BIGINT  NOT NULL
    )`,
  }
}
