import { invalidField } from '../../shared/messages/coded-errors'
import { redactUrl } from '../../shared/redact-url'

/** The XXL-JOB database to read, as mysql2 takes it, and as messages may show it (no password). */
export interface XxlSource {
  host: string
  port: number
  user: string
  password: string
  database: string
  /** A Unix socket instead of host and port (`?socket=/run/mysqld/mysqld.sock`). */
  socketPath: string | undefined
  /** `mysql://user@host:3306/xxl_job`: the URL without its password, for every message. */
  location: string
}

const DEFAULT_PORT = 3306

/**
 * Reads `mysql://user:password@host:3306/xxl_job` (or `mariadb://`). A bad URL throws a
 * ValidationError on `url` that shows it without its password.
 */
export function parseXxlSource(text: string): XxlSource {
  const shown = redactUrl(text)
  if (!/^(mysql|mariadb):\/\//i.test(text.trim())) throw invalidField('url', 'xxl.urlNotMysql', { url: shown })
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw invalidField('url', 'xxl.urlInvalid', { url: shown })
  }
  const decode = (value: string, what: string) => {
    try {
      return decodeURIComponent(value)
    } catch {
      throw invalidField('url', 'xxl.urlEscape', { url: shown, part: what })
    }
  }
  const database = decode(url.pathname.replace(/^\//, ''), 'database name')
  if (database === '' || database.includes('/')) throw invalidField('url', 'xxl.urlNoDatabase', { url: shown })
  const socketPath = url.searchParams.get('socket') ?? undefined
  if (url.hostname === '' && socketPath === undefined) throw invalidField('url', 'xxl.urlNoHost', { url: shown })
  const port = url.port === '' ? DEFAULT_PORT : Number(url.port)
  const user = decode(url.username, 'user name')
  if (user === '') throw invalidField('url', 'xxl.urlNoUser', { url: shown })
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  return {
    host,
    port,
    user,
    password: decode(url.password, 'password'),
    database,
    socketPath,
    location: `mysql://${encodeURIComponent(user)}@${url.host || 'localhost'}/${encodeURIComponent(database)}${socketPath ? `?socket=${socketPath}` : ''}`,
  }
}
