import { request } from 'undici'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_MAX_BODY_BYTES } from '../../../src/main/net/admin-api'
import type { ProtocolGeneration } from '../../../src/shared/model'
import { jobInput } from '../../support/job-input'
import { startLanAdmin, TEST_TOKEN, type LanAdmin } from '../../support/lan-harness'
import { RecordingExecutor } from '../../support/recording-executor'
import { waitFor } from '../../support/wait-for'
import { adminCalls, CAPTURE_APP, CAPTURE_TOKEN } from '../../support/wire-captures'

let admin: LanAdmin
beforeEach(async () => (admin = await startLanAdmin()))
afterEach(async () => admin.stop())

async function post(path: string, headers: Record<string, string>, body: string) {
  const response = await request(`${admin.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
  const text = await response.body.text()
  return { status: response.statusCode, reply: JSON.parse(text) as { code: number; msg: string | null; data: unknown; content: unknown } }
}

/** The captured requests with the secret swapped for this admin's: JobDesk refuses XXL-JOB's published default. */
function withOurToken(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v === CAPTURE_TOKEN ? TEST_TOKEN : v]))
}

async function registryRows() {
  return await admin.headless.core.store.registry.all()
}

describe('the executor-facing API, replaying what real executors sent (docs/protocol.md#captured-exchanges)', () => {
  for (const generation of ['g1', 'g2', 'g3'] as ProtocolGeneration[]) {
    it(`accepts and applies a ${generation} executor's registry, callback and registryRemove`, async () => {
      const core = admin.headless.core
      // The executor at the captured requests' address: it accepts the run JobDesk sends it.
      const executor = await RecordingExecutor.start()
      try {
        const calls = adminCalls(generation, executor.address, 1796014204713)
        const registered = await post(calls.registry.path, withOurToken(calls.registry.xxlHeaders), calls.registry.body)
        expect(registered).toEqual({ status: 200, reply: { code: 200, msg: 'Success', data: null, content: null } })
        expect((await registryRows()).map((r) => [r.registryKey, r.registryValue])).toContainEqual([CAPTURE_APP, executor.address])
        const created = (await core.store.groups.findByAppName(CAPTURE_APP))!
        expect(created).toMatchObject({ autoCreated: true, addressList: executor.address })
        // Told from the request itself: the app-name header (G3), else the Accept-Charset xxl-job-core sends.
        expect(created.protocolGeneration).toBe(generation)

        // A run of the executor's group, dispatched to it: that is what its callback may report.
        const job = await core.api.saveJob(
          jobInput(created.id, { scheduleType: 'NONE', scheduleConf: '', executorHandler: 'timedJobHandler', executorParam: '60000' }),
        )
        const logId = (await core.api.triggerJob({ jobId: job.id })).logIds[0]
        await waitFor('the run accepted by the executor', async () => (await core.api.getRun(logId)).triggerCode === 200)
        const callbackBody = calls.callback.body.replaceAll('1002', String(logId))
        const completed = await post(calls.callback.path, withOurToken(calls.callback.xxlHeaders), callbackBody)
        expect(completed.reply.code).toBe(200)
        expect(await core.api.getRun(logId)).toMatchObject({ handleCode: 500, handleMsg: 'scheduling center kill job. [job running, killed]' })

        const removed = await post(calls.registryRemove.path, withOurToken(calls.registryRemove.xxlHeaders), calls.registryRemove.body)
        expect(removed.reply.code).toBe(200)
        expect((await registryRows()).map((r) => r.registryKey)).not.toContain(CAPTURE_APP)
        expect((await core.store.groups.findByAppName(CAPTURE_APP))!.addressList).toBe('')
      } finally {
        await executor.close()
      }
    })
  }

  it('serves /api/… as well as /xxl-job-admin/api/… (admins from 3.4.1 on have no context path)', async () => {
    const calls = adminCalls('g2', 'http://127.0.0.1:19998/', 0)
    const reply = await post('/api/registry', withOurToken(calls.registry.xxlHeaders), calls.registry.body)
    expect(reply.reply.code).toBe(200)
    expect((await registryRows()).map((r) => r.registryValue)).toContain('http://127.0.0.1:19998/')
  })

  it("accepts a G3 executor with its group's own token and app name, and refuses a mismatched pair", async () => {
    const api = admin.headless.core.api
    await api.saveGroup({ appName: CAPTURE_APP, name: 'sample', addressType: 0, addressList: '', accessToken: 'group-secret-token' })
    const calls = adminCalls('g3', 'http://127.0.0.1:19997/', 0)
    const headers = { 'xxl-job-access-token': 'group-secret-token', 'xxl-job-appname': CAPTURE_APP }
    expect((await post(calls.registry.path, headers, calls.registry.body)).reply.code).toBe(200)

    const otherApp = { 'xxl-job-access-token': 'group-secret-token', 'xxl-job-appname': 'some-other-app' }
    const mismatch = await post(calls.registry.path, otherApp, calls.registry.body.replace(CAPTURE_APP, 'some-other-app'))
    expect(mismatch.reply).toMatchObject({ code: 500, msg: 'invalid request, accessToken or appname invalid.' })
    // Right token, body for another app than the header says.
    const crossed = await post(calls.registry.path, headers, calls.registry.body.replace(CAPTURE_APP, 'some-other-app'))
    expect(crossed.reply.code).toBe(500)
    expect(crossed.reply.msg).toContain("registers 'some-other-app' with the credential of group")
    expect((await registryRows()).map((r) => r.registryKey)).not.toContain('some-other-app')
  })
})

