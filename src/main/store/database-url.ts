import { DatabaseOpenError } from './database-open-error'

/** A database server named by a URL, with what the messages may show (never the password). */
export interface ServerTarget {
  engine: 'postgres' | 'mysql'
  /** The URL as given (with its password): only the driver sees it. */
  url: string
  /** Host name, or '' when a socket is named instead. */
  host: string
  port: number
  database: string
  user: string
  password: string
  /** Query parameters of the URL (driver options such as sslmode, socket). */
  params: URLSearchParams
  /** `postgres://user@host:5432/db`: where the data is, for messages and the console. */
  location: string
  /** What the operator reads: `the PostgreSQL database "db" on host:5432 as user`. */
  describe: string
}

export type DatabaseTarget = { engine: 'sqlite'; file: string } | ServerTarget

const SCHEMES: Record<string, ServerTarget['engine']> = {
  'postgres:': 'postgres',
  'postgresql:': 'postgres',
  'mysql:': 'mysql',
  'mariadb:': 'mysql',
}

const DEFAULT_PORT = { postgres: 5432, mysql: 3306 }
const ENGINE_NAME = { postgres: 'PostgreSQL', mysql: 'MySQL/MariaDB' }
/** Where a URL names a socket instead of a host: libpq's `host=/dir`, and `socket=/file` for MySQL. */
const SOCKET_PARAM = { postgres: 'host', mysql: 'socket' }

/**
 * What `--database` / JOBDESK_DATABASE_URL names: a `postgres://` / `postgresql://` URL, a
 * `mysql://` / `mariadb://` URL, or else a SQLite file path. A URL that cannot be used throws a
 * DatabaseOpenError that shows it without its password.
 */
export function parseDatabaseTarget(target: string): DatabaseTarget {
  const scheme = /^([a-z][a-z0-9+.-]*:)\/\//i.exec(target)?.[1].toLowerCase()
  if (scheme === undefined) return { engine: 'sqlite', file: target }
  const engine = SCHEMES[scheme]
  if (!engine)
    throw new DatabaseOpenError(
      `the database URL ${redact(target)} has an unknown scheme ${scheme}// (expected postgres://, postgresql://, mysql://, mariadb:// or a SQLite file path)`,
    )
  let url: URL
  try {
    url = new URL(target)
  } catch {
    throw new DatabaseOpenError(
      `the database URL ${redact(target)} is not a valid URL (expected e.g. ${scheme}//user:password@host:${DEFAULT_PORT[engine]}/jobdesk)`,
    )
  }
  const decode = (text: string, what: string) => {
    try {
      return decodeURIComponent(text)
    } catch {
      throw new DatabaseOpenError(`the database URL ${redact(target)} has a badly escaped ${what}`)
    }
  }
  const user = decode(url.username, 'user name')
  const password = decode(url.password, 'password')
  const host = decode(url.hostname.replace(/^\[(.*)\]$/, '$1'), 'host')
  const database = decode(url.pathname.replace(/^\//, ''), 'database name')
  const socket = url.searchParams.get(SOCKET_PARAM[engine])
  const shown = `${scheme}//${url.username ? `${url.username}@` : ''}${url.host}/${url.pathname.replace(/^\//, '')}`
  if (host === '' && !socket)
    throw new DatabaseOpenError(`the database URL ${shown} names no host (expected ${scheme}//user:password@host:${DEFAULT_PORT[engine]}/jobdesk)`)
  if (database === '' || database.includes('/'))
    throw new DatabaseOpenError(`the database URL ${shown} names no database (expected ${scheme}//user:password@host:${DEFAULT_PORT[engine]}/jobdesk)`)
  const port = url.port === '' ? DEFAULT_PORT[engine] : Number(url.port)
  // A socket, when named, is what the driver connects to (the URL's host only makes it parse).
  const on = socket ? `socket ${socket}` : `${host}:${port}`
  return {
    engine,
    url: target,
    host,
    port,
    database,
    user,
    password,
    params: url.searchParams,
    location: shown,
    describe: `the ${ENGINE_NAME[engine]} database "${database}" on ${on}${user ? ` as ${user}` : ''}`,
  }
}

/** A URL as messages may show it: `scheme://user:secret@host` → `scheme://user@host`, query dropped. */
export function redact(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^@/?#]*)@/i, (_, scheme: string, auth: string) => `${scheme}${auth.split(':')[0]}@`).replace(/[?#].*$/, '')
}

/** A driver's error for the operator: the target named, the password (should a driver echo it) masked. */
/**
 * What a server store's open does when any step failed: closes what it had opened (its event
 * channel, then its pools), and throws the failure as a DatabaseOpenError that names the server.
 */
export async function failOpen(
  target: ServerTarget,
  error: unknown,
  opened: { events: { close(): Promise<void> } | null; pools: readonly { end(): Promise<void> }[] },
): Promise<never> {
  await opened.events?.close()
  for (const pool of opened.pools) await pool.end().catch(() => undefined)
  if (error instanceof DatabaseOpenError) throw error
  throw connectError(target, error)
}

export function connectError(target: ServerTarget, error: unknown): DatabaseOpenError {
  let message = error instanceof Error ? error.message : String(error)
  if (error instanceof AggregateError && error.errors.length > 0)
    message = error.errors.map((e: unknown) => (e instanceof Error ? e.message : String(e))).join('; ')
  if (target.password.length > 0) message = message.split(target.password).join('***')
  return new DatabaseOpenError(`cannot use ${target.describe}: ${message || 'the connection failed'}`)
}
