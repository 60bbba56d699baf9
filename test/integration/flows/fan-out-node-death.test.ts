import { afterEach, expect, it } from 'vitest'
import type { FlowRun } from '../../../src/shared/flow-types'
import { EMBEDDED_APP_NAME } from '../../../src/shared/model'
import { callAdmin } from '../../support/admin-call'
import { TEST_HANDLERS_DIR } from '../../support/core-harness'
import { databaseRows } from '../../support/database-rows'
import { withDatabase, type TestDatabase } from '../../support/db-servers'
import { startHeadlessChild, type HeadlessChild } from '../../support/headless-child'
import { waitFor } from '../../support/wait-for'

const API_TOKEN = 'fan-out-cluster-api-token-0123456789'
const ITEMS = 100
const CAP = 5

const call = <T>(node: HeadlessChild, method: string, body: unknown) => callAdmin<T>(node.origin, method, body, API_TOKEN)

let database: TestDatabase | undefined
const nodes: HeadlessChild[] = []
afterEach(async () => {
  await Promise.allSettled(nodes.splice(0).map((node) => node.dispose()))
  await database?.drop()
  database = undefined
})

/** The most intervals [start, end) open at one moment: an end at t comes before a start at t (the item ended, then the next was claimed). */
function maxOverlap(intervals: readonly [number, number][]): number {
  const events = intervals.flatMap(([start, end]): [number, number][] => [
    [start, 1],
    [end, -1],
  ])
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  let open = 0
  let most = 0
  for (const [, delta] of events) most = Math.max(most, (open += delta))
  return most
}

/**
 * A fan-out of 100 items, at most 5 at once, on two JobDesk servers sharing one PostgreSQL database.
 * Both servers move the flow on (completions on the node whose executor ran the item, the sweep on
 * both). Node A is killed with -9 mid-way: its items' runs end at the take-over and are retried as
 * the same items on B, which starts the remaining items. From the database: every item was started
 * once (one FLOW run per index, a RETRY only in place of a run that died with A), every item
 * succeeded once, never more than 5 items (nor their runs) ran at once, and the flow run succeeded
 * with the items' outputs in index order.
 */
it('runs each of 100 items once, never more than 5 at once, on two PostgreSQL nodes through a kill -9 of one', async () => {
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
  const embedded = (await call<{ id: number; appName: string }[]>(a, 'listGroups', {})).find((g) => g.appName === EMBEDDED_APP_NAME)!.id
  const job = await call<number>(a, 'addJob', {
    jobGroup: embedded,
    name: 'one item',
    scheduleType: 'NONE',
    executorHandler: 'slowEchoJobHandler',
    // A run that dies with its node is retried: the same item, not a new one.
    executorFailRetryCount: 3,
    timezone: 'UTC',
  })
  const flowId = await call<number>(a, 'addFlow', {
    name: 'fan out',
    nodes: [{ key: 'each', jobId: job, forEach: '${flow.param}', forEachConcurrency: CAP, param: '150|item ${item.index}' }],
    edges: [],
  })
  const list = JSON.stringify(Array.from({ length: ITEMS }, (_, i) => `file-${i}`))
  const { flowRunId } = await call<{ flowRunId: number }>(a, 'triggerFlow', { id: flowId, param: list })
  const itemsIn = async (state: string) =>
    Number((await databaseRows<{ n: unknown }>(db, `SELECT COUNT(*) AS n FROM job_flow_item WHERE flow_run_id = ${flowRunId} AND state = '${state}'`))[0].n)

  await waitFor('a third of the items done', async () => (await itemsIn('success')) >= ITEMS / 3, 60_000)
  await a.kill()
  expect((await a.exited).signal).toBe('SIGKILL')
  expect(await itemsIn('success')).toBeLessThan(ITEMS)

  // On the database, not the API: the API's rate limit is not for polling.
  await waitFor(
    'the flow run ended on the survivor',
    async () => {
      const [row] = await databaseRows<{ state: string }>(db, `SELECT state FROM job_flow_run WHERE id = ${flowRunId}`)
      return ['success', 'failed', 'killed'].includes(row.state)
    },
    150_000,
  )
  const run = await call<FlowRun>(b, 'getFlowRun', { id: flowRunId })
  expect(run.state).toBe('success')
  const node = run.nodes[0]
  expect(node.state).toBe('success')
  expect(JSON.parse(node.output)).toEqual(Array.from({ length: ITEMS }, (_, i) => `item ${i}`))
  expect(node.items?.map((item) => [item.index, item.state])).toEqual(Array.from({ length: ITEMS }, (_, i) => [i, 'success']))

  // Each item started once: one FLOW run per index. A RETRY replaces only a run that ended failed (the one that died with A).
  const runs = await databaseRows<{ item_index: unknown; trigger_type: string; handle_code: unknown; trigger_time: unknown; handle_time: unknown }>(
    db,
    `SELECT s.item_index, l.trigger_type, l.handle_code, l.trigger_time, l.handle_time
       FROM job_flow_step s JOIN job_log l ON l.id = s.log_id WHERE s.flow_run_id = ${flowRunId}`,
  )
  const perIndex = (test: (r: (typeof runs)[number]) => boolean) => {
    const counts = new Map<number, number>()
    for (const r of runs.filter(test)) counts.set(Number(r.item_index), (counts.get(Number(r.item_index)) ?? 0) + 1)
    return [...counts.entries()].sort((x, y) => x[0] - y[0])
  }
  const once = Array.from({ length: ITEMS }, (_, i) => [i, 1])
  expect(perIndex((r) => r.trigger_type === 'FLOW')).toEqual(once)
  expect(perIndex((r) => Number(r.handle_code) === 200)).toEqual(once)
  const retried = runs.filter((r) => r.trigger_type === 'RETRY').length
  const failed = runs.filter((r) => Number(r.handle_code) !== 200).length
  expect(retried).toBe(failed) // every failed run (those A took down) has exactly one retry, and nothing else was retried
  expect(failed).toBeLessThanOrEqual(CAP)
  // Both servers' executors ran items: A's until it was killed, B's the rest.
  const executors = await databaseRows<{ executor_address: string }>(
    db,
    `SELECT DISTINCT l.executor_address FROM job_flow_step s JOIN job_log l ON l.id = s.log_id WHERE s.flow_run_id = ${flowRunId}`,
  )
  expect(executors).toHaveLength(2)

  // Never more than the cap at once: the items as claimed and ended, and their job runs as triggered and ended.
  const items = await databaseRows<{ start_time: unknown; end_time: unknown }>(
    db,
    `SELECT start_time, end_time FROM job_flow_item WHERE flow_run_id = ${flowRunId}`,
  )
  const itemSpans = items.map((i): [number, number] => [Number(i.start_time), Number(i.end_time)])
  expect(itemSpans.every(([start, end]) => start > 0 && end >= start)).toBe(true)
  expect(maxOverlap(itemSpans)).toBeLessThanOrEqual(CAP)
  expect(maxOverlap(itemSpans)).toBeGreaterThan(1) // items did run side by side
  expect(maxOverlap(runs.map((r): [number, number] => [Number(r.trigger_time), Number(r.handle_time)]))).toBeLessThanOrEqual(CAP)
}, 240_000)
