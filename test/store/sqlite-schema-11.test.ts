import Database from 'better-sqlite3'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { migrate, openDatabase } from '../../src/main/store/open-database'
import { openSqliteStore } from '../../src/main/store/sqlite/open-sqlite-store'
import { AUTOINCREMENT_TABLES } from '../../src/main/store/sqlite/autoincrement-ids'
import { addGroup, addJob, T0 } from './conformance/store-fixture'
import { newRun } from '../support/new-run'
import { makeTempDir } from '../support/temp-dir'

/**
 * Schema 11 rebuilds SQLite's id tables with AUTOINCREMENT (src/main/store/sqlite/autoincrement-ids.ts):
 * a file that an older JobDesk left at version 10 must come out with every row, id, index and key
 * as it was, and never give a deleted id again — also not one that only old runs still name.
 */
let dir: ReturnType<typeof makeTempDir>
let file: string
beforeEach(() => {
  dir = makeTempDir('jobdesk-schema11-')
  file = join(dir.path, 'jobdesk.db')
})
afterEach(() => dir.remove())

const JOB_COLUMNS =
  'job_group, name, schedule_type, timezone, misfire_strategy, executor_route_strategy, executor_block_strategy, glue_type, add_time, update_time, child_jobid'
const job = (group: number, name: string, childJobIds = '') =>
  `(${group}, '${name}', 'NONE', 'UTC', 'DO_NOTHING', 'FIRST', 'SERIAL_EXECUTION', 'BEAN', ${T0}, ${T0}, '${childJobIds}')`

/** A version-10 file with rows in every id table, the newest group, job, run and user deleted (their traces kept). */
function plantVersion10(): void {
  const db = new Database(file)
  db.pragma('foreign_keys = ON')
  migrate(db, 10)
  expect(db.pragma('user_version', { simple: true })).toBe(10)
  db.exec(`
    INSERT INTO job_group (app_name, name, update_time, scripts_allowed) VALUES ('a', 'A', ${T0}, 1), ('b', 'B', ${T0}, 0), ('c', 'C', ${T0}, 0);
    INSERT INTO job_info (${JOB_COLUMNS}) VALUES ${job(1, 'one', '2')}, ${job(2, 'two')}, ${job(2, 'three')}, ${job(2, 'four')};
    INSERT INTO job_link (parent_job_id, child_job_id, link_condition) VALUES (1, 2, 'SUCCESS'), (2, 4, 'ALWAYS');
    INSERT INTO job_log (job_group, job_id, trigger_time, trigger_type, schedule_time, trigger_code, handle_code, parent_log_id, trigger_node)
      VALUES (1, 1, ${T0}, 'CRON', ${T0}, 200, 200, NULL, 'n1'), (2, 2, ${T0}, 'PARENT', NULL, 200, 0, 1, 'n1'),
             (3, 4, ${T0}, 'MANUAL', NULL, 500, 0, NULL, ''), (2, 4, ${T0}, 'MANUAL', NULL, 0, 0, NULL, '');
    INSERT INTO job_log_text (log_id, log_text, line_count, complete) VALUES (2, 'a' || char(10), 1, 0), (4, 'b' || char(10), 1, 1);
    INSERT INTO job_log_trail (log_id, trail) VALUES (4, '{}');
    INSERT INTO job_logglue (job_id, glue_type, glue_source, add_time, update_time) VALUES (1, 'GLUE_SHELL', 'echo 1', ${T0}, ${T0}), (4, 'GLUE_SHELL', 'echo 4', ${T0}, ${T0});
    INSERT INTO job_user (name, password_hash, role, group_ids, add_time, update_time) VALUES ('admin', 'h', 'admin', '', ${T0}, ${T0}), ('ops', 'h', 'operator', '1,3', ${T0}, ${T0});
    INSERT INTO job_session (id_hash, user_id, remote_address, created_at, last_seen_at, expires_at) VALUES ('s2', 2, '127.0.0.1', ${T0}, ${T0}, ${T0 + 1});
    INSERT INTO job_api_token (token_hash, name, user_id, owner, role, group_ids, created_at) VALUES ('t1', 'ci', 2, 'ops', 'operator', '1', ${T0});
    INSERT INTO job_audit (at_time, actor, actor_kind, source, action, outcome, group_id, target) VALUES (${T0}, 'admin', 'user', '127.0.0.1', 'job.save', 'ok', 2, 'job 4');
    -- The newest of each deleted, as users do: what still names them must not be inherited.
    DELETE FROM job_link WHERE child_job_id = 4;
    DELETE FROM job_info WHERE id = 4;
    DELETE FROM job_group WHERE id = 3;
    DELETE FROM job_log WHERE id = 4;
    DELETE FROM job_user WHERE id = 2;
  `)
  db.close()
}

interface SchemaEntry {
  type: string
  name: string
  tbl_name: string
  sql: string | null
}

