import { execFile } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedHook } from '../../../src/shared/hook-types'
import { jobDeskSignature } from '../../../src/main/hooks/hook-signature'
import { HOOK_RATE_LIMIT } from '../../../src/main/hooks/hook-service'
import { AdminHarness } from '../../support/admin-harness'
import { jobInput } from '../../support/job-input'
import { curlExample } from '../../../src/renderer/src/lib/jobs/hook-example'

/**
 * Trigger URLs over HTTP against a headless server on a manual clock: a signed request starts a
 * run with its param; a wrong, stale, replayed, over-budget or malformed one is refused with
 * nothing written but one audit row; the Git providers' signatures pass as theirs; a removed hook
 * answers 404.
 */
let h: AdminHarness
let jobId: number
let flowId: number
beforeAll(async () => {
  h = await AdminHarness.start()
  const api = h.headless.core.api
  jobId = (await api.saveJob(jobInput(h.fixture.embeddedGroupId, { scheduleType: 'NONE', scheduleConf: '', name: 'hooked job' }))).id
  flowId = (await api.addFlow({ name: 'hooked flow', nodes: [{ key: 'a', jobId }], edges: [], maxActiveRuns: 100, overlap: 'ALLOW' })).id
}, 60_000)
afterAll(async () => h?.stop())

const api = () => h.headless.core.api
const nowSec = () => Math.floor(h.clock.nowMs() / 1000)

interface Answer {
  status: number
  body: Record<string, unknown>
  retryAfter: string | null
}

async function post(path: string, body: string, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${h.port}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } })
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, retryAfter: response.headers.get('retry-after') }
}

/** A request signed the JobDesk way at `atSec` (default: the server's now). */
function signed(hook: CreatedHook, body: string, atSec = nowSec(), secret = hook.secret) {
  return { 'X-JobDesk-Timestamp': String(atSec), 'X-JobDesk-Signature': jobDeskSignature(secret, atSec, body) }
}

/** Sends a request and checks that it was refused with `status`, changed no table but job_audit, and wrote one `hook.refused` row. */
async function expectRefused(status: number, send: () => Promise<Answer>): Promise<Answer> {
  const mark = newestAuditId()
  const { result, changed } = await h.tablesChangedBy(send)
  expect(result.status).toBe(status)
  expect(changed).toEqual(['job_audit'])
  expect(h.auditRowsAfter(mark).map((r) => [r.action, r.outcome])).toEqual([['hook.refused', 'refused']])
  return result
}

function newestAuditId(): number {
  const rows = h.auditRowsAfter(0)
  return rows.length === 0 ? 0 : rows[rows.length - 1].id
}

