import { describe, expect, it } from 'vitest'
import { ensureEmbeddedGroup } from '../../../src/main/definitions/seed-demo'
import { storedJobOf } from '../../../src/main/store/job-repo'
import type { Store } from '../../../src/main/store/store'
import { MAINTENANCE_SETTING } from '../../../src/shared/calendar/maintenance'
import type { MisfireStrategy } from '../../../src/shared/model'
import { databaseNumber, databaseRows } from '../../support/database-rows'
import { ENGINES, type TestEngine } from '../../support/db-servers'
import { jobInput } from '../../support/job-input'
import { schedulingNode, type SchedulingNode } from '../../support/scheduling-node'
import { storesPerTest } from '../../support/stores-per-test'

const T0 = 1_767_225_600_000 // 2026-01-01T00:00:00Z, on a second
const JOBS = 40
const at = (seconds: number) => T0 + seconds * 1000

/** Every-second jobs, the even ones FIRE_ONCE_NOW and the odd ones DO_NOTHING; their ids by strategy. */
async function plantJobs(store: Store): Promise<Record<MisfireStrategy, number[]>> {
  const group = await ensureEmbeddedGroup(store.groups, T0)
  const ids: Record<MisfireStrategy, number[]> = { FIRE_ONCE_NOW: [], DO_NOTHING: [] }
  await store.transaction(async (tx) => {
    for (let i = 0; i < JOBS; i++) {
      const misfireStrategy: MisfireStrategy = i % 2 === 0 ? 'FIRE_ONCE_NOW' : 'DO_NOTHING'
      const id = await tx.jobs.insert(storedJobOf(jobInput(group, { name: `every second ${i}`, scheduleConf: '* * * * * ?', misfireStrategy }), T0))
      await tx.jobs.setTrigger(id, 1, 0, at(1), T0)
      ids[misfireStrategy].push(id)
    }
  })
  return ids
}

/** Both nodes' second (as parallel-scanning.test.ts runs them: at once on a server, in turns on SQLite's one file). */
async function eachSecond(nodes: SchedulingNode[], atMs: number, engine: TestEngine): Promise<void> {
  if (engine !== 'sqlite') return void (await Promise.all(nodes.map((node) => node.second(atMs))))
  for (const node of nodes) await node.second(atMs)
}

describe.each(ENGINES)('maintenance windows and pause-all on two nodes of one %s database', (engine) => {
  const db = storesPerTest(engine)

  it('hold on both nodes: no fire inside, then the misfire strategy once per job', async () => {
    const store = await db.open()
    const ids = await plantJobs(store)
    await store.windows.insert({
      id: 0,
      name: 'patch',
      timezone: 'UTC',
      timing: { kind: 'once', startMs: at(5), endMs: at(15) },
      scope: { all: true },
      killRunning: false,
      enabled: true,
      updatedAtMs: T0,
      updatedBy: 'test',
    })
    const nodes = [schedulingNode(store, 'node-a', T0), schedulingNode(await db.open(), 'node-b', T0)]
    for (const node of nodes) await node.join()

    for (let s = 0; s < 30; s++) await eachSecond(nodes, at(s), engine)
    // Pause-all from second 30 to second 45, switched by whoever: both nodes read it in their next scan.
    await store.settings.set(MAINTENANCE_SETTING, { on: true, reason: 'upgrade', by: 'ops', sinceMs: at(30) })
    for (let s = 30; s < 45; s++) await eachSecond(nodes, at(s), engine)
    await store.settings.set(MAINTENANCE_SETTING, { on: false, reason: '', by: 'ops', sinceMs: at(45) })
    for (let s = 45; s < 55; s++) await eachSecond(nodes, at(s), engine)

    const count = (where: string) => databaseNumber(db.database, `SELECT COUNT(*) FROM job_log WHERE ${where}`)
    // Nothing started inside the window or the pause, on either node.
    expect(await count(`trigger_time >= ${at(5)} AND trigger_time < ${at(15)}`)).toBe(0)
    expect(await count(`trigger_time >= ${at(30)} AND trigger_time < ${at(45)}`)).toBe(0)
    // Both nodes did work outside them.
    for (const node of nodes) expect(node.runsWritten()).toBeGreaterThan(0)

    // After each: FIRE_ONCE_NOW ran once per job (the window's at its close, for its last held slot), DO_NOTHING never.
    const misfires = await databaseRows<{ job_id: unknown; schedule_time: unknown; trigger_time: unknown }>(
      db.database,
      `SELECT job_id, schedule_time, trigger_time FROM job_log WHERE trigger_type = 'MISFIRE' ORDER BY job_id, schedule_time`,
    )
    const byJob = (from: number, to: number) =>
      misfires.filter((r) => Number(r.schedule_time) >= from && Number(r.schedule_time) < to).map((r) => [Number(r.job_id), Number(r.schedule_time)])
    expect(byJob(at(5), at(15))).toEqual(ids.FIRE_ONCE_NOW.map((id) => [id, at(14)]))
    expect(misfires.filter((r) => Number(r.schedule_time) < at(15)).every((r) => Number(r.trigger_time) === at(15))).toBe(true)
    expect(byJob(at(30), at(45)).map(([id]) => id)).toEqual(ids.FIRE_ONCE_NOW)
    expect(misfires.filter((r) => Number(r.schedule_time) >= at(30)).every((r) => Number(r.trigger_time) === at(45))).toBe(true)
    expect(misfires).toHaveLength(2 * ids.FIRE_ONCE_NOW.length)

    // No slot ran twice; every slot not fired is recorded once, with why.
    expect(await databaseNumber(db.database, `SELECT COUNT(*) FROM (SELECT job_id FROM job_log GROUP BY job_id, schedule_time HAVING COUNT(*) > 1) dup`)).toBe(
      0,
    )
    const reasons = await databaseRows<{ reason: string; n: unknown }>(
      db.database,
      'SELECT reason, COUNT(*) AS n FROM job_missed_slot GROUP BY reason ORDER BY reason',
    )
    const recorded = Object.fromEntries(reasons.map((r) => [r.reason, Number(r.n)]))
    expect(recorded.window).toBe(JOBS * 10)
    expect(recorded.paused).toBe(JOBS * 15)
  }, 300_000)
})
