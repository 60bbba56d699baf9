// The throwaway database server of B1 on a server engine (b1-cluster.ts): PostgreSQL or MariaDB,
// started for the run on loopback, each with the durability that matches SQLite's WAL +
// synchronous=NORMAL (a commit is not flushed to disk before it returns), and what the bench asks of it.
import mysql from 'mysql2/promise'
import pg from 'pg'
import { toPositional } from '../../src/main/store/postgres/postgres-connection'
import { startTempMariadb } from '../../test/support/temp-db-servers'
import { startPostgres } from '../peers/peer-servers'

export type BenchEngine = 'postgres' | 'mysql'
type Param = number | string

export interface BenchDbServer {
  readonly engine: BenchEngine
  /** The engine's name in the report's lines. */
  readonly label: 'PostgreSQL' | 'MySQL'
  /** Its name in the figures' names ('PG' as the earlier reports have it). */
  readonly short: 'PG' | 'MySQL'
  /** The server process, whose CPU is the server's figure. */
  readonly pid: number
  urlOf(database: string): string
  createDatabase(database: string): Promise<void>
  /** One query on a connection of its own, with `?` parameters. */
  query(url: string, sql: string, params?: readonly Param[]): Promise<Record<string, unknown>[]>
  /** Commits and rollbacks so far: of `url`'s database on PostgreSQL; on MariaDB the whole server's COMMIT and ROLLBACK statements (only the bench uses it; a statement outside a transaction is none). */
  transactions(url: string): Promise<number>
  stop(): Promise<void>
}

/** PostgreSQL with `settings` (`name=value`), synchronous_commit=off; or why it could not start. */
export async function startBenchPostgres(settings: readonly string[] = []): Promise<BenchDbServer | { missing: string }> {
  const started = await startPostgres(settings)
  if ('missing' in started) return started
  const { server } = started
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${server.port}/${database}`
  const query = (url: string, sql: string, params: readonly Param[] = []) => postgresQuery(url, toPositional(sql).text, params)
  return {
    engine: 'postgres',
    label: 'PostgreSQL',
    short: 'PG',
    pid: server.pid,
    urlOf,
    createDatabase: async (database) => void (await query(urlOf('postgres'), `CREATE DATABASE ${database}`)),
    query,
    transactions: async (url) =>
      Number((await query(url, 'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()'))[0].n),
    stop: () => server.stop(),
  }
}

/** One query on its own connection, as written (`$n` parameters only). */
export async function postgresQuery(url: string, text: string, params: readonly Param[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text, [...params])).rows as Record<string, unknown>[]
  } finally {
    await client.end()
  }
}

/** MariaDB (Debian's `mariadb-server`), innodb_flush_log_at_trx_commit=2; or why it could not start. */
export async function startBenchMysql(): Promise<BenchDbServer | { missing: string }> {
  let server: Awaited<ReturnType<typeof startTempMariadb>>
  try {
    server = await startTempMariadb({ settings: { 'innodb-flush-log-at-trx-commit': '2', 'innodb-buffer-pool-size': '256M' } })
  } catch (error) {
    return { missing: (error as Error).message }
  }
  const query = async (url: string, sql: string, params: readonly Param[] = []) => {
    const connection = await mysql.createConnection(url)
    try {
      return (await connection.query(sql, [...params]))[0] as Record<string, unknown>[]
    } finally {
      await connection.end()
    }
  }
  const status = async (url: string, name: string) => {
    const [row] = await query(url, `SHOW GLOBAL STATUS LIKE '${name}'`)
    return Number(row?.Value ?? 0)
  }
  return {
    engine: 'mysql',
    label: 'MySQL',
    short: 'MySQL',
    pid: server.pid,
    urlOf: (database) => server.url(database),
    createDatabase: async (database) => void (await query(server.url('mysql'), `CREATE DATABASE ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`)),
    query,
    transactions: async (url) => (await status(url, 'Com_commit')) + (await status(url, 'Com_rollback')),
    stop: () => server.stop(),
  }
}
