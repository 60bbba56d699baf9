import { afterEach, describe, expect, it } from 'vitest'
import { ensureEmbeddedGroup } from '../../../src/main/definitions/seed-demo'
import { storedJobOf } from '../../../src/main/store/job-repo'
import { openStore } from '../../../src/main/store/open-store'
import type { Store } from '../../../src/main/store/store'
import type { MisfireStrategy } from '../../../src/shared/model'
import { startTsProcess } from '../../support/child-process'
import { CuttableProxy } from '../../support/cuttable-proxy'
import { databaseNumber, databaseRows } from '../../support/database-rows'
import { ENGINES, withDatabase, type TestDatabase } from '../../support/db-servers'
import { fencingNode, type FencingNode } from '../../support/fencing-node'
import { jobInput } from '../../support/job-input'

const T0 = 1_767_225_600_000 // 2026-01-01T00:00:00Z, on a second

/** Plants `count` running every-second cron jobs with `strategy`, first due at `nextMs`; resolves with their ids. */
async function everySecondJobs(store: Store, count: number, strategy: MisfireStrategy, nextMs: number): Promise<number[]> {
  const group = await ensureEmbeddedGroup(store.groups, T0)
  return store.transaction(async (tx) => {
    const ids: number[] = []
    for (let i = 0; i < count; i++) {
      const id = await tx.jobs.insert(storedJobOf(jobInput(group, { name: `${strategy} ${i}`, scheduleConf: '* * * * * ?', misfireStrategy: strategy }), T0))
      await tx.jobs.setTrigger(id, 1, 0, nextMs, T0)
      ids.push(id)
    }
    return ids
  })
}

/** Run ids that some pool sent to an executor more than once (over every node). */
function triggeredTwice(nodes: FencingNode[]): number[] {
  const seen = new Map<number, number>()
  for (const node of nodes) for (const run of node.triggered) seen.set(run.logId, (seen.get(run.logId) ?? 0) + 1)
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id)
}

describe.each(ENGINES.filter((engine) => engine !== 'sqlite'))('fencing on %s', (engine) => {
  let database: TestDatabase
  let proxy: CuttableProxy | null = null
  const stores: Store[] = []
  afterEach(async () => {
    await Promise.allSettled(stores.splice(0).map((store) => store.close()))
    await proxy?.close()
    proxy = null
    await database?.drop()
  })

  it('the database down 30 s under 2 nodes: each FIRE_ONCE_NOW job fires once for the outage, DO_NOTHING none, and no fire twice', async () => {
    database = await withDatabase(engine)
    const direct = await openStore(database.url)
    stores.push(direct)
    const fireOnce = await everySecondJobs(direct, 250, 'FIRE_ONCE_NOW', T0 + 1000)
    const doNothing = await everySecondJobs(direct, 250, 'DO_NOTHING', T0 + 1000)
    // The nodes reach the database through a relay the test cuts: down for them, up for the test.
    proxy = await CuttableProxy.start(Number(new URL(database.url).port))
    const nodes: FencingNode[] = []
    for (const name of ['node-a', 'node-b']) {
      const store = await openStore(proxy.via(database.url))
      stores.push(store)
      nodes.push(fencingNode(store, name, T0))
    }
    for (const node of nodes) await node.join()
    const seconds = async (from: number, to: number) => {
      for (let s = from; s <= to; s++) await Promise.all(nodes.map((node) => node.second(T0 + s * 1000)))
    }

    await seconds(1, 10)
    proxy.cut()
    await seconds(11, 40)
    proxy.restore()
    await seconds(41, 55)

    const misfires = await databaseRows<{ job_id: unknown; n: unknown }>(
      database,
      "SELECT job_id, COUNT(*) AS n FROM job_log WHERE trigger_type = 'MISFIRE' GROUP BY job_id",
    )
    const byJob = new Map(misfires.map((row) => [Number(row.job_id), Number(row.n)]))
    expect(
      fireOnce.filter((id) => byJob.get(id) !== 1),
      'FIRE_ONCE_NOW jobs without exactly one misfire run',
    ).toEqual([])
    expect(
      doNothing.filter((id) => byJob.has(id)),
      'DO_NOTHING jobs with a misfire run',
    ).toEqual([])
    expect(
      await databaseNumber(
        database,
        'SELECT COUNT(*) FROM (SELECT job_id FROM job_log GROUP BY job_id, schedule_time, executor_sharding_param HAVING COUNT(*) > 1) twice',
      ),
    ).toBe(0)
    expect(triggeredTwice(nodes), 'runs sent to an executor twice').toEqual([])
    // Scheduling goes on after the outage: the last seconds fired every job once each.
    const last = await databaseRows<{ n: unknown }>(
      database,
      `SELECT COUNT(*) AS n FROM job_log WHERE trigger_type = 'CRON' AND schedule_time BETWEEN ${T0 + 50_000} AND ${T0 + 54_000}`,
    )
    expect(Number(last[0].n)).toBe(500 * 5)
  }, 600_000)
})

