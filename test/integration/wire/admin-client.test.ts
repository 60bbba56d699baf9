import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { AdminCallError, createAdminClient } from '../../../src/main/net/admin-client'
import { closeSharedAgents } from '../../../src/main/net/wire/post-json'
import type { HandleCallback } from '../../../src/main/executor/executor-api'
import { adminCalls, CAPTURE_ADMIN_BASE, CAPTURE_APP, CAPTURE_TOKEN } from '../../support/wire-captures'
import { startStubAdmin, type StubAdmin } from '../../support/stub-admin'

/** The requests our admin client sends match what real executors sent (docs/protocol.md#captured-exchanges). */
const admins: StubAdmin[] = []
afterEach(async () => {
  for (const admin of admins.splice(0)) await admin.close()
})
afterAll(() => closeSharedAgents())

async function stub(options: Parameters<typeof startStubAdmin>[0]): Promise<StubAdmin> {
  const admin = await startStubAdmin(options)
  admins.push(admin)
  return admin
}

const killBatch = (logDateTime: number): HandleCallback[] => [
  { logId: 1002, logDateTime, handleCode: 500, handleMsg: 'scheduling center kill job. [job running, killed]' },
  { logId: 1007, logDateTime, handleCode: 500, handleMsg: 'scheduling center kill job. [job not executed, in the job queue, killed.]' },
]

const CAPTURED: Record<'g1' | 'g2' | 'g3', { registryValue: string; logDateTime: number }> = {
  g1: { registryValue: 'http://127.0.0.1:19999/', logDateTime: 1796014204713 },
  g2: { registryValue: 'http://127.0.0.1:19998/', logDateTime: 1796014269114 },
  g3: { registryValue: 'http://127.0.0.1:19997/', logDateTime: 1796014335223 },
}

describe.each(['g1', 'g2', 'g3'] as const)('admin client, %s', (generation) => {
  it('sends registry, callback and registryRemove as the captured executor did', async () => {
    const admin = await stub({ generation })
    const { registryValue, logDateTime } = CAPTURED[generation]
    const client = createAdminClient({ adminAddresses: `${admin.url}${CAPTURE_ADMIN_BASE}`, accessToken: CAPTURE_TOKEN, appName: CAPTURE_APP, generation })
    const param = { registryGroup: 'EXECUTOR', registryKey: CAPTURE_APP, registryValue }
    expect((await client.registry(param)).adminUrl).toBe(`${admin.url}${CAPTURE_ADMIN_BASE}`)
    await client.callback(killBatch(logDateTime))
    await client.registryRemove(param)

    const expected = adminCalls(generation, registryValue, logDateTime)
    const sent = admin.requests
    expect(sent.map((request) => [request.method, request.path])).toEqual([
      ['POST', expected.registry.path],
      ['POST', expected.callback.path],
      ['POST', expected.registryRemove.path],
    ])
    for (const [request, captured] of [
      [sent[0], expected.registry],
      [sent[1], expected.callback],
      [sent[2], expected.registryRemove],
    ] as const) {
      expect(request.body).toBe(captured.body)
      expect(request.headers['content-type']).toBe('application/json;charset=UTF-8')
      const xxlHeaders = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.startsWith('xxl-job-') || name === 'accept-charset'))
      expect(xxlHeaders).toEqual(captured.xxlHeaders)
    }
  })
})

