import pg from 'pg'
import { DatabaseOpenError } from '../database-open-error'
import { connectError, failOpen, type ServerTarget } from '../database-url'
import { migrateServer } from '../server-migrations'
import { IDLE_TRANSACTION_LIMIT_MS } from '../sql/idle-transaction-limit'
import { PooledStore, type OpenTransaction, type PoolDriver, type PoolOptions } from '../sql/pooled-store'
import type { Store } from '../store'
import { PostgresConnection } from './postgres-connection'
import { PostgresEventChannel } from './postgres-event-channel'
import { postgresMigrationSession } from './postgres-migration-session'

const INT8_OID = 20
const NUMERIC_OID = 1700
/** SKIP LOCKED since 9.5, identity columns since 10. */
const MIN_SERVER_VERSION = 100000
/** Deadlock victim, serialization failure: the transaction may simply be run again. */
const RETRYABLE_CODES = new Set(['40P01', '40001'])

/**
 * Parsers for this pool only (the pg module's global table is left alone): BIGINT and NUMERIC as
 * JS numbers — epoch milliseconds, ids and counts are far below 2^53 — so COUNT(*), SUM() and
 * BIGINT columns read as they do on SQLite.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => (value === null ? null : Number(value))
    return pg.types.getTypeParser(oid, format as 'text')
  }) as pg.CustomTypesConfig['getTypeParser'],
}

/** Opens (and migrates) a PostgreSQL database: checks the server, migrates under an advisory lock, starts listening. */
export async function openPostgresStore(target: ServerTarget, options: PoolOptions = {}): Promise<Store> {
  const clientConfig: pg.ClientConfig = {
    connectionString: target.url,
    types,
    connectionTimeoutMillis: 10_000,
    application_name: 'jobdesk',
  }
  const pool = new pg.Pool({
    ...clientConfig,
    max: options.maxConnections ?? 10,
    idleTimeoutMillis: 30_000,
    idle_in_transaction_session_timeout: IDLE_TRANSACTION_LIMIT_MS,
  })
  // An idle connection the server dropped: the pool discards it and opens another when needed.
  pool.on('error', () => undefined)
  // The lease renewals' one connection (Store.renewals), kept open (no idle timeout): a renewal
  // never waits for a pooled connection, nor pays a connect. One that broke is opened again.
  const renewals = new pg.Pool({ ...clientConfig, max: 1, idleTimeoutMillis: 0 })
  renewals.on('error', () => undefined)
  let events: PostgresEventChannel | null = null
  try {
    const { client: session, release } = await checkOut(pool).catch((error: unknown) => {
      throw connectError(target, error)
    })
    try {
      const version = Number((await session.query<{ server_version_num: string }>('SHOW server_version_num')).rows[0].server_version_num)
      if (version < MIN_SERVER_VERSION) {
        throw new DatabaseOpenError(
          `${target.describe} runs PostgreSQL ${Math.floor(version / 10000)}; JobDesk needs PostgreSQL 10 or newer (FOR UPDATE SKIP LOCKED, identity columns)`,
        )
      }
      await migrateServer(postgresMigrationSession(session), 'postgres', target.location, Date.now())
    } finally {
      release()
    }
    events = new PostgresEventChannel(pool, clientConfig)
    await events.ready()
    return new PooledStore('postgres', target.location, postgresDriver(pool, renewals), events)
  } catch (error) {
    return failOpen(target, error, { events, pools: [renewals, pool] })
  }
}

function postgresDriver(pool: pg.Pool, renewals: pg.Pool): PoolDriver {
  return {
    autocommit: new PostgresConnection(pool),
    renewals: new PostgresConnection(renewals),
    async begin(): Promise<OpenTransaction> {
      const { client, release } = await checkOut(pool)
      try {
        await client.query('BEGIN ISOLATION LEVEL READ COMMITTED')
      } catch (error) {
        release(error as Error)
        throw error
      }
      return {
        connection: new PostgresConnection(client),
        // A COMMIT that fails keeps the client: the store's rollback gives it back.
        async commit() {
          await client.query('COMMIT')
          release()
        },
        async rollback() {
          try {
            await client.query('ROLLBACK')
            release()
          } catch (error) {
            // A connection the server ended: the pool destroys the client rather than keep it.
            release(error as Error)
          }
        },
      }
    },
    isRetryable: (error) => RETRYABLE_CODES.has((error as { code?: string }).code ?? ''),
    async close() {
      await renewals.end()
      await pool.end()
    },
  }
}

/**
 * A client of the pool, listened to for 'error' until it is released (with the error that broke it,
 * if one did: the pool then destroys it rather than keep it). pg emits 'error' when the server ends
 * a connection (a restart, pg_terminate_backend), and pg-pool listens only while a client is idle:
 * one ended during a transaction threw from the socket's callback and stopped the process. Its
 * statements fail instead, since the client is no longer queryable, and the transaction rolls back.
 */
async function checkOut(pool: pg.Pool): Promise<{ client: pg.PoolClient; release: (error?: Error) => void }> {
  const client = await pool.connect()
  const ignore = (): void => undefined
  client.on('error', ignore)
  return {
    client,
    release(error) {
      client.removeListener('error', ignore)
      client.release(error)
    },
  }
}