describe('bad input to the admin API', () => {
  const registry = '{"registryGroup":"EXECUTOR","registryKey":"intruder","registryValue":"http://127.0.0.1:1/"}'

  it("refuses a missing or wrong token with XXL-JOB's texts and writes nothing", async () => {
    expect((await post('/api/registry', {}, registry)).reply).toMatchObject({ code: 500, msg: 'The access token is wrong.' })
    expect((await post('/api/registry', { 'xxl-job-access-token': 'nope' }, registry)).reply).toMatchObject({ code: 500, msg: 'The access token is wrong.' })
    expect((await post('/api/registry', { 'xxl-job-appname': 'intruder' }, registry)).reply.msg).toBe('invalid request, accessToken or appname is empty.')
    expect((await registryRows()).map((r) => r.registryKey)).not.toContain('intruder')
    expect(await admin.headless.core.store.groups.findByAppName('intruder')).toBeUndefined()
  })

  it('refuses malformed JSON, wrong field types and bad addresses with a clear message', async () => {
    const auth = { 'xxl-job-access-token': TEST_TOKEN }
    expect((await post('/api/registry', auth, '{not json')).reply.code).toBe(500)
    const wrongType = await post('/api/registry', auth, '{"registryGroup":"EXECUTOR","registryKey":42,"registryValue":"http://127.0.0.1:1/"}')
    expect(wrongType.reply.msg).toMatch(/registryKey/)
    const notHttp = await post('/api/registry', auth, '{"registryGroup":"EXECUTOR","registryKey":"x-app","registryValue":"jobdesk://embedded/"}')
    expect(notHttp.reply.msg).toMatch(/registryValue: "jobdesk:\/\/embedded\/" must be an http:\/\/ or https:\/\/ URL/)
    const badCallback = await post('/api/callback', auth, '[{"logId":"one","handleCode":200}]')
    expect(badCallback.reply.code).toBe(500)
    expect((await registryRows()).map((r) => r.registryKey)).not.toContain('x-app')
  })

  it('refuses an oversized body without reading it and keeps serving', async () => {
    const big = `{"registryGroup":"EXECUTOR","registryKey":"big","registryValue":"http://127.0.0.1:1/","pad":"${'x'.repeat(ADMIN_MAX_BODY_BYTES.executor)}"}`
    const reply = await post('/api/registry', { 'xxl-job-access-token': TEST_TOKEN }, big)
    expect(reply.reply).toMatchObject({ code: 500 })
    expect(reply.reply.msg).toMatch(/larger than the limit/)
    expect((await post('/api/registry', { 'xxl-job-access-token': TEST_TOKEN }, registry)).reply.code).toBe(200)
  })

  it('answers a GET with code 500 and an unknown method by name', async () => {
    const response = await request(`${admin.url}/api/registry`, { method: 'GET' })
    expect(JSON.parse(await response.body.text())).toMatchObject({ code: 500, msg: 'invalid request, HttpMethod not support.' })
    expect((await post('/api/nope', { 'xxl-job-access-token': TEST_TOKEN }, '{}')).reply.msg).toContain("'nope' not found")
  })
})