describe('admin list and failures', () => {
  it('tries admins in order and reports which one accepted', async () => {
    const down = await stub({ generation: 'g2' })
    await down.close()
    admins.pop()
    const up = await stub({ generation: 'g2' })
    const client = createAdminClient({
      adminAddresses: ` ${down.url}/xxl-job-admin , ${up.url}/`,
      accessToken: CAPTURE_TOKEN,
      appName: CAPTURE_APP,
      generation: 'g2',
    })
    const accepted = await client.registry({ registryGroup: 'EXECUTOR', registryKey: CAPTURE_APP, registryValue: 'http://127.0.0.1:9999/' })
    expect(accepted.adminUrl).toBe(`${up.url}/`)
    expect(up.requests.map((request) => request.path)).toEqual(['/api/registry'])
  })

  it('rejects a callback no admin accepts, naming each admin’s reason', async () => {
    const admin = await stub({ generation: 'g1', failFirstCallbacks: 1 })
    const client = createAdminClient({ adminAddresses: admin.url, accessToken: CAPTURE_TOKEN, appName: CAPTURE_APP, generation: 'g1' })
    const error = await client.callback(killBatch(1)).then(
      () => null,
      (rejection: unknown) => rejection,
    )
    expect(error).toBeInstanceOf(AdminCallError)
    expect((error as AdminCallError).failures).toEqual([{ adminUrl: admin.url, reason: 'code 500 stub: forced callback failure #1' }])
    // Not marked final (an XXL-JOB admin never says so): the agent spools it and sends it again.
    expect((error as AdminCallError).refusedForGood).toBe(false)
    // The next one goes through: the failure was the admin's, not the client's state.
    expect((await client.callback(killBatch(1))).reply.code).toBe(200)
  })

  it('rejects when the admin does not answer in time', async () => {
    const admin = await stub({ generation: 'g2', holdReplies: true })
    const client = createAdminClient({ adminAddresses: admin.url, accessToken: CAPTURE_TOKEN, appName: CAPTURE_APP, generation: 'g2', timeoutMs: 300 })
    await expect(client.callback(killBatch(1))).rejects.toThrow(`callback was accepted by no admin: ${admin.url} → no answer within 300 ms`)
  })
})

describe('auto generation', () => {
  it('learns G1 from the registry reply and sends the bare array', async () => {
    const admin = await stub({ generation: 'g1', strictShape: true })
    const client = createAdminClient({ adminAddresses: admin.url, accessToken: CAPTURE_TOKEN, appName: CAPTURE_APP })
    await client.registry({ registryGroup: 'EXECUTOR', registryKey: CAPTURE_APP, registryValue: 'http://127.0.0.1:9999/' })
    expect(client.generation).toBe('g1')
    await client.callback(killBatch(5))
    expect(admin.requests.filter((request) => request.path === '/api/callback').map((request) => Array.isArray(request.json))).toEqual([true])
  })

  it('switches to {callbackList} when a G3 admin refuses the array, and stays there', async () => {
    const admin = await stub({ generation: 'g3', strictShape: true })
    const client = createAdminClient({ adminAddresses: admin.url, accessToken: CAPTURE_TOKEN, appName: CAPTURE_APP, generation: 'auto' })
    await client.registry({ registryGroup: 'EXECUTOR', registryKey: CAPTURE_APP, registryValue: 'http://127.0.0.1:9999/' })
    expect(client.generation).toBeNull()
    await client.callback(killBatch(5))
    await client.callback(killBatch(6))
    expect(client.generation).toBe('g3')
    const callbacks = admin.requests.filter((request) => request.path === '/api/callback')
    expect(callbacks.map((request) => (Array.isArray(request.json) ? 'array' : 'object'))).toEqual(['array', 'object', 'object'])
    // Both headers in auto mode, and both time spellings in each item.
    expect(callbacks[1].headers['xxl-job-appname']).toBe(CAPTURE_APP)
    expect((callbacks[1].json as { callbackList: unknown[] }).callbackList[0]).toEqual({
      logId: 1002,
      logDateTim: 5,
      logDateTime: 5,
      handleCode: 500,
      handleMsg: 'scheduling center kill job. [job running, killed]',
    })
  })

  it('keeps the array for a G2 admin and does not switch on a failure that is not about shape', async () => {
    const admin = await stub({ generation: 'g2', strictShape: true, failFirstCallbacks: 1 })
    const client = createAdminClient({ adminAddresses: admin.url, accessToken: CAPTURE_TOKEN, appName: CAPTURE_APP })
    await expect(client.callback(killBatch(1))).rejects.toThrow('stub: forced callback failure #1')
    await client.callback(killBatch(2))
    expect(client.generation).toBe('g2')
    expect(admin.requests.map((request) => Array.isArray(request.json))).toEqual([true, true])
  })
})