describe('a trigger URL of a job', () => {
  let hook: CreatedHook
  beforeAll(async () => {
    hook = await api().createHook({ jobId })
  })

  it('is made with an unguessable id distinct from its secret, and listed without the secret', async () => {
    expect(hook.hook.id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(hook.secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(hook.path).toBe(`/hooks/${hook.hook.id}`)
    expect(hook.url.endsWith(hook.path)).toBe(true)
    const listed = await api().listHooks({ jobId })
    expect(listed).toEqual([hook.hook])
    expect(JSON.stringify(listed)).not.toContain(hook.secret)
    expect(await api().getHook({ id: hook.hook.id })).toEqual(hook.hook)
  })

  it('takes the request of the console’s and docs/trigger-urls.md’s example (bash, openssl, curl), signed at the wall clock’s second', async () => {
    // The manual clock started at the wall clock and has moved less than the 5 minutes allowed.
    const { stdout } = await promisify(execFile)('bash', ['-c', curlExample(`http://127.0.0.1:${h.port}${hook.path}`, hook.secret)])
    const answer = JSON.parse(stdout) as { runId: number }
    expect((await api().getRun(answer.runId)).executorParam).toBe('hello')
  })

  it('starts a run of the job, with the body’s param, by the API trigger path, and says so in the audit trail', async () => {
    const mark = newestAuditId()
    const body = JSON.stringify({ param: 'from the hook' })
    const answer = await post(hook.path, body, signed(hook, body))
    expect(answer.status).toBe(202)
    const runId = answer.body.runId as number
    expect(answer.body.runIds).toEqual([runId])
    const run = await api().getRun(runId)
    expect({ jobId: run.jobId, executorParam: run.executorParam, triggerType: run.triggerType }).toEqual({
      jobId,
      executorParam: 'from the hook',
      triggerType: 'API',
    })
    expect(h.auditRowsAfter(mark).filter((r) => r.action.startsWith('hook.'))).toEqual([expect.objectContaining({ action: 'hook.trigger', outcome: 'ok' })])
    expect((await api().getHook({ id: hook.hook.id })).lastUsedAtMs).toBe(h.clock.nowMs())
  })

  it('refuses the same request again (a replay), with nothing written but the audit row', async () => {
    const body = JSON.stringify({ param: 'once' })
    const headers = signed(hook, body)
    expect((await post(hook.path, body, headers)).status).toBe(202)
    await expectRefused(401, () => post(hook.path, body, headers))
  })

  it('refuses a wrong signature and a timestamp more than 5 minutes off either way, all with the same answer', async () => {
    const body = JSON.stringify({ param: 'forged' })
    const wrong = await expectRefused(401, () => post(hook.path, body, signed(hook, body, nowSec(), 'not the secret')))
    const late = await expectRefused(401, () => post(hook.path, body, signed(hook, body, nowSec() - 301)))
    const early = await expectRefused(401, () => post(hook.path, body, signed(hook, body, nowSec() + 301)))
    const unsigned = await expectRefused(401, () => post(hook.path, body, {}))
    // The signature covers the body: the same headers on another body are wrong.
    const swapped = await expectRefused(401, () => post(hook.path, JSON.stringify({ param: 'other' }), signed(hook, body)))
    expect(new Set([wrong, late, early, unsigned, swapped].map((a) => JSON.stringify(a.body))).size).toBe(1)
    // Within 5 minutes either way it passes.
    expect((await post(hook.path, body, signed(hook, body, nowSec() - 290))).status).toBe(202)
    expect((await post(hook.path, body, signed(hook, body, nowSec() + 290))).status).toBe(202)
  })

  it('refuses a malformed body (400) and an unknown hook (404), writing nothing but the audit row', async () => {
    const notJson = '{"param": '
    expect((await expectRefused(400, () => post(hook.path, notJson, signed(hook, notJson)))).body.error).toBe('malformed body')
    const badParam = JSON.stringify({ param: 42 })
    await expectRefused(400, () => post(hook.path, badParam, signed(hook, badParam)))
    await expectRefused(404, () => post('/hooks/AAAAAAAAAAAAAAAAAAAAAA', '{}', signed(hook, '{}')))
  })

  it('accepts GitHub’s, Gitea’s and GitLab’s signatures, refusing a copy of a GitHub delivery under a new delivery id', async () => {
    const body = JSON.stringify({ ref: 'refs/heads/main', param: 'from git' })
    const hmac = createHmac('sha256', hook.secret).update(body).digest('hex')
    const github = { 'X-Hub-Signature-256': `sha256=${hmac}`, 'X-GitHub-Delivery': 'delivery-1' }
    expect((await post(hook.path, body, github)).status).toBe(202)
    await expectRefused(401, () => post(hook.path, body, { ...github, 'X-GitHub-Delivery': 'delivery-2' }))
    const giteaBody = JSON.stringify({ ref: 'refs/heads/dev' })
    const giteaHmac = createHmac('sha256', hook.secret).update(giteaBody).digest('hex')
    const gitea = await post(hook.path, giteaBody, { 'X-Gitea-Signature': giteaHmac, 'X-Gitea-Delivery': 'g-1' })
    expect(gitea.status).toBe(202)
    // No param in a Git provider's payload: the job's own parameter applies.
    expect((await api().getRun(gitea.body.runId as number)).executorParam).toBe((await api().getJob(jobId)).executorParam)
    expect((await post(hook.path, '{}', { 'X-Gitlab-Token': hook.secret, 'X-Gitlab-Event-UUID': 'uuid-1' })).status).toBe(202)
    await expectRefused(401, () => post(hook.path, '{}', { 'X-Gitlab-Token': hook.secret, 'X-Gitlab-Event-UUID': 'uuid-1' }))
    await expectRefused(401, () => post(hook.path, '{}', { 'X-Gitlab-Token': 'wrong', 'X-Gitlab-Event-UUID': 'uuid-2' }))
  })

  it(`refuses past ${HOOK_RATE_LIMIT.maxRequests} requests a minute with 429 and Retry-After, and takes requests again in the next minute`, async () => {
    await h.clock.advance(HOOK_RATE_LIMIT.windowMs)
    const budgeted = await api().createHook({ jobId })
    for (let i = 0; i < HOOK_RATE_LIMIT.maxRequests; i++) {
      const body = JSON.stringify({ param: `burst ${i}` })
      expect((await post(budgeted.path, body, signed(budgeted, body))).status).toBe(202)
    }
    const body = JSON.stringify({ param: 'one too many' })
    const over = await expectRefused(429, () => post(budgeted.path, body, signed(budgeted, body)))
    expect(Number(over.retryAfter)).toBeGreaterThan(0)
    // A replay is refused as one, not as over the budget: copies of a request do not spend it.
    const first = JSON.stringify({ param: 'burst 0' })
    await expectRefused(401, () => post(budgeted.path, first, signed(budgeted, first, nowSec())))
    await h.clock.advance(HOOK_RATE_LIMIT.windowMs)
    expect((await post(budgeted.path, body, signed(budgeted, body))).status).toBe(202)
  })

  it('once removed, answers 404 to a well-signed request', async () => {
    const gone = await api().createHook({ jobId })
    await api().removeHook({ id: gone.hook.id })
    expect((await api().listHooks({ jobId })).map((x) => x.id)).not.toContain(gone.hook.id)
    const body = '{}'
    await expectRefused(404, () => post(gone.path, body, signed(gone, body)))
  })
})

describe('a job or flow removed', () => {
  it('takes its trigger URLs with it', async () => {
    const throwaway = (await api().saveJob(jobInput(h.fixture.embeddedGroupId, { scheduleType: 'NONE', scheduleConf: '', name: 'short-lived' }))).id
    const hook = await api().createHook({ jobId: throwaway })
    const flow = (await api().addFlow({ name: 'short-lived flow', nodes: [{ key: 'a', jobId: throwaway }], edges: [] })).id
    const flowHook = await api().createHook({ flowId: flow })
    await api().removeFlow(flow)
    await api().deleteJob(throwaway)
    await expect(api().getHook({ id: hook.hook.id })).rejects.toMatchObject({ code: 'hook.notFound' })
    await expect(api().getHook({ id: flowHook.hook.id })).rejects.toMatchObject({ code: 'hook.notFound' })
  })
})

describe('a trigger URL of a flow', () => {
  it('starts a flow run with the body’s param', async () => {
    const hook = await api().createHook({ flowId })
    expect(await api().listHooks({ flowId })).toEqual([hook.hook])
    const body = JSON.stringify({ param: 'flow param' })
    const answer = await post(hook.path, body, signed(hook, body))
    expect(answer.status).toBe(202)
    const run = await api().getFlowRun(answer.body.flowRunId as number)
    expect({ flowId: run.flowId, param: run.param, triggerType: run.triggerType }).toEqual({ flowId, param: 'flow param', triggerType: 'API' })
  })
})