describe.each(ENGINES)('a working node killed with -9 on %s', (engine) => {
  let database: TestDatabase
  const stores: Store[] = []
  afterEach(async () => {
    await Promise.allSettled(stores.splice(0).map((store) => store.close()))
    await database?.drop()
  })

  it('every fire of the kill second runs once, on the survivor, and the fires it planned after it too', async () => {
    database = await withDatabase(engine)
    const store = await openStore(database.url)
    stores.push(store)
    const jobs = await everySecondJobs(store, 200, 'DO_NOTHING', T0 + 1000)
    const survivor = fencingNode(store, 'survivor', T0)
    await survivor.join()
    const doomed = startTsProcess('test/support/node-scan-then-die.ts', [database.url, 'doomed', String(T0 + 500), 'write-ahead'])
    await doomed.waitForLine(/planned \d+/)
    expect(await doomed.exited).toBe('SIGKILL')
    // The dead node wrote the kill second's runs (T0+1 s) and planned the four after it.
    expect(
      await databaseNumber(database, `SELECT COUNT(*) FROM job_log WHERE trigger_code = 0 AND trigger_node = 'doomed' AND schedule_time = ${T0 + 1000}`),
    ).toBe(200)
    expect(await databaseNumber(database, `SELECT COUNT(*) FROM job_ring WHERE node_id = 'doomed'`)).toBe(200 * 4)

    for (let s = 1; s <= 9; s++) await survivor.second(T0 + s * 1000)

    // Each fire of T0+1 s … T0+5 s has one run, sent to an executor once, by the survivor.
    const runs = await databaseRows<{ id: unknown; schedule_time: unknown; trigger_code: unknown }>(
      database,
      `SELECT id, schedule_time, trigger_code FROM job_log WHERE schedule_time <= ${T0 + 5000} ORDER BY id`,
    )
    const perSecond = new Map<number, number>()
    for (const run of runs) perSecond.set(Number(run.schedule_time) - T0, (perSecond.get(Number(run.schedule_time) - T0) ?? 0) + 1)
    expect([...perSecond].sort(([a], [b]) => a - b)).toEqual([1000, 2000, 3000, 4000, 5000].map((at) => [at, jobs.length]))
    expect(
      runs.filter((run) => Number(run.trigger_code) !== 200),
      'runs never triggered',
    ).toEqual([])
    const sent = new Map(survivor.triggered.map((run) => [run.logId, run]))
    expect(
      runs.filter((run) => !sent.has(Number(run.id))),
      'runs the survivor did not trigger',
    ).toEqual([])
    expect(triggeredTwice([survivor])).toEqual([])
    expect(await databaseNumber(database, `SELECT COUNT(*) FROM job_node WHERE node_id = 'doomed'`)).toBe(0)
    expect(await databaseNumber(database, `SELECT COUNT(*) FROM job_log WHERE trigger_node = 'doomed'`)).toBe(0)
  }, 300_000)
})

describe.each(ENGINES)('a node whose renewal is late on %s', (engine) => {
  let database: TestDatabase
  const stores: Store[] = []
  afterEach(async () => {
    await Promise.allSettled(stores.splice(0).map((store) => store.close()))
    await database?.drop()
  })

  it('holds its triggers while its lease lapses and sends them once renewed; one held past the misfire threshold becomes a missed fire', async () => {
    database = await withDatabase(engine)
    const store = await openStore(database.url)
    stores.push(store)
    const jobs = await everySecondJobs(store, 20, 'FIRE_ONCE_NOW', T0 + 1000)
    const node = fencingNode(store, 'late', T0)
    await node.join()
    for (let s = 1; s <= 3; s++) await node.second(T0 + s * 1000)
    // A short lapse: no renewal at 4, 5 and 6 s (the node may act until 5.5 s), renewed at 7 s.
    for (let s = 4; s <= 6; s++) await node.second(T0 + s * 1000, { beat: false })
    await node.second(T0 + 7000)
    const shortLapse = await databaseRows<{ n: unknown; late: unknown }>(
      database,
      `SELECT COUNT(*) AS n, MAX(trigger_time - schedule_time) AS late FROM job_log WHERE trigger_type = 'CRON' AND schedule_time BETWEEN ${T0 + 1000} AND ${T0 + 7000}`,
    )
    // Every second of every job once, the held ones at most a second late.
    expect(Number(shortLapse[0].n)).toBe(jobs.length * 7)
    expect(Number(shortLapse[0].late)).toBeLessThanOrEqual(1000)

    // A long lapse: no renewal from 8 s to 16 s; renewed at 17 s.
    for (let s = 8; s <= 16; s++) await node.second(T0 + s * 1000, { beat: false })
    for (let s = 17; s <= 22; s++) await node.second(T0 + s * 1000)
    expect(await databaseNumber(database, 'SELECT COUNT(*) FROM (SELECT job_id FROM job_log GROUP BY job_id, schedule_time HAVING COUNT(*) > 1) twice')).toBe(0)
    expect(triggeredTwice([node])).toEqual([])
    // What was held more than 5 s is decided as one misfire per job, not sent late one by one.
    const misfires = await databaseRows<{ job_id: unknown; n: unknown }>(
      database,
      "SELECT job_id, COUNT(*) AS n FROM job_log WHERE trigger_type = 'MISFIRE' GROUP BY job_id",
    )
    expect(misfires.map((row) => Number(row.n))).toEqual(jobs.map(() => 1))
    expect(await databaseNumber(database, `SELECT COUNT(*) FROM job_log WHERE trigger_type = 'CRON' AND trigger_time - schedule_time > 5000`)).toBe(0)
    // And the schedule goes on.
    expect(
      await databaseNumber(database, `SELECT COUNT(*) FROM job_log WHERE trigger_type = 'CRON' AND schedule_time BETWEEN ${T0 + 19_000} AND ${T0 + 22_000}`),
    ).toBe(jobs.length * 4)
  }, 300_000)
})
