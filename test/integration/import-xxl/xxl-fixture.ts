import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import mysql from 'mysql2/promise'
import { withDatabase, type TestDatabase } from '../../support/db-servers'

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'xxl-job')

export type XxlFixture = 'xxl-job-2.4' | 'xxl-job-3.x'

/** A fresh MariaDB database on the run's test server, loaded with one of test/fixtures/xxl-job/. */
export async function xxlDatabase(fixture: XxlFixture): Promise<TestDatabase> {
  const db = await withDatabase('mysql')
  await runSql(db, readFileSync(join(FIXTURES, `${fixture}.sql`), 'utf8'))
  return db
}

/** Runs a script of statements on the database (the fixtures, and the tests' own changes to them). */
export async function runSql(db: TestDatabase, sql: string): Promise<void> {
  const connection = await mysql.createConnection({ uri: db.url, multipleStatements: true, charset: 'utf8mb4' })
  try {
    await connection.query(sql)
  } finally {
    await connection.end()
  }
}

/** 2026-11-20 12:00 in Asia/Shanghai, the zone the fixtures' times are in: "now" for every import test. */
export const FIXTURE_NOW_MS = Date.parse('2026-11-20T04:00:00Z')
export const FIXTURE_ZONE = 'Asia/Shanghai'

/** Epoch ms of a wall time in Asia/Shanghai (UTC+8, no DST). */
export const shanghai = (wallTime: string): number => Date.parse(`${wallTime.replace(' ', 'T')}+08:00`)

/** Rows of a query on the fixture's database, as mysql2 returns them (DATETIMEs as text). */
export async function queryRows(db: TestDatabase, sql: string): Promise<Record<string, unknown>[]> {
  const connection = await mysql.createConnection({ uri: db.url, charset: 'utf8mb4', dateStrings: true })
  try {
    return (await connection.query(sql))[0] as Record<string, unknown>[]
  } finally {
    await connection.end()
  }
}
