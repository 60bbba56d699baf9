import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { coded } from '../../../src/shared/messages'
import { TRIGGER_TRAIL_VERSION, type TriggerTrail } from '../../../src/shared/trigger-trail'
import { formatTriggerTrail } from '../../../src/shared/trigger-trail-text'
import { MIGRATIONS } from '../../../src/main/store/migrations'
import { migrate } from '../../../src/main/store/open-database'
import { newRun } from '../../support/new-run'
import { openSqliteStore } from '../../../src/main/store/sqlite/open-sqlite-store'
import { sqliteDb } from '../../support/sqlite-db'
import { makeTempDir } from '../../support/temp-dir'

let dir: ReturnType<typeof makeTempDir>
beforeEach(() => (dir = makeTempDir()))
afterEach(() => dir.remove())

const TRAIL_MIGRATION = MIGRATIONS.find((m) => m.sqlite.sql.includes('ADD COLUMN trigger_trail'))!
const TRAIL_TABLE_MIGRATION = MIGRATIONS.find((m) => m.sqlite.sql.includes('CREATE TABLE job_log_trail'))!

/** A file with the schema an older JobDesk left: the migrations up to `version` only. */
function databaseAt(file: string, version: number): Database.Database {
  const db = new Database(file)
  migrate(db, version)
  return db
}

const run = newRun({ triggerTimeMs: 1_700_000_000_000 })

const trail: TriggerTrail = {
  version: TRIGGER_TRAIL_VERSION,
  triggerType: 'MANUAL',
  group: { id: 1, appName: 'jobdesk-embedded', registration: 'auto' },
  route: {
    strategy: 'FIRST',
    candidates: ['http://127.0.0.1:9001/'],
    leftOut: [],
    probes: [],
    chosen: 'http://127.0.0.1:9001/',
    reason: coded('routeReason.first', { count: 1 }),
    shard: null,
  },
  block: { strategy: 'SERIAL_EXECUTION', timeoutSec: 0, retriesLeft: 0 },
  result: coded('triggerResult.accepted', { ms: '1.2' }),
}

describe('job_log.trigger_trail', () => {
  it('is added to a database of the schema before it; older runs read without a trail, newer ones with theirs', async () => {
    const file = `${dir.path}/jobdesk.db`
    // A database as the previous JobDesk left it: no trail column, a run with its text only.
    const before = databaseAt(file, TRAIL_MIGRATION.version - 1)
    const oldId = Number(
      before
        .prepare(
          "INSERT INTO job_log (job_group, job_id, trigger_time, trigger_type, trigger_code, trigger_msg) VALUES (1, 1, ?, 'MANUAL', 200, 'Trigger type: Manual trigger')",
        )
        .run(run.triggerTimeMs - 1).lastInsertRowid,
    )
    before.close()

    const store = openSqliteStore(file)
    try {
      expect(await store.runs.get(oldId)).toMatchObject({ triggerMsg: 'Trigger type: Manual trigger', triggerTrail: null })

      const id = (await store.runs.insert({ ...run, triggerTimeMs: run.triggerTimeMs + 1 }))!
      await store.runs.recordOutcomes([
        { logId: id, executorAddress: 'http://127.0.0.1:9001/', triggerCode: 200, triggerMsg: 'not stored', triggerTrail: trail },
      ])
      // With a trail, trigger_msg is not stored twice: the text is the trail's, derived when read.
      expect(await store.runs.get(id)).toMatchObject({ triggerMsg: formatTriggerTrail(trail), triggerTrail: trail })
      expect(sqliteDb(store).prepare('SELECT trigger_msg FROM job_log WHERE id = ?').get(id)).toEqual({ trigger_msg: '' })
      expect(formatTriggerTrail(trail)).toContain('Route strategy: FIRST')

      // The fast path that records the outcome and the completion at once keeps it too.
      const fast = (await store.runs.insert({ ...run, triggerTimeMs: run.triggerTimeMs + 2 }))!
      await store.runs.recordOutcomeAndComplete(
        { logId: fast, executorAddress: 'http://127.0.0.1:9001/', triggerCode: 200, triggerMsg: 'text', triggerTrail: trail },
        { logId: fast, handleCode: 200, handleMsg: '', handleTimeMs: 1 },
      )
      expect(await store.runs.get(fast)).toMatchObject({ triggerMsg: formatTriggerTrail(trail), triggerTrail: trail })
    } finally {
      await store.close()
    }
  })

  it('moves trails kept in job_log (before migration 9) to job_log_trail, and deletes them with their runs', async () => {
    const file = `${dir.path}/jobdesk.db`
    const before = databaseAt(file, TRAIL_TABLE_MIGRATION.version - 1)
    const id = Number(
      before
        .prepare(
          "INSERT INTO job_log (job_group, job_id, trigger_time, trigger_type, trigger_code, trigger_msg, trigger_trail) VALUES (1, 1, ?, 'CRON', 200, 'old text', ?)",
        )
        .run(run.triggerTimeMs, JSON.stringify(trail)).lastInsertRowid,
    )
    before.close()

    const store = openSqliteStore(file)
    try {
      expect(await store.runs.get(id)).toMatchObject({ triggerMsg: 'old text', triggerTrail: trail })
      expect(sqliteDb(store).prepare('SELECT trigger_trail FROM job_log WHERE id = ?').get(id)).toEqual({ trigger_trail: null })
      await store.runs.deleteByIds([id])
      expect(sqliteDb(store).prepare('SELECT COUNT(*) AS n FROM job_log_trail').get()).toEqual({ n: 0 })
    } finally {
      await store.close()
    }
  })

  it('reads a trail it cannot use (not JSON, another version) as none, so the text shows', async () => {
    const store = openSqliteStore(`${dir.path}/jobdesk.db`)
    try {
      const id = (await store.runs.insert(run))!
      await store.runs.recordOutcomes([{ logId: id, executorAddress: '', triggerCode: 500, triggerMsg: 'text' }])
      expect((await store.runs.get(id))?.triggerTrail).toBeNull()
      for (const stored of ['{not json', JSON.stringify({ ...trail, version: 99 })]) {
        sqliteDb(store).prepare('INSERT OR REPLACE INTO job_log_trail (log_id, trail) VALUES (?, ?)').run(id, stored)
        expect((await store.runs.get(id))?.triggerTrail).toBeNull()
      }
    } finally {
      await store.close()
    }
  })
})