function schemaOf(db: Database.Database): SchemaEntry[] {
  return db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name <> 'sqlite_sequence' ORDER BY type, name").all() as SchemaEntry[]
}

function rowsOf(db: Database.Database): Record<string, unknown[]> {
  const rows: Record<string, unknown[]> = {}
  for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
    name: string
  }[]) {
    rows[name] = db.prepare(`SELECT * FROM ${name} ORDER BY 1, 2`).all()
  }
  return rows
}

/** Version 10's definitions as version 11 must have them: AUTOINCREMENT on the id tables' ids, nothing else. */
function expectedAfter(before: SchemaEntry[]): SchemaEntry[] {
  const rebuilt = new Set<string>(AUTOINCREMENT_TABLES)
  return before.map((entry) =>
    entry.type === 'table' && rebuilt.has(entry.name)
      ? { ...entry, sql: entry.sql!.replace(/\bid(\s+)INTEGER PRIMARY KEY/, 'id$1INTEGER PRIMARY KEY AUTOINCREMENT') }
      : entry,
  )
}

/** SQLite writes a renamed table's name in quotes; the definition is the same. */
const unquoted = (entries: SchemaEntry[]) => entries.map((e) => ({ ...e, sql: e.sql?.replace(/^CREATE TABLE "(\w+)"/, 'CREATE TABLE $1') ?? null }))

describe('schema 11 on a SQLite file at version 10', () => {
  it('keeps every row and id, every column, default, index, partial index and unique key, and the foreign key', () => {
    plantVersion10()
    const old = new Database(file, { readonly: true })
    const [schemaBefore, rowsBefore] = [schemaOf(old), rowsOf(old)]
    old.close()

    // To version 11 exactly: later versions add columns (job_log.alarm_message) that are not schema 11's to keep.
    const db = new Database(file)
    db.pragma('foreign_keys = ON')
    migrate(db, 11)
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(11)
      const tablesBefore = new Set(schemaBefore.map((entry) => entry.tbl_name))
      const rowsAfter = rowsOf(db)
      expect(Object.fromEntries(Object.keys(rowsBefore).map((table) => [table, rowsAfter[table]]))).toEqual(rowsBefore)
      expect(unquoted(schemaOf(db).filter((entry) => tablesBefore.has(entry.tbl_name)))).toEqual(expectedAfter(schemaBefore))
      // The partial unique key still refuses a second run for one scheduled time.
      expect(() => db.exec(`INSERT INTO job_log (job_group, job_id, trigger_time, trigger_type, schedule_time) VALUES (1, 1, ${T0}, 'CRON', ${T0})`)).toThrow(
        /UNIQUE/,
      )
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
      expect(() => db.exec(`INSERT INTO job_info (${JOB_COLUMNS}) VALUES ${job(99, 'orphan')}`)).toThrow(/FOREIGN KEY/)
      expect(db.pragma('foreign_key_check')).toEqual([])
    } finally {
      db.close()
    }
  })

  it('starts each sequence above every id in use, also ids only runs, links, tokens or lists still name', async () => {
    plantVersion10()
    const store = openSqliteStore(file)
    try {
      // Job 4 and group 3 were deleted at version 10, but runs and an audit row still name them.
      const group = await addGroup(store, 'd')
      expect(group).toBe(4)
      const job = await addJob(store, 1, { name: 'five' })
      expect(job).toBe(5)
      expect(await store.runs.list({ jobId: job })).toEqual([])
      // Run 4 was deleted, yet its kept log text and trail are still there.
      const runId = (await store.runs.insert(newRun({ jobId: job, executorHandler: 'h' })))!
      expect(runId).toBe(5)
      // User 2 was deleted; its session and token still name it.
      expect(await store.users.insert({ name: 'next', passwordHash: 'h', role: 'viewer', groupIds: [], mustChangePassword: false }, T0)).toBe(3)

      // And from now on a deleted newest row's id stays deleted.
      expect(await store.jobs.delete(job)).toBe(true)
      expect(await addJob(store, 1, { name: 'six' })).toBe(6)
    } finally {
      await store.close()
    }
  })

  it('carries over a broken reference it found instead of refusing to start, and is applied once', () => {
    plantVersion10()
    const raw = new Database(file)
    raw.pragma('foreign_keys = OFF')
    // A job of a group that is gone, written with foreign keys off (as an older tool might have).
    raw.exec(`INSERT INTO job_info (${JOB_COLUMNS}) VALUES ${job(77, 'orphan')}`)
    raw.close()
    const db = openDatabase(file)
    try {
      expect(db.prepare("SELECT job_group FROM job_info WHERE name = 'orphan'").pluck().get()).toBe(77)
      expect(db.pragma('foreign_key_check')).toHaveLength(1)
      const schema = schemaOf(db)
      db.close()
      const again = openDatabase(file)
      expect(schemaOf(again)).toEqual(schema)
      again.close()
    } finally {
      if (db.open) db.close()
    }
  })
})
