/**
 * A data folder at the scale the console must stay quick at (100,000 jobs and 1,000,000 runs by
 * default), planted with plain SQL into the product's own schema before the server starts: the
 * console-at-scale test and benchmark B11 open it. Names, handlers and groups vary, so a search
 * has something to find and a sort something to order.
 */
import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { databaseFile } from '../../src/main/app/data-dir'
import { openDatabase } from '../../src/main/store/open-database'
import { EMBEDDED_APP_NAME } from '../../src/shared/model'

const DAY_MS = 86_400_000
const WORDS = ['billing', 'ledger', 'mail', 'report', 'sync', 'export', 'cleanup', 'index', 'backup', 'audit', 'invoice', 'payroll']
const GROUPS = ['orders', 'finance', 'crm', 'warehouse']

export interface ScaleDatabase {
  dir: string
  /** A name only one planted job has, for a search that must find it among all the others. */
  uniqueName: string
  remove(): void
}

/** Job i's name: two words and its number, e.g. `ledger-sync 4242`. */
export function scaleJobName(i: number): string {
  return `${WORDS[i % WORDS.length]}-${WORDS[Math.floor(i / WORDS.length) % WORDS.length]} ${i}`
}

/**
 * `runs` finished runs over the past week, spread over the first `jobCount` job ids from
 * `firstJobId`; one in fifty failed (so the dashboard's failures have rows), in one transaction.
 */
export function plantRuns(file: string, runs: number, jobCount: number, groupId: number, firstJobId: number): void {
  const db = new Database(file)
  const insert = db.prepare(
    `INSERT INTO job_log (job_group, job_id, executor_address, executor_handler, trigger_time, trigger_type, schedule_time,
       trigger_code, trigger_msg, handle_time, handle_code, handle_msg, alarm_status)
     VALUES (?, ?, 'embedded', 'noopJobHandler', ?, 'CRON', ?, 200, 'ok', ?, ?, ?, ?)`,
  )
  const startMs = Date.now() - 7 * DAY_MS
  const stepMs = (7 * DAY_MS) / runs
  db.transaction(() => {
    for (let k = 0; k < runs; k++) {
      const t = Math.floor(startMs + k * stepMs)
      const failed = k % 50 === 49
      insert.run(groupId, firstJobId + (k % jobCount), t + 3, t, t + 20, failed ? 500 : 200, failed ? 'exit 1' : 'ok', failed ? 1 : 0)
    }
  })()
  db.close()
}

/** A fresh, empty data folder with the product's schema: this build's migrations. */
function thisBuildsSchema(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jobdesk-scale-'))
  openDatabase(databaseFile(dir)).close()
  return dir
}

/**
 * A data folder with `jobs` jobs (a fifth running, hourly, none due within the hour) and `runs`
 * runs. `dir`: a folder whose database already has a schema (another build's, for a benchmark's
 * reference); default a fresh one with this build's.
 */
export function plantScaleDatabase(jobs = 100_000, runs = 1_000_000, dir = thisBuildsSchema()): ScaleDatabase {
  const file = databaseFile(dir)
  const nowMs = Date.now()
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  // The embedded group may be there already (a build that started on the folder once created it).
  db.prepare(
    `INSERT INTO job_group (app_name, name, address_type, address_list, access_token, auto_created, scripts_allowed, update_time)
     SELECT ?, 'Embedded executor', 0, '', '', 0, 0, ? WHERE NOT EXISTS (SELECT 1 FROM job_group WHERE app_name = ?)`,
  ).run(EMBEDDED_APP_NAME, nowMs, EMBEDDED_APP_NAME)
  const addGroup = db.prepare(
    `INSERT INTO job_group (app_name, name, address_type, address_list, access_token, auto_created, scripts_allowed, update_time)
     VALUES (?, ?, 0, '', '', 0, 0, ?)`,
  )
  const groupIds = [(db.prepare('SELECT id FROM job_group WHERE app_name = ?').get(EMBEDDED_APP_NAME) as { id: number }).id]
  for (const name of GROUPS) groupIds.push(Number(addGroup.run(`${name}-executor`, name, nowMs).lastInsertRowid))
  const insert = db.prepare(
    `INSERT INTO job_info (job_group, name, author, schedule_type, schedule_conf, timezone, misfire_strategy,
       executor_route_strategy, executor_handler, executor_param, executor_block_strategy, glue_type,
       glue_updatetime, trigger_status, trigger_next_time, add_time, update_time)
     VALUES (?, ?, 'scale', 'CRON', '0 0 * * * ?', 'UTC', 'DO_NOTHING', 'FIRST', ?, '', 'SERIAL_EXECUTION', 'BEAN', ?, ?, ?, ?, ?)`,
  )
  const nextHourMs = (Math.floor(nowMs / 3_600_000) + 1) * 3_600_000
  let firstJobId = 0
  db.transaction(() => {
    for (let i = 0; i < jobs; i++) {
      // Jobs of the embedded group run the no-op handler; the others belong to executors not running here, and are stopped.
      const embedded = i % 5 === 0
      const group = groupIds[i % groupIds.length]
      const handler = embedded ? 'noopJobHandler' : `${WORDS[i % WORDS.length]}Handler`
      const running = embedded ? 1 : 0
      const id = Number(
        insert.run(group, scaleJobName(i), handler, nowMs, running, running ? nextHourMs + 3_600_000 + (i % 3600) * 1000 : 0, nowMs, nowMs).lastInsertRowid,
      )
      if (i === 0) firstJobId = id
    }
  })()
  db.close()
  plantRuns(file, runs, jobs, groupIds[0], firstJobId)
  const unique = Math.floor(jobs * 0.77)
  return { dir, uniqueName: scaleJobName(unique), remove: () => rmSync(dir, { recursive: true, force: true }) }
}
