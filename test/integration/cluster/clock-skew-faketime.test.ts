import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import type { ClusterView } from '../../../src/shared/api'
import type { JobRun } from '../../../src/shared/model'
import { callAdmin } from '../../support/admin-call'
import { BridgeClient } from '../../support/bridge-client'
import { withDatabase, type TestDatabase } from '../../support/db-servers'
import { startHeadlessChild, type HeadlessChild } from '../../support/headless-child'
import { waitFor } from '../../support/wait-for'

const TOKEN = 'clock-skew-test-token-0123456789'
const API_TOKEN = 'clock-skew-test-api-token-0123456789'
/** Debian's libfaketime (installed by .ci/run): preloaded, it shifts what the process reads of the wall clock. */
const LIBFAKETIME = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1'].find((path) =>
  existsSync(path),
)

/**
 * The environment of a process whose wall clock is `offset` off (libfaketime's "+2s", "-2s"). The
 * monotonic clock stays true: Node's timers run on it, and only Date.now() is to be off.
 */
const fakeTime = (offset: string): Record<string, string> => ({
  LD_PRELOAD: LIBFAKETIME ?? '',
  FAKETIME: offset,
  FAKETIME_DONT_FAKE_MONOTONIC: '1',
  FAKETIME_NO_CACHE: '1',
})

interface Received {
  logId: number
  /** When the run reached the executor, by this machine's clock: the database server's (it runs here). */
  atMs: number
}

/** An XXL-JOB executor that accepts every run and notes when it came. */
async function timingExecutor(): Promise<{ address: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = []
  const server: Server = createServer((req, res) => {
    const atMs = Date.now()
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      if (req.url === '/run') received.push({ logId: Number((JSON.parse(body) as { logId: unknown }).logId), atMs })
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ code: 200, msg: null }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    address: `http://127.0.0.1:${(server.address() as { port: number }).port}/`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

describe.each([
  ['+2s', 2000],
  ['-2s', -2000],
])('a node whose clock is %s off, beside a node on the database server clock (PostgreSQL)', (offset, offsetMs) => {
  let database: TestDatabase
  const nodes: HeadlessChild[] = []
  const closers: (() => Promise<void>)[] = []
  afterEach(async () => {
    await Promise.allSettled(closers.splice(0).map((close) => close()))
    await Promise.allSettled(nodes.splice(0).map((node) => node.dispose()))
    await database?.drop()
  })

  const startNode = async (name: string, env?: Record<string, string>) => {
    const node = await startHeadlessChild({
      extraArgs: ['--database', database.url, '--node-name', name, '--token', TOKEN, '--api-token', API_TOKEN],
      env,
    })
    nodes.push(node)
    return node
  }

  it('is reported on the cluster view and warned in its log, and takes no part in scheduling: no run fires early', async () => {
    expect(LIBFAKETIME, 'libfaketime is not installed (.ci/run installs the Debian package libfaketime)').toBeDefined()
    // libfaketime must move Node's Date.now(), or this test would prove nothing.
    const shiftedMs = Number(
      execFileSync(process.execPath, ['-e', 'process.stdout.write(String(Date.now()))'], { env: { ...process.env, ...fakeTime(offset) } }),
    )
    expect(Math.abs(shiftedMs - Date.now() - offsetMs), "libfaketime does not shift Node's Date.now()").toBeLessThan(500)

    database = await withDatabase('postgres')
    const right = await startNode('node-right')
    const skewed = await startNode('node-skewed', fakeTime(offset))
    const console = await BridgeClient.connect(right.origin, right.consoleToken)
    closers.push(async () => console.close())

    const view = await waitFor('the skewed node measured in the cluster view', async () => {
      const cluster = await console.value<ClusterView>('getCluster')
      const node = cluster.nodes.find((n) => n.nodeName === 'node-skewed')
      return node?.clockSkewMs !== null && node?.clockSkewMs !== undefined && cluster
    })
    const skewedView = view.nodes.find((n) => n.nodeName === 'node-skewed')!
    expect(Math.abs(skewedView.clockSkewMs! - offsetMs)).toBeLessThan(300)
    expect(Math.abs(view.nodes.find((n) => n.nodeName === 'node-right')!.clockSkewMs!)).toBeLessThan(250)
    await waitFor('the warning in its log', () => skewed.output().includes("this node's clock is off the database's by more than 500 ms"))

    // Five every-second jobs on an executor that notes when each run reaches it.
    const executor = await timingExecutor()
    closers.push(executor.close)
    await callAdmin(right.origin, 'registry', { registryGroup: 'EXECUTOR', registryKey: 'timing-app', registryValue: executor.address }, TOKEN)
    const groups = await waitFor('the registered group', async () => {
      const list = await callAdmin<{ id: number; appName: string; addressList: string }[]>(right.origin, 'listGroups', {}, API_TOKEN)
      return list.find((g) => g.appName === 'timing-app' && g.addressList !== '') && list
    })
    const group = groups.find((g) => g.appName === 'timing-app')!.id
    for (let i = 0; i < 5; i++) {
      const id = await callAdmin<number>(
        right.origin,
        'addJob',
        { jobGroup: group, name: `every second ${i}`, scheduleType: 'CRON', scheduleConf: '* * * * * ?', executorHandler: 'anyHandler', timezone: 'UTC' },
        API_TOKEN,
      )
      await callAdmin(right.origin, 'startJob', { id }, API_TOKEN)
    }
    await waitFor('40 runs at the executor', () => executor.received.length >= 40, 30_000)

    // Every run reached the executor no earlier than its scheduled time by the database's clock.
    for (const { logId, atMs } of [...executor.received]) {
      const run = await console.value<JobRun>('getRun', [logId])
      expect(run.scheduleTimeMs, `run ${logId} is a scheduled one`).not.toBeNull()
      expect(atMs, `run ${logId} of ${new Date(run.scheduleTimeMs!).toISOString()} came at ${new Date(atMs).toISOString()}`).toBeGreaterThanOrEqual(
        run.scheduleTimeMs!,
      )
    }
    // The skewed node plans nothing: its part of the ring stays empty.
    const after = await console.value<ClusterView>('getCluster')
    expect(after.nodes.find((n) => n.nodeName === 'node-skewed')).toMatchObject({ ringRows: 0 })
    expect(skewed.output()).not.toContain('schedule scan failed')
  }, 120_000)
})
