/**
 * Database servers for the tests, once per vitest run: this file is the run's globalSetup (it
 * runs in vitest's main process and owns the servers) and the helper tests import
 * (`withDatabase`). A server starts the first time a test asks for it — a run of unrelated tests
 * starts none — and stops when the run ends. A server that cannot start fails the tests that
 * need it, with the reason; they are never skipped.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import { startTempMariadb, startTempPostgres, type TempDbServer } from './temp-db-servers'

export type TestEngine = 'sqlite' | 'postgres' | 'mysql'
/** Every engine the storage contract has, in the order the suites run them. */
export const ENGINES: readonly TestEngine[] = ['sqlite', 'postgres', 'mysql']

declare module 'vitest' {
  export interface ProvidedContext {
    dbServersDir: string
  }
}

type ServerEngine = Exclude<TestEngine, 'sqlite'>

/** What the main process writes once a server is up (or could not start). */
type ServerState = { ok: true; url: string; port: number; socket: string; version: string } | { ok: false; reason: string }

/**
 * Test settings: durability off (a crash loses a throwaway database), everything else the servers'
 * defaults; and no autovacuum on PostgreSQL: a worker on a test database makes its DROP … WITH
 * (FORCE) fail (the test role may not end a superuser's process), and a test database lives seconds.
 */
const starters: Record<ServerEngine, () => Promise<TempDbServer>> = {
  postgres: () => startTempPostgres({ settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', autovacuum: 'off' } }),
  mysql: () => startTempMariadb({ settings: { 'innodb-flush-log-at-trx-commit': '0', 'innodb-doublewrite': '0', 'sync-binlog': '0' } }),
}

/** vitest's globalSetup: watches for the tests' requests and starts each server once. */
export default function setup(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'jobdesk-db-servers-'))
  project.provide('dbServersDir', dir)
  const started = new Map<ServerEngine, Promise<TempDbServer | null>>()
  const watch = setInterval(() => {
    for (const engine of Object.keys(starters) as ServerEngine[]) {
      if (started.has(engine) || !existsSync(join(dir, `want-${engine}`))) continue
      started.set(
        engine,
        starters[engine]().then(
          (server) => {
            writeState(dir, engine, { ok: true, url: server.url('DATABASE'), port: server.port, socket: server.socket, version: server.version })
            return server
          },
          (error: Error) => {
            writeState(dir, engine, { ok: false, reason: error.message })
            return null
          },
        ),
      )
    }
  }, 50)
  return async () => {
    clearInterval(watch)
    const servers = await Promise.all(started.values())
    await Promise.all(servers.filter((server) => server !== null).map((server) => server.stop()))
    rmSync(dir, { recursive: true, force: true })
  }
}

function writeState(dir: string, engine: ServerEngine, state: ServerState): void {
  const file = join(dir, `${engine}.json`)
  writeFileSync(`${file}.tmp`, JSON.stringify(state))
  renameSync(`${file}.tmp`, file)
}

const SERVER_START_TIMEOUT_MS = 180_000

/** The server of `engine` for this run, asked for (and waited for) the first time. */
async function serverOf(engine: ServerEngine): Promise<Extract<ServerState, { ok: true }>> {
  const dir = inject('dbServersDir')
  if (!dir) throw new Error('no database servers in this run: test/support/db-servers.ts must be a globalSetup in vitest.config.ts')
  const file = join(dir, `${engine}.json`)
  if (!existsSync(file)) writeFileSync(join(dir, `want-${engine}`), '')
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`the ${engine} test server did not start within ${SERVER_START_TIMEOUT_MS / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const state = JSON.parse(readFileSync(file, 'utf8')) as ServerState
  if (!state.ok) throw new Error(`the ${engine} test server could not start: ${state.reason}`)
  return state
}

export interface TestDatabase {
  engine: TestEngine
  /** What `openStore` takes: a SQLite file path, or a URL with the test login's password. */
  url: string
  /** The database's name (the file's folder for SQLite). */
  name: string
  /** The server's version ('' for SQLite). */
  serverVersion: string
  drop(): Promise<void>
}

/**
 * A fresh, empty database of `engine` for one test or suite (the caller drops it): a file in a
 * temp folder for SQLite, a CREATE DATABASE on the run's server otherwise.
 */
export async function withDatabase(engine: TestEngine): Promise<TestDatabase> {
  const name = `jd_${randomBytes(6).toString('hex')}`
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'jobdesk-store-'))
    return { engine, url: join(dir, 'jobdesk.db'), name: dir, serverVersion: '', drop: async () => rmSync(dir, { recursive: true, force: true }) }
  }
  const server = await serverOf(engine)
  const url = server.url.replace(/DATABASE$/, name)
  if (engine === 'postgres') {
    await onPostgres(server.url.replace(/DATABASE$/, 'postgres'), `CREATE DATABASE ${name}`)
    return {
      engine,
      url,
      name,
      serverVersion: server.version,
      drop: async () => void (await onPostgres(server.url.replace(/DATABASE$/, 'postgres'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
    }
  }
  await onMysql(server.url.replace(/DATABASE$/, 'mysql'), `CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`)
  return {
    engine,
    url,
    name,
    serverVersion: server.version,
    drop: async () => void (await onMysql(server.url.replace(/DATABASE$/, 'mysql'), `DROP DATABASE IF EXISTS ${name}`)),
  }
}

/** Runs one statement on the server as the test login (on a connection of its own). */
export async function onServer(database: TestDatabase, sql: string): Promise<unknown[]> {
  if (database.engine === 'postgres') return onPostgres(database.url, sql)
  if (database.engine === 'mysql') return onMysql(database.url, sql)
  throw new Error('onServer is for the server engines')
}

async function onPostgres(url: string, sql: string): Promise<unknown[]> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows
  } finally {
    await client.end()
  }
}

async function onMysql(url: string, sql: string): Promise<unknown[]> {
  const { default: mysql } = await import('mysql2/promise')
  const connection = await mysql.createConnection(url)
  try {
    const [rows] = await connection.query(sql)
    return Array.isArray(rows) ? rows : [rows]
  } finally {
    await connection.end()
  }
}
