import { afterEach, expect, it } from 'vitest'
import { callAdmin } from '../../support/admin-call'
import { TEST_HANDLERS_DIR } from '../../support/core-harness'
import { databaseRows } from '../../support/database-rows'
import { withDatabase, type TestDatabase } from '../../support/db-servers'
import { startHeadlessChild, type HeadlessChild } from '../../support/headless-child'
import { waitFor } from '../../support/wait-for'

const API_TOKEN = 'pool-cluster-api-token-0123456789'

const call = <T>(node: HeadlessChild, method: string, body: unknown) => callAdmin<T>(node.origin, method, body, API_TOKEN)

/**
 * Two JobDesk servers on one PostgreSQL database share a pool of 2 slots. Node A's embedded
 * executor runs two long runs that hold both; a third run, triggered on B, waits in the queue. A is
 * killed with -9: the take-over ends A's runs (its embedded executor will never call back), their
 * slots come back, and the queued run starts on B and finishes. No slot is left held.
 */
let database: TestDatabase | undefined
const nodes: HeadlessChild[] = []
afterEach(async () => {
  await Promise.allSettled(nodes.splice(0).map((node) => node.dispose()))
  await database?.drop()
  database = undefined
})

const held = async (db: TestDatabase) =>
  Number((await databaseRows<{ n: unknown }>(db, "SELECT COALESCE(SUM(slots), 0) AS n FROM job_pool_slot WHERE state = 'held' AND pool = 'oracle'"))[0].n)

it('gives back the slots of a node killed with -9 at the take-over, and the queued run starts on the survivor', async () => {
  const db = (database = await withDatabase('postgres'))
  const startNode = async (name: string) => {
    const node = await startHeadlessChild({
      extraArgs: ['--database', db.url, '--node-name', name, '--api-token', API_TOKEN, '--handlers', TEST_HANDLERS_DIR],
    })
    nodes.push(node)
    return node
  }
  const a = await startNode('node-a')
  const b = await startNode('node-b')
  await waitFor('both nodes in the cluster', async () => (await databaseRows(db, 'SELECT node_id FROM job_node')).length === 2)
  const embedded = (await call<{ id: number; appName: string }[]>(a, 'listGroups', {})).find((g) => g.appName === 'jobdesk-embedded')!.id
  await call(a, 'addPool', { name: 'oracle', slots: 2 })
  const job = (name: string, param: string) =>
    call<number>(a, 'addJob', {
      jobGroup: embedded,
      name,
      scheduleType: 'NONE',
      executorHandler: 'slowEchoJobHandler',
      executorParam: param,
      pools: [{ name: 'oracle' }],
    })
  const long = await job('long', '600000|never ends')
  const short = await job('short', '100|done')
  // FIRST routing takes the triggering node's own embedded executor: both long runs go to A's.
  const [held1] = await call<number[]>(a, 'triggerJob', { id: long })
  const [held2] = await call<number[]>(a, 'triggerJob', { id: long })
  await waitFor(
    'both long runs running',
    async () => (await databaseRows(db, `SELECT id FROM job_log WHERE job_id = ${long} AND trigger_code = 200`)).length === 2,
  )
  expect(await held(db)).toBe(2)
  const [waiting] = await call<number[]>(b, 'triggerJob', { id: short })
  const [queued] = await databaseRows<{ queue_time: unknown }>(db, `SELECT queue_time FROM job_log WHERE id = ${waiting}`)
  expect(Number(queued.queue_time)).toBeGreaterThan(0)

  await a.kill()
  expect((await a.exited).signal).toBe('SIGKILL')
  await waitFor(
    'the queued run done on the survivor',
    async () => (await databaseRows<{ handle_code: unknown }>(db, `SELECT handle_code FROM job_log WHERE id = ${waiting}`))[0].handle_code == 200,
    120_000,
  )
  const ended = await databaseRows<{ handle_code: unknown }>(db, `SELECT handle_code FROM job_log WHERE id IN (${held1}, ${held2})`)
  expect(ended.map((r) => Number(r.handle_code))).toEqual([500, 500])
  await waitFor('no slot held', async () => (await held(db)) === 0)
}, 240_000)
