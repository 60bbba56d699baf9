import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedHook } from '../../../src/shared/hook-types'
import type { ParamDecl } from '../../../src/shared/job-params'
import { jobDeskSignature } from '../../../src/main/hooks/hook-signature'
import { AdminHarness } from '../../support/admin-harness'
import { jobInput } from '../../support/job-input'
import { RecordingExecutor } from '../../support/recording-executor'
import { waitFor } from '../../support/wait-for'

/**
 * Typed parameters over the wire against a headless server: a trigger URL's JSON body is checked
 * against the job's declaration (a bad value refused with 400 naming the field, nothing run), the
 * console's and the API's triggerJob take `params` and refuse free text for such a job, and the
 * json and kv strings reach an executor (a loopback one recording its requests) as formatted.
 */
let h: AdminHarness
let executor: RecordingExecutor
let groupId: number
beforeAll(async () => {
  h = await AdminHarness.start()
  executor = await RecordingExecutor.start()
  groupId = (await api().saveGroup({ appName: 'typed-params', name: 'typed params', addressType: 1, addressList: executor.address, accessToken: '' })).id
}, 60_000)
afterAll(async () => {
  await executor?.close()
  await h?.stop()
})

const api = () => h.headless.core.api
const decl = (name: string, type: ParamDecl['type'], extra: Partial<ParamDecl> = {}): ParamDecl => ({
  name,
  type,
  required: false,
  default: null,
  enum: [],
  pattern: '',
  description: '',
  ...extra,
})
const PARAMS = [decl('day', 'date', { required: true }), decl('limit', 'int', { default: 10 }), decl('dry', 'bool', { default: false })]

async function typedJob(name: string, paramFormat: 'json' | 'kv'): Promise<number> {
  const input = jobInput(groupId, { name, scheduleType: 'NONE', scheduleConf: '', executorParam: '', params: PARAMS, paramFormat })
  return (await api().saveJob(input)).id
}

/** The executorParams the recording executor received for run `logId`. */
async function receivedParam(logId: number): Promise<string> {
  return waitFor(`run ${logId} at the executor`, async () => {
    const request = executor.requests.find((r) => r.path.endsWith('/run') && (JSON.parse(r.body) as { logId: number }).logId === logId)
    return request ? (JSON.parse(request.body) as { executorParams: string }).executorParams : false
  })
}

async function post(path: string, body: string, hook: CreatedHook) {
  const atSec = Math.floor(h.clock.nowMs() / 1000)
  const headers = {
    'content-type': 'application/json',
    'X-JobDesk-Timestamp': String(atSec),
    'X-JobDesk-Signature': jobDeskSignature(hook.secret, atSec, body),
  }
  const response = await fetch(`http://127.0.0.1:${h.port}${path}`, { method: 'POST', body, headers })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('typed parameters over the wire', () => {
  it('json and kv reach the executor as formatted, the run keeping its typed values', async () => {
    const jsonJob = await typedJob('json job', 'json')
    const kvJob = await typedJob('kv job', 'kv')
    const [jsonRun] = (await api().triggerJob({ jobId: jsonJob, params: { day: '2026-12-07', limit: 3, dry: true } })).logIds
    const [kvRun] = (await api().triggerJob({ jobId: kvJob, triggerType: 'API', params: { day: '2026-12-07' } })).logIds
    expect(await receivedParam(jsonRun)).toBe('{"day":"2026-12-07","limit":3,"dry":true}')
    expect(await receivedParam(kvRun)).toBe('day=2026-12-07\nlimit=10\ndry=false')
    expect((await api().getRun(jsonRun)).typedParams).toEqual({ day: '2026-12-07', limit: 3, dry: true })
  })

  it('triggerJob refuses a bad value naming the field, and free text for a job that declares params', async () => {
    const jobId = await typedJob('strict job', 'json')
    await expect(api().triggerJob({ jobId, params: { day: '2026-13-01' } })).rejects.toMatchObject({
      field: 'params.day',
      message: "day: '2026-13-01' is not a date (YYYY-MM-DD)",
    })
    await expect(api().triggerJob({ jobId })).rejects.toMatchObject({ field: 'params.day', message: 'day: is required and has no default' })
    await expect(api().triggerJob({ jobId, executorParam: 'day=2026-01-01' })).rejects.toMatchObject({ field: 'executorParam' })
    expect(await h.headless.core.store.runs.list({ jobId })).toEqual([])
  })

  it("a trigger URL checks its body's params: a bad date is refused with 400 naming the field, a good one runs", async () => {
    const jobId = await typedJob('hooked typed job', 'json')
    const hook = await api().createHook({ jobId })
    const bad = await post(hook.path, JSON.stringify({ params: { day: '2026-13-01' } }), hook)
    expect(bad).toEqual({ status: 400, body: { error: 'invalid params', field: 'params.day', detail: "day: '2026-13-01' is not a date (YYYY-MM-DD)" } })
    expect(await h.headless.core.store.runs.list({ jobId })).toEqual([])
    const good = await post(hook.path, JSON.stringify({ params: { day: '2026-12-07', dry: 'true' } }), hook)
    expect(good.status).toBe(202)
    expect(await receivedParam(good.body.runId as number)).toBe('{"day":"2026-12-07","limit":10,"dry":true}')
  })
})
