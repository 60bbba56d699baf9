import type mysql from 'mysql2/promise'
import { ValidationError } from '../../shared/errors'
import { invalidField } from '../../shared/messages/coded-errors'
import { epochMsToWallTime } from './wall-time'
import { glueRowOf, groupRowOf, jobRowOf, logRowOf, type XxlSnapshot } from './xxl-rows'
import { detectXxlSchema, XXL_TABLES, type XxlColumns } from './xxl-schema'
import type { XxlSource } from './xxl-source-url'

/**
 * Reads an XXL-JOB database (MySQL or MariaDB) as it stands: one consistent, read-only snapshot of
 * its groups, jobs, GLUE history and (when asked) recent runs. Nothing is written there. This SQL is
 * XXL-JOB's schema, not JobDesk's store, so it lives with the importer.
 */

export interface XxlReadOptions {
  /** The zone XXL-JOB's DATETIME columns are wall times in. */
  timezone: string
  /** Read the runs triggered at or after this time; null reads none. */
  runsSinceMs: number | null
  /** Read at most this many runs (the newest). */
  runCap: number
}

const CONNECT_TIMEOUT_MS = 10_000

export async function readXxlDatabase(source: XxlSource, options: XxlReadOptions): Promise<XxlSnapshot> {
  let connection: mysql.Connection
  try {
    // Loaded on the first import, not at start-up: most installations never run one (docs/benchmarks.md#b9-cold-start).
    const { default: driver } = await import('mysql2/promise')
    connection = await driver.createConnection({
      host: source.host,
      port: source.port,
      socketPath: source.socketPath,
      user: source.user,
      password: source.password,
      database: source.database,
      // DATETIME as text: XXL-JOB's are wall times of its admin's zone, not of this machine's.
      dateStrings: true,
      supportBigNumbers: true,
      charset: 'utf8mb4',
      connectTimeout: CONNECT_TIMEOUT_MS,
    })
  } catch (error) {
    throw unreachable(source, error)
  }
  try {
    // One snapshot for every table: jobs and their history agree even while XXL-JOB keeps running.
    await connection.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY')
    const schema = detectXxlSchema(await readColumns(connection), source.database)
    const rows = async (sql: string, params: unknown[] = []) => (await connection.query(sql, params))[0] as Record<string, unknown>[]
    const groups = (await rows('SELECT * FROM xxl_job_group ORDER BY id')).map((raw) => groupRowOf(raw, schema))
    const jobs = (await rows('SELECT * FROM xxl_job_info ORDER BY id')).map((raw) => jobRowOf(raw, schema))
    const glue = schema.glueHistory
      ? (await rows('SELECT id, job_id, glue_type, glue_source, glue_remark, add_time FROM xxl_job_logglue ORDER BY job_id, id')).map((raw) =>
          glueRowOf(raw, options.timezone),
        )
      : []
    let runs: XxlSnapshot['runs'] = null
    let runsBeyondCap = 0
    if (options.runsSinceMs !== null && schema.runs) {
      const since = epochMsToWallTime(options.runsSinceMs, options.timezone)
      const [{ total }] = await rows('SELECT COUNT(*) AS total FROM xxl_job_log WHERE trigger_time >= ?', [since])
      runs = (await rows('SELECT * FROM xxl_job_log WHERE trigger_time >= ? ORDER BY id DESC LIMIT ?', [since, options.runCap])).map((raw) =>
        logRowOf(raw, options.timezone),
      )
      runsBeyondCap = Math.max(0, Number(total) - runs.length)
    } else if (options.runsSinceMs !== null) {
      runs = []
    }
    await connection.query('COMMIT')
    return { schema, groups, jobs, glue, runs, runsBeyondCap }
  } catch (error) {
    if (error instanceof ValidationError) throw error
    throw unreachable(source, error)
  } finally {
    await connection.end().catch(() => undefined)
  }
}

async function readColumns(connection: mysql.Connection): Promise<XxlColumns> {
  const [rows] = await connection.query(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (${XXL_TABLES.map(() => '?').join(', ')})`,
    [...XXL_TABLES],
  )
  const columns = new Map<string, Set<string>>()
  for (const { t, c } of rows as { t: string; c: string }[]) {
    const table = String(t).toLowerCase()
    if (!columns.has(table)) columns.set(table, new Set())
    columns.get(table)!.add(String(c).toLowerCase())
  }
  return columns
}

/** The driver's reason (a password in it masked, should a driver ever echo one), with the URL as messages may show it. */
function unreachable(source: XxlSource, error: unknown): ValidationError {
  const said = error instanceof Error ? error.message || (error as { code?: string }).code || error.name : String(error)
  const reason = source.password === '' ? said : said.split(source.password).join('***')
  return invalidField('url', 'xxl.unreachable', { url: source.location, reason })
}
