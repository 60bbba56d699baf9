import Database from 'better-sqlite3'
import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseFile } from '../../../src/main/app/data-dir'
import { callAdmin } from '../../support/admin-call'
import type { FlowRun } from '../../../src/shared/flow-types'
import { EMBEDDED_APP_NAME, runStatus, type JobRun } from '../../../src/shared/model'
import { BridgeClient } from '../../support/bridge-client'
import { TEST_HANDLERS_DIR } from '../../support/core-harness'
import { withDatabase, type TestDatabase } from '../../support/db-servers'
import { startHeadlessChild, type HeadlessChild } from '../../support/headless-child'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

const TOKEN = 'flow-nodes-test-token-0123456789'
const API_TOKEN = 'flow-nodes-test-api-token-0123456789'

/** An XXL-JOB executor that takes every run and never calls back: the test completes the runs itself. */
async function silentExecutor(): Promise<{ address: string; runs: { logId: number; jobId: number; executorParams: string }[]; close(): Promise<void> }> {
  const runs: { logId: number; jobId: number; executorParams: string }[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      if (req.url === '/run') runs.push(JSON.parse(body))
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ code: 200, msg: null }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    address: `http://127.0.0.1:${(server.address() as { port: number }).port}/`,
    runs,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

const call = <T>(node: HeadlessChild, method: string, body: unknown, token = API_TOKEN) => callAdmin<T>(node.origin, method, body, token)

const nodes: HeadlessChild[] = []
const closers: (() => Promise<void> | void)[] = []
/** Data folders, removed once their processes are gone: a live server still writes its run logs there. */
const folders: { remove(): void }[] = []
let database: TestDatabase | undefined
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
  await Promise.allSettled(nodes.splice(0).map((node) => node.dispose()))
  for (const folder of folders.splice(0)) folder.remove()
  await database?.drop()
  database = undefined
})

describe('a flow across the nodes of a cluster', () => {
  it('fires a fan-in child once when its two parents complete at the same moment on two nodes (PostgreSQL)', async () => {
    database = await withDatabase('postgres')
    const start = async (name: string) => {
      const node = await startHeadlessChild({
        extraArgs: ['--database', database!.url, '--node-name', name, '--token', TOKEN, '--api-token', API_TOKEN, '--handlers', TEST_HANDLERS_DIR],
      })
      nodes.push(node)
      return node
    }
    const [a, b] = [await start('node-a'), await start('node-b')]
    const executor = await silentExecutor()
    closers.push(() => executor.close())
    const console = await BridgeClient.connect(a.origin, a.consoleToken)
    closers.push(() => console.close())

    await call(a, 'registry', { registryGroup: 'EXECUTOR', registryKey: 'flow-app', registryValue: executor.address }, TOKEN)
    const groupId = await waitFor('the group on node B', async () => {
      const group = (await call<{ id: number; appName: string }[]>(b, 'listGroups', {})).find((g) => g.appName === 'flow-app')
      return group?.id
    })
    const job = (name: string) => call<number>(a, 'addJob', { jobGroup: groupId, name, executorHandler: 'anyHandler', timezone: 'UTC' })
    const [jobA, jobB, jobC] = [await job('A'), await job('B'), await job('C')]
    const flowId = await call<number>(a, 'addFlow', {
      name: 'fan-in on two nodes',
      nodes: [
        { key: 'a', jobId: jobA },
        { key: 'b', jobId: jobB },
        { key: 'c', jobId: jobC, param: '${nodes.a.output}|${nodes.b.output}' },
      ],
      edges: [
        { from: 'a', to: 'c' },
        { from: 'b', to: 'c' },
      ],
    })
    const { flowRunId } = await call<{ flowRunId: number }>(b, 'triggerFlow', { id: flowId })
    await waitFor('A and B at the executor', () => executor.runs.length === 2)
    const logIdOf = (jobId: number) => executor.runs.find((r) => r.jobId === jobId)!.logId
    const callback = (node: HeadlessChild, logId: number, msg: string) =>
      call(node, 'callback', [{ logId, logDateTim: Date.now(), handleCode: 200, handleMsg: msg }], TOKEN)

    // Both parents complete at once, each on its own node.
    await Promise.all([callback(a, logIdOf(jobA), 'out-a'), callback(b, logIdOf(jobB), 'out-b')])
    await waitFor('C at the executor', () => executor.runs.length === 3)
    const cRun = executor.runs.find((r) => r.jobId === jobC)!
    expect(cRun.executorParams).toBe('out-a|out-b')
    await callback(a, cRun.logId, 'out-c')
    const ended = await waitFor('the flow run to end', async () => {
      const run = await console.value<FlowRun>('getFlowRun', [flowRunId])
      return run.state === 'success' && run
    })
    expect(ended.nodes.map((n) => [n.key, n.state, n.runIds.length])).toEqual([
      ['a', 'success', 1],
      ['b', 'success', 1],
      ['c', 'success', 1],
    ])
    expect(executor.runs.filter((r) => r.jobId === jobC)).toHaveLength(1)
  }, 180_000)
})

