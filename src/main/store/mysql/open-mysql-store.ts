import mysql, { type Pool, type PoolConnection, type PoolOptions, type RowDataPacket } from 'mysql2/promise'
import { DatabaseOpenError } from '../database-open-error'
import { connectError, failOpen, type ServerTarget } from '../database-url'
import { EventRepo } from '../event-repo'
import { migrateServer } from '../server-migrations'
import { IDLE_TRANSACTION_LIMIT_MS } from '../sql/idle-transaction-limit'
import { PooledStore, type OpenTransaction, type PoolDriver, type PoolOptions as StorePoolOptions } from '../sql/pooled-store'
import type { Store } from '../store'
import { TableEventChannel } from '../table-event-channel'
import { MysqlConnection } from './mysql-connection'
import { mysqlMigrationSession } from './mysql-migration-session'

/** ER_LOCK_DEADLOCK: InnoDB rolled this transaction back to break a deadlock; it may run again. */
const DEADLOCK_ERRNO = 1213
/**
 * Every connection's session, whatever the server's configuration says: READ COMMITTED (no gap
 * locks: two nodes inserting runs do not block each other), strict mode (a too-long value is an
 * error, not silently cut), and none of the modes that change how the repositories' SQL reads
 * (ANSI_QUOTES, PIPES_AS_CONCAT, NO_BACKSLASH_ESCAPES …).
 */
const SESSION_SETUP = [
  "SET SESSION sql_mode = 'STRICT_ALL_TABLES,ONLY_FULL_GROUP_BY,NO_ENGINE_SUBSTITUTION,ERROR_FOR_DIVISION_BY_ZERO'",
  'SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED',
]
/** URL parameters this engine takes besides user, password, host, port and database. */
const URL_PARAMS = new Set(['socket', 'ssl'])

/** Opens (and migrates) a MySQL 8 / MariaDB 10.6+ database: checks the server, migrates under GET_LOCK, starts polling events. */
export async function openMysqlStore(target: ServerTarget, options: StorePoolOptions = {}): Promise<Store> {
  const pool = sessionPool(poolOptions(target, options.maxConnections ?? 10))
  // The lease renewals' one connection (Store.renewals): a renewal never waits for a pooled connection.
  const renewals = sessionPool(poolOptions(target, 1))
  let events: TableEventChannel | null = null
  try {
    const session = await pool.getConnection().catch((error: unknown) => {
      throw connectError(target, error)
    })
    try {
      await checkServer(session, target)
      await migrateServer(mysqlMigrationSession(session, target.database), 'mysql', target.location, Date.now())
    } finally {
      session.release()
    }
    const autocommit = new MysqlConnection(pool)
    events = new TableEventChannel(new EventRepo(autocommit))
    await events.ready()
    return new PooledStore('mysql', target.location, mysqlDriver(pool, autocommit, new MysqlConnection(renewals), renewals), events)
  } catch (error) {
    return failOpen(target, error, { events, pools: [renewals, pool] })
  }
}

/**
 * MariaDB's limit on a transaction idle between statements (./sql/idle-transaction-limit.ts).
 * MySQL does not know the variable and refuses it: that refusal is expected and the connection kept.
 */
const IDLE_TRANSACTION_SETUP = `SET SESSION idle_transaction_timeout = ${Math.ceil(IDLE_TRANSACTION_LIMIT_MS / 1000)}`

/** A pool whose every connection gets SESSION_SETUP (and, on MariaDB, the idle-transaction limit) as it opens. */
function sessionPool(options: PoolOptions): Pool {
  const pool = mysql.createPool(options)
  pool.pool.on('connection', (connection) => {
    for (const sql of SESSION_SETUP) connection.query(sql, (error: Error | null) => error && connection.destroy())
    connection.query(IDLE_TRANSACTION_SETUP, () => undefined)
  })
  return pool
}

function poolOptions(target: ServerTarget, connectionLimit: number): PoolOptions {
  for (const name of target.params.keys()) {
    if (!URL_PARAMS.has(name))
      throw new DatabaseOpenError(
        `the database URL ${target.location} has an unknown parameter "${name}" (MySQL URLs take socket=/path/to/mysqld.sock and ssl=true)`,
      )
  }
  const socket = target.params.get('socket')
  const ssl = target.params.get('ssl')
  return {
    ...(socket ? { socketPath: socket } : { host: target.host, port: target.port }),
    user: target.user || undefined,
    password: target.password || undefined,
    database: target.database,
    ...(ssl === 'true' || ssl === '1' ? { ssl: { rejectUnauthorized: true } } : {}),
    charset: 'UTF8MB4_BIN',
    // SUM() answers DECIMAL: as a number, like COUNT(*) and BIGINT columns (far below 2^53 here).
    decimalNumbers: true,
    supportBigNumbers: false,
    flags: ['FOUND_ROWS'],
    // mysql2 captures the caller's stack at every query, to put it on an error that may come back:
    // ~6 % of a node's CPU on B1 at 2k fires a second. A failed statement's error keeps its server
    // message and code, which is what the logs and the store's retries read.
    trace: false,
    connectionLimit,
    maxPreparedStatements: 256,
    connectTimeout: 10_000,
    enableKeepAlive: true,
    waitForConnections: true,
  }
}

async function checkServer(session: PoolConnection, target: ServerTarget): Promise<void> {
  const [rows] = await session.query<RowDataPacket[]>('SELECT VERSION() AS version')
  const version = String(rows[0].version)
  const [major, minor, patch] = version.split(/[.-]/).map(Number)
  const mariadb = /mariadb/i.test(version)
  const at = (a: number, b: number, c = 0) => major > a || (major === a && (minor > b || (minor === b && patch >= c)))
  if (mariadb ? !at(10, 6) : !at(8, 0, 13)) {
    throw new DatabaseOpenError(
      `${target.describe} runs ${mariadb ? 'MariaDB' : 'MySQL'} ${version}; JobDesk needs MySQL 8.0.13+ or MariaDB 10.6+ (FOR UPDATE SKIP LOCKED, defaults on TEXT columns)`,
    )
  }
  const [engines] = await session.query<RowDataPacket[]>("SELECT SUPPORT AS support FROM information_schema.ENGINES WHERE ENGINE = 'InnoDB'")
  if (!engines[0] || !/^(YES|DEFAULT)$/i.test(String(engines[0].support)))
    throw new DatabaseOpenError(`${target.describe} has no InnoDB engine; JobDesk needs InnoDB (row locks, transactions)`)
}

function mysqlDriver(pool: Pool, autocommit: MysqlConnection, renewals: MysqlConnection, renewalPool: Pool): PoolDriver {
  return {
    autocommit,
    renewals,
    async begin(): Promise<OpenTransaction> {
      const connection = await pool.getConnection()
      try {
        await connection.query('START TRANSACTION')
      } catch (error) {
        connection.destroy()
        throw error
      }
      return {
        connection: new MysqlConnection(connection, true),
        // A COMMIT that fails keeps the connection: the store's rollback gives it back.
        async commit() {
          await connection.query('COMMIT')
          connection.release()
        },
        async rollback() {
          try {
            await connection.query('ROLLBACK')
            connection.release()
          } catch {
            connection.destroy()
          }
        },
      }
    },
    isRetryable: (error) => (error as { errno?: number }).errno === DEADLOCK_ERRNO,
    async close() {
      await renewalPool.end()
      await pool.end()
    },
  }
}
