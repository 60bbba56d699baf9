import { afterEach, describe, expect, it } from 'vitest'
import type { BackfillView } from '../../../src/shared/backfill'
import { callAdmin } from '../../support/admin-call'
import { TEST_HANDLERS_DIR } from '../../support/core-harness'
import { databaseRows } from '../../support/database-rows'
import { ENGINES, withDatabase, type TestDatabase } from '../../support/db-servers'
import { startHeadlessChild, type HeadlessChild } from '../../support/headless-child'
import { waitFor } from '../../support/wait-for'

const API_TOKEN = 'backfill-cluster-api-token-0123456789'
const HOUR = 3_600_000
const FROM = Date.parse('2026-06-01T00:00:00Z')
const SLOTS = 16

const call = <T>(node: HeadlessChild, method: string, body: unknown) => callAdmin<T>(node.origin, method, body, API_TOKEN)

/**
 * Two JobDesk servers on one database; the one running a backfill (the holder of the cluster's
 * periodic work) is killed with -9 midway. The other goes on from the rows and finishes it, and no
 * slot runs twice: one job_log row per (backfill, slot).
 */
describe.each(ENGINES)('a backfill when the node running it dies, on %s', (engine) => {
  let database: TestDatabase
  const nodes: HeadlessChild[] = []
  afterEach(async () => {
    await Promise.allSettled(nodes.splice(0).map((node) => node.dispose()))
    await database?.drop()
  })

  const startNode = async (name: string) => {
    const node = await startHeadlessChild({
      extraArgs: ['--database', database.url, '--node-name', name, '--api-token', API_TOKEN, '--handlers', TEST_HANDLERS_DIR],
    })
    nodes.push(node)
    return node
  }

  it('the other node finishes it from the rows, every slot once', async () => {
    database = await withDatabase(engine)
    const a = await startNode('node-a')
    const b = await startNode('node-b')
    const byName = { 'node-a': a, 'node-b': b }
    await waitFor('both nodes in the cluster', async () => (await databaseRows(database, 'SELECT node_id FROM job_node')).length === 2)
    const groups = await call<{ id: number; appName: string }[]>(a, 'listGroups', {})
    const embedded = groups.find((g) => g.appName === 'jobdesk-embedded')!.id
    // A run lost with its node's embedded executor is retried on a live one.
    const jobId = await call<number>(a, 'addJob', {
      jobGroup: embedded,
      name: 'hourly',
      scheduleType: 'CRON',
      scheduleConf: '0 0 * * * ?',
      timezone: 'UTC',
      executorHandler: 'slowEchoJobHandler',
      executorParam: '400|${schedule.time}',
      executorFailRetryCount: 3,
    })
    const started = await call<{ backfillId: number; slots: number[] }>(b, 'startBackfill', { jobId, from: FROM, to: FROM + SLOTS * HOUR, concurrency: 2 })
    expect(started.slots).toHaveLength(SLOTS)
    const view = (node: HeadlessChild) => call<BackfillView>(node, 'getBackfill', { id: started.backfillId })
    // Progress is read from the rows: the OpenAPI's budget (100 calls per 30 s) is not for polling.
    const slotsIn = async (state: string) =>
      Number(
        (
          await databaseRows<{ n: unknown }>(
            database,
            `SELECT COUNT(*) AS n FROM job_backfill_slot WHERE backfill_id = ${started.backfillId} AND state = '${state}'`,
          )
        )[0].n,
      )
    await waitFor('four slots done', async () => (await slotsIn('done')) >= 4, 60_000)

    // The node that steps backfills is the one holding the periodic work.
    const [holder] = await databaseRows<{ node_name: string }>(
      database,
      "SELECT n.node_name FROM job_lease l JOIN job_node n ON n.node_id = l.node_id WHERE l.name = 'periodic-work'",
    )
    const doomed = byName[holder.node_name as keyof typeof byName]
    const survivor = doomed === a ? b : a
    const midway = await view(survivor)
    expect(midway.state).toBe('running')
    expect(midway.pending).toBeGreaterThan(0)
    const killedAtMs = Date.now()
    await doomed.kill()
    expect((await doomed.exited).signal).toBe('SIGKILL')

    await waitFor(
      'the survivor to finish the backfill',
      async () => (await databaseRows<{ state: string }>(database, `SELECT state FROM job_backfill WHERE id = ${started.backfillId}`))[0].state === 'done',
      120_000,
    )
    expect(await view(survivor)).toMatchObject({ total: SLOTS, done: SLOTS, failed: 0, running: 0, pending: 0 })
    const perSlot = await databaseRows<{ schedule_time: unknown; n: unknown }>(
      database,
      `SELECT schedule_time, COUNT(*) AS n FROM job_log WHERE backfill_id = ${started.backfillId} GROUP BY schedule_time ORDER BY schedule_time`,
    )
    expect(perSlot.map((r) => [Number(r.schedule_time), Number(r.n)])).toEqual(started.slots.map((slot) => [slot, 1]))
    // The survivor started slots after the death: some slot's run was written by it.
    const [{ n: afterDeath }] = await databaseRows<{ n: unknown }>(
      database,
      `SELECT COUNT(*) AS n FROM job_log WHERE backfill_id = ${started.backfillId} AND trigger_time > ${killedAtMs}`,
    )
    expect(Number(afterDeath)).toBeGreaterThan(0)
  }, 300_000)
})
