import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { AgentConfig } from '../../../src/main/agent/agent-args'
import { startAgent, type RunningAgent } from '../../../src/main/agent/run-agent'
import { createExecutorClient } from '../../../src/main/net/executor-client'
import { makeTempDir, triggerParam } from '../../support/executor-fixtures'
import { startStubAdmin, type StubAdmin } from '../../support/stub-admin'

/** The agent in-process (real core, real HTTP on 127.0.0.1) against the stub admin. */
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function setup(admin: StubAdmin, overrides: Partial<AgentConfig> = {}): Promise<RunningAgent> {
  const temp = await makeTempDir('jobdesk-agent-')
  cleanups.push(() => temp.remove())
  const agent = await startAgent({
    adminAddresses: [`${admin.url}/xxl-job-admin`],
    accessToken: 'T',
    appName: 'agent-app',
    port: 0,
    host: '127.0.0.1',
    address: null,
    handlerDirs: [],
    runLogLayout: 'files',
    logPath: temp.dir,
    logRetentionDays: 30,
    enableScripts: false,
    httpAllowPrefixes: [],
    adminGeneration: 'auto',
    beatIntervalMs: 100,
    callbackRetryMs: 100,
    ...overrides,
  })
  cleanups.push(() => agent.stop())
  return agent
}

describe('startAgent', () => {
  it('beats on its interval, and a refused callback is spooled and delivered on retry', async () => {
    const admin = await startStubAdmin({ generation: 'g2', failFirstCallbacks: 1 })
    cleanups.push(() => admin.close())
    const agent = await setup(admin)
    expect(await agent.firstBeat).toMatchObject({ ok: true, adminUrl: `${admin.url}/xxl-job-admin` })
    // A second beat proves the loop runs; its interval is 100 ms here.
    await admin.waitForRequest((r) => r.path.endsWith('/api/registry') && admin.requests.filter((x) => x.path.endsWith('/api/registry')).length >= 2)

    const client = createExecutorClient({ address: agent.address, accessToken: 'T', appName: 'agent-app' })
    const param = triggerParam({ jobId: 1, executorParams: 'hello' })
    expect(await client.run(param)).toMatchObject({ code: 200 })
    const carrying = (r: { path: string; json: unknown }) => r.path.endsWith('/api/callback') && JSON.stringify(r.json).includes(`"logId":${param.logId}`)
    await admin.waitForRequest((r) => carrying(r) && admin.requests.filter(carrying).length >= 2)
    const attempts = admin.requests.filter(carrying)
    // The first was refused by the stub ("forced failure"), the spool retry went through.
    expect(attempts.map((r) => (r.json as { handleCode: number }[])[0].handleCode)).toEqual([200, 200])
  })

  it('serves the wire under the path of an explicit --address and registers that address', async () => {
    const admin = await startStubAdmin({ generation: 'g1' })
    cleanups.push(() => admin.close())
    const port = await freePort()
    const address = `http://127.0.0.1:${port}/job/`
    const agent = await setup(admin, { port, address, adminGeneration: 'g1' })
    expect(agent.address).toBe(address)
    const registry = await admin.waitForRequest((r) => r.path === '/xxl-job-admin/api/registry')
    expect((registry.json as { registryValue: string }).registryValue).toBe(address)
    const client = createExecutorClient({ address, accessToken: 'T', appName: 'agent-app', generation: 'g1' })
    expect(await client.beat()).toEqual({ code: 200, msg: null, data: null })
    await agent.stop()
    await admin.waitForRequest((r) => r.path === '/xxl-job-admin/api/registryRemove')
  })
})