describe('the job OpenAPI', () => {
  /** The OpenAPI takes the API token; the executor token only registers and calls back. */
  let auth: Record<string, string>
  beforeEach(() => {
    auth = { 'xxl-job-access-token': admin.headless.core.settings.apiToken() }
  })

  it('refuses the executor token, saying which token to use, and the API token on the executor API', async () => {
    const refused = (await post('/api/listJobs', { 'xxl-job-access-token': TEST_TOKEN }, '{}')).reply
    expect(refused.code).toBe(500)
    expect(refused.msg).toContain('the executor access token cannot manage jobs; use the API token')
    const registry = '{"registryGroup":"EXECUTOR","registryKey":"api-token-app","registryValue":"http://127.0.0.1:3/"}'
    expect((await post('/api/registry', auth, registry)).reply.msg).toContain('the API token cannot register executors')
    await admin.headless.core.api.saveSettings({ openApiAcceptsExecutorToken: true })
    expect((await post('/api/listJobs', { 'xxl-job-access-token': TEST_TOKEN }, '{}')).reply.code).toBe(200)
  })

  it('adds, updates, triggers, stops and removes a job; childJobId goes through the DAG rules', async () => {
    const groupId = (await admin.headless.core.store.groups.findByAppName('jobdesk-embedded'))!.id
    const base = { jobGroup: groupId, scheduleType: 'CRON', scheduleConf: '0 0 3 * * ?', executorHandler: 'demoJobHandler', executorTimeout: 30 }
    const a = (await post('/api/addJob', auth, JSON.stringify({ ...base, name: 'A' }))).reply
    const b = (await post('/api/addJob', auth, JSON.stringify({ ...base, name: 'B' }))).reply
    expect([a.code, b.code]).toEqual([200, 200])
    const [idA, idB] = [a.data as number, b.data as number]
    expect(await admin.headless.core.api.getJob(idA)).toMatchObject({ name: 'A', executorTimeoutSec: 30 })

    expect((await post('/api/updateJob', auth, JSON.stringify({ id: idA, childJobId: String(idB) }))).reply.code).toBe(200)
    expect((await admin.headless.core.api.getJob(idA)).childJobIds).toEqual([idB])
    const cycle = (await post('/api/updateJob', auth, JSON.stringify({ id: idB, childJobId: String(idA) }))).reply
    expect(cycle.code).toBe(500)
    expect(cycle.msg).toContain(`cycle ${idA} → ${idB} → ${idA}`)

    const badCron = (await post('/api/updateJob', auth, JSON.stringify({ id: idA, scheduleConf: '0 0 25 * * ?' }))).reply
    expect(badCron.msg).toContain('hour 25 is out of range 0-23')

    expect((await post('/api/startJob', auth, JSON.stringify({ id: idA }))).reply.code).toBe(200)
    const triggered = (await post('/api/triggerJob', auth, JSON.stringify({ id: idA, executorParam: 'from the API' }))).reply
    expect(triggered.code).toBe(200)
    // A script's trigger is recorded as API; the console's (the bridge's triggerJob) as MANUAL.
    expect(await admin.headless.core.api.getRun((triggered.data as number[])[0])).toMatchObject({ executorParam: 'from the API', triggerType: 'API' })
    const [byHand] = (await admin.headless.core.api.triggerJob({ jobId: idA })).logIds
    expect((await admin.headless.core.api.getRun(byHand)).triggerType).toBe('MANUAL')
    expect((await post('/api/stopJob', auth, JSON.stringify({ id: idA }))).reply.code).toBe(200)
    expect((await post('/api/removeJob', auth, JSON.stringify({ id: idB }))).reply.code).toBe(200)
    expect((await admin.headless.core.api.getJob(idA)).childJobIds).toEqual([])
  })

  it('lists groups without their tokens, jobs, runs and the registry with health', async () => {
    const groups = (await post('/api/listGroups', auth, '{}')).reply.data as Record<string, unknown>[]
    expect(groups.map((g) => g.appName)).toContain('jobdesk-embedded')
    expect(groups.every((g) => !('accessToken' in g))).toBe(true)
    const registry = (await post('/api/listRegistry', auth, '{}')).reply.data as { health: string }[]
    expect(registry.map((r) => r.health)).toContain('online')
    expect(((await post('/api/listRuns', auth, '{"limit":5}')).reply.data as { runs: unknown[] }).runs).toEqual([])
  })

  it('limits the OpenAPI to 100 requests per 30 s, answering code 502 beyond', async () => {
    const codes: number[] = []
    for (let i = 0; i < 101; i++) codes.push((await post('/api/listJobs', auth, '{}')).reply.code)
    expect(codes.slice(0, 100).every((c) => c === 200)).toBe(true)
    expect(codes[100]).toBe(502)
    // Executors are not rate-limited.
    const executorAuth = { 'xxl-job-access-token': TEST_TOKEN }
    expect(
      (await post('/api/registry', executorAuth, '{"registryGroup":"EXECUTOR","registryKey":"still-ok","registryValue":"http://127.0.0.1:2/"}')).reply.code,
    ).toBe(200)
  })
})