/**
 * Resolves once every node lease in the data folder's database has run out: a process started then
 * takes the dead node over while it joins, before anything else it does.
 */
async function leasesRunOut(dataDir: string): Promise<void> {
  const db = new Database(databaseFile(dataDir), { readonly: true })
  try {
    const latest = db.prepare('SELECT MAX(lease_until) AS until FROM job_node')
    await waitFor('the dead node’s lease to run out', () => (latest.get() as { until: number }).until < Date.now(), 30_000)
  } finally {
    db.close()
  }
}

describe('a flow run through a crash', () => {
  // Restarted at once, the dead node is taken over later, by the membership loop; restarted once its
  // lease has run out, while the new process joins — where the interrupted node's end triggered the
  // next one before this process's embedded executor was registered, and it failed with no address.
  it.each(['at once', 'once its lease has run out'])(
    'ends after kill -9 and a restart %s: every node ran once, the interrupted one failed, nothing stays running',
    async (restart) => {
      const dir = makeTempDir('jobdesk-flow-crash-')
      folders.push(dir)
      const dataDir = `${dir.path}/data`
      const args = ['--token', TOKEN, '--api-token', API_TOKEN, '--handlers', TEST_HANDLERS_DIR]
      const first = await startHeadlessChild({ dataDir, extraArgs: args })
      nodes.push(first)
      const groups = await call<{ id: number; appName: string }[]>(first, 'listGroups', {})
      const embedded = groups.find((g) => g.appName === EMBEDDED_APP_NAME)!.id
      const job = (name: string, handler: string, param = '') =>
        call<number>(first, 'addJob', { jobGroup: embedded, name, executorHandler: handler, executorParam: param, timezone: 'UTC' })
      const [quick, long, after] = [
        await job('quick', 'echoJobHandler', 'q'),
        await job('long', 'timedJobHandler', '600000'),
        await job('after', 'echoJobHandler'),
      ]
      const flowId = await call<number>(first, 'addFlow', {
        name: 'through a crash',
        nodes: [
          { key: 'quick', jobId: quick },
          { key: 'long', jobId: long },
          { key: 'after', jobId: after, triggerRule: 'all_done' },
        ],
        edges: [
          { from: 'quick', to: 'long' },
          { from: 'long', to: 'after' },
        ],
      })
      const { flowRunId } = await call<{ flowRunId: number }>(first, 'triggerFlow', { id: flowId })
      const bridge = await BridgeClient.connect(first.origin, first.consoleToken)
      // Its run running, not only the node claimed: a run killed before its trigger is recorded is
      // one the restart takes over and triggers again (it might land on the new process's executor).
      await waitFor('the long node running', async () => {
        const run = await bridge.value<FlowRun>('getFlowRun', [flowRunId])
        const logId = run.nodes.find((n) => n.key === 'long')?.runIds[0]
        return logId !== undefined && runStatus(await bridge.value<JobRun>('getRun', [logId])) === 'running'
      })
      bridge.close()
      await first.kill()
      if (restart !== 'at once') await leasesRunOut(dataDir)

      const second = await startHeadlessChild({ dataDir, extraArgs: args })
      nodes.push(second)
      const console = await BridgeClient.connect(second.origin, second.consoleToken)
      closers.push(() => console.close())
      const ended = await waitFor(
        'the flow run to end after the restart',
        async () => {
          const run = await console.value<FlowRun>('getFlowRun', [flowRunId])
          return ['success', 'failed'].includes(run.state) && run
        },
        60_000,
      )
      expect(ended.nodes.map((n) => [n.key, n.state, n.runIds.length])).toEqual([
        ['quick', 'success', 1],
        ['long', 'failed', 1],
        ['after', 'success', 1],
      ])
      expect(ended.state).toBe('success') // the leaf ran: all_done after the interrupted node
    },
    180_000,
  )
})
