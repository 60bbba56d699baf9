import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { callAdmin } from '../../support/admin-call'
import type { AlarmHealth, ClusterView, JobDeskEvent } from '../../../src/shared/api'
import { BridgeClient } from '../../support/bridge-client'
import { TEST_HANDLERS_DIR } from '../../support/core-harness'
import { ENGINES, withDatabase, type TestDatabase } from '../../support/db-servers'
import { startHeadlessChild, type HeadlessChild } from '../../support/headless-child'
import { waitFor } from '../../support/wait-for'

const TOKEN = 'cluster-test-token-0123456789'
const API_TOKEN = 'cluster-test-api-token-0123456789'

interface StubExecutor {
  address: string
  runs: number
  close(): Promise<void>
}

/** An XXL-JOB executor that accepts every run and does nothing: only where the runs land matters. */
async function stubExecutor(): Promise<StubExecutor> {
  const stub = { runs: 0 } as StubExecutor
  const server: Server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      if (req.url === '/run') stub.runs++
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ code: 200, msg: null }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  stub.address = `http://127.0.0.1:${(server.address() as { port: number }).port}/`
  stub.close = () => new Promise((resolve) => server.close(() => resolve()))
  return stub
}

/** One call of a node's admin HTTP API (the OpenAPI, or the executor API with the executor token). */
const call = <T>(node: HeadlessChild, method: string, body: unknown, token = API_TOKEN) => callAdmin<T>(node.origin, method, body, token)

function runIdsIn(events: readonly JobDeskEvent[]): Set<number> {
  return new Set(events.flatMap((event) => (event.type === 'runs-changed' ? event.runs.map((run) => run.id) : [])))
}

describe.each(ENGINES)('two JobDesk servers on one %s database', (engine) => {
  let database: TestDatabase
  const nodes: HeadlessChild[] = []
  const stubs: StubExecutor[] = []
  const bridges: BridgeClient[] = []
  afterEach(async () => {
    bridges.splice(0).forEach((bridge) => bridge.close())
    await Promise.allSettled(nodes.splice(0).map((node) => node.dispose()))
    await Promise.allSettled(stubs.splice(0).map((stub) => stub.close()))
    await database?.drop()
  })

  const startNode = async (name: string) => {
    const node = await startHeadlessChild({
      extraArgs: ['--database', database.url, '--node-name', name, '--token', TOKEN, '--api-token', API_TOKEN, '--handlers', TEST_HANDLERS_DIR],
    })
    nodes.push(node)
    return node
  }

  it("share one registry and one view, keep ROUND round across both, and end a killed node's embedded runs", async () => {
    database = await withDatabase(engine)
    const a = await startNode('node-a')
    const b = await startNode('node-b')
    const bReadyAtMs = Date.now()
    const console = await BridgeClient.connect(a.origin, a.consoleToken)
    bridges.push(console)
    const cluster = await waitFor('both nodes in the cluster view', async () => {
      const view = await console.value<ClusterView>('getCluster')
      return view.nodes.length === 2 && view.nodes.every((n) => n.adminUrl !== '') && view
    })
    expect(cluster.engine).toBe(engine)
    const nodeB = cluster.nodes.find((n) => n.nodeName === 'node-b')!

    // Three executors register with node A only; node B routes to them all the same.
    for (let i = 0; i < 3; i++) stubs.push(await stubExecutor())
    for (const stub of stubs) await call(a, 'registry', { registryGroup: 'EXECUTOR', registryKey: 'round-app', registryValue: stub.address }, TOKEN)
    const groups = await waitFor('the registered group on node B', async () => {
      const list = await call<{ id: number; appName: string; addressList: string }[]>(b, 'listGroups', {})
      const group = list.find((g) => g.appName === 'round-app')
      return group && group.addressList.split(',').length === 3 && list
    })
    const roundGroup = groups.find((g) => g.appName === 'round-app')!.id
    const roundJob = await call<number>(a, 'addJob', {
      jobGroup: roundGroup,
      name: 'round robin',
      executorHandler: 'anyHandler',
      executorRouteStrategy: 'ROUND',
      timezone: 'UTC',
    })

    // 30 triggers, alternating between the nodes: ROUND's sequence is the job's, in the database.
    const triggered: number[] = []
    for (let i = 0; i < 30; i++) triggered.push(...(await call<number[]>(i % 2 ? b : a, 'triggerJob', { id: roundJob })))
    await waitFor('30 runs at the executors', () => stubs.reduce((sum, stub) => sum + stub.runs, 0) === 30)
    for (const stub of stubs) expect(Math.abs(stub.runs - 10)).toBeLessThanOrEqual(1)

    // The console on node A hears of the runs node B triggered.
    const fromB = triggered.filter((_, i) => i % 2 === 1)
    await waitFor("node B's runs in node A's console", () => fromB.every((id) => runIdsIn(console.events).has(id)))

    // A long run on node B's embedded executor; node B is killed with -9 while it runs.
    const embeddedGroup = groups.find((g) => g.appName === 'jobdesk-embedded')!.id
    const longJob = await call<number>(a, 'addJob', {
      jobGroup: embeddedGroup,
      name: 'long',
      executorHandler: 'timedJobHandler',
      executorParam: '600000',
      timezone: 'UTC',
    })
    // Node A relays to node B's embedded executor once its own heartbeat has read node B's address (a
    // heartbeat after node B was listening): before that, A does not know where B serves it.
    await waitFor("node A's heartbeat after node B was ready", async () => {
      const view = await console.value<ClusterView>('getCluster')
      return (view.nodes.find((n) => n.nodeName === 'node-a')?.heartbeatAtMs ?? 0) > bReadyAtMs
    })
    const [longRun] = await call<number[]>(a, 'triggerJob', { id: longJob, addressList: [nodeB.embeddedAddress] })
    // Polled over the console's bridge: the OpenAPI's rate limit is for callers, not for a test's polling.
    await waitFor('the long run to start on node B', async () => (await console.value<{ triggerCode: number }>('getRun', [longRun])).triggerCode === 200)
    await b.kill()
    const ended = await waitFor(
      "node A to end node B's embedded run once its lease ran out",
      async () => {
        const run = await console.value<{ handleCode: number; handleMsg: string }>('getRun', [longRun])
        return run.handleCode !== 0 && run
      },
      30_000,
    )
    expect(ended.handleCode).toBe(500)
    expect(ended.handleMsg).toContain("node 'node-b' stopped renewing its lease")
    const after = await console.value<ClusterView>('getCluster')
    expect(after.nodes.map((n) => n.nodeName)).toEqual(['node-a'])
    // The node that took over recorded the loss as an alert (no channel is set up here to send it on).
    const lost = await waitFor('the alert of the lost node', async () =>
      (await console.value<AlarmHealth>('getAlarmHealth')).recentAlerts.find((alert) => alert.kind === 'nodeLost' && alert.alarmStatus !== -1),
    )
    expect(lost).toMatchObject({ subject: 'node-b', alarmStatus: 1 })
  }, 240_000)
})
