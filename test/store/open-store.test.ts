import { describe, expect, it } from 'vitest'
import { DatabaseOpenError } from '../../src/main/store/database-open-error'
import { parseDatabaseTarget, redact } from '../../src/main/store/database-url'
import { openStore } from '../../src/main/store/open-store'
import { withDatabase } from '../support/db-servers'
import { freePort } from '../support/free-port'

const SECRET = 's3cr3t-Pa55'

/** The error openStore(target) rejects with; fails the test when it opens. */
async function openError(target: string): Promise<DatabaseOpenError> {
  const error: unknown = await openStore(target).then(
    async (store) => {
      await store.close()
      throw new Error(`${target} opened`)
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DatabaseOpenError)
  return error as DatabaseOpenError
}

describe('openStore: which engine a target names', () => {
  it('takes postgres://, postgresql://, mysql:// and mariadb:// URLs for servers and anything else for a SQLite file', () => {
    expect(parseDatabaseTarget('/var/lib/jobdesk/jobdesk.db')).toEqual({ engine: 'sqlite', file: '/var/lib/jobdesk/jobdesk.db' })
    expect(parseDatabaseTarget('C:\\data\\jobdesk.db')).toEqual({ engine: 'sqlite', file: 'C:\\data\\jobdesk.db' })
    expect(parseDatabaseTarget(`postgresql://ops:${SECRET}@db.lan/jobs`)).toMatchObject({
      engine: 'postgres',
      host: 'db.lan',
      port: 5432,
      database: 'jobs',
      user: 'ops',
      password: SECRET,
      location: 'postgresql://ops@db.lan/jobs',
    })
    expect(parseDatabaseTarget('POSTGRES://db.lan:6543/jobs')).toMatchObject({ engine: 'postgres', port: 6543 })
    expect(parseDatabaseTarget('mariadb://ops:p%40ss@[::1]:3307/jobs')).toMatchObject({ engine: 'mysql', host: '::1', port: 3307, password: 'p@ss' })
    expect(parseDatabaseTarget('mysql://ops@localhost/jobs?socket=/run/mysqld/mysqld.sock')).toMatchObject({
      engine: 'mysql',
      describe: 'the MySQL/MariaDB database "jobs" on socket /run/mysqld/mysqld.sock as ops',
    })
  })

  it('says what is wrong with a URL it cannot use, never showing its password', async () => {
    const cases: [string, RegExp][] = [
      [
        `redis://ops:${SECRET}@127.0.0.1/0`,
        /unknown scheme redis:\/\/ \(expected postgres:\/\/, postgresql:\/\/, mysql:\/\/, mariadb:\/\/ or a SQLite file path\)/,
      ],
      [`postgres://ops:${SECRET}@127.0.0.1:99999/jobs`, /is not a valid URL/],
      [`postgres://ops:${SECRET}@127.0.0.1:5432/`, /names no database/],
      [`mysql:///jobs`, /names no host/],
      [`mysql://ops:%E0%A4%A@127.0.0.1/jobs`, /badly escaped password/],
    ]
    for (const [url, reason] of cases) {
      const error = await openError(url)
      expect(error.message).toMatch(reason)
      expect(error.message).not.toContain(SECRET)
      expect(error.message).not.toContain('%E0%A4%A')
    }
    expect(redact(`mysql://ops:${SECRET}@h/db?password=${SECRET}`)).toBe('mysql://ops@h/db')
  })

  it('names the database and the failure when nothing listens there', async () => {
    const port = await freePort()
    const pgError = await openError(`postgres://ops:${SECRET}@127.0.0.1:${port}/jobs`)
    expect(pgError.message).toMatch(new RegExp(`^cannot use the PostgreSQL database "jobs" on 127\\.0\\.0\\.1:${port} as ops: .*ECONNREFUSED`))
    const myError = await openError(`mysql://ops:${SECRET}@127.0.0.1:${port}/jobs`)
    expect(myError.message).toMatch(new RegExp(`^cannot use the MySQL/MariaDB database "jobs" on 127\\.0\\.0\\.1:${port} as ops: .*ECONNREFUSED`))
    for (const error of [pgError, myError]) expect(error.message).not.toContain(SECRET)
  })

  for (const engine of ['postgres', 'mysql'] as const) {
    it(`names the database when ${engine} refuses the login or does not have it, never showing the password`, async () => {
      const database = await withDatabase(engine)
      try {
        const url = new URL(database.url)
        url.password = SECRET
        const refused = await openError(url.toString())
        expect(refused.message).toContain(`database "${database.name}" on 127.0.0.1:${url.port} as ${url.username}`)
        expect(refused.message).toMatch(/password/i)
        expect(refused.message).not.toContain(SECRET)
        const missing = new URL(database.url)
        missing.pathname = '/no_such_db'
        const absent = await openError(missing.toString())
        expect(absent.message).toContain('database "no_such_db"')
        expect(absent.message).toMatch(/no_such_db/)
        expect(absent.message).not.toContain(new URL(database.url).password)
      } finally {
        await database.drop()
      }
    })
  }
})
