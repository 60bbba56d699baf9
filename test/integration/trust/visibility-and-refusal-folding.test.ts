import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditAction, AuditEntry, CreatedApiToken } from '../../../src/shared/auth'
import type { BridgeResult } from '../../../src/shared/bridge-protocol'
import type { DefinitionOrigin } from '../../../src/shared/definition-origin'
import { HOOK_MAX_BODY_BYTES } from '../../../src/main/net/hook-route'
import { AUTH_FAILURE_LIMIT } from '../../../src/main/kernel/rate-limit'
import { HARNESS_GROUP_APP } from '../../support/admin-harness'
import { parsePrometheusText, type MetricFamily } from '../../support/prometheus-text'
import { postEnvelope, requestBytes, sendRaw } from '../../support/raw-http'
import { securityWorld, type SecurityWorld } from '../../support/security-world'

/**
 * Trust round 3 (issue 40) beside the security matrix: what a principal sees follows its grants
 * (/metrics, definition origins), refusals that wrote no audit row now write one (a token above
 * one's rights, a registry call with a wrong token and its lockout, an oversized trigger-URL body,
 * an export of definitions), and identical refusals within a minute are one row with a count.
 * Every refused request changes nothing but the audit trail.
 */
let w: SecurityWorld
beforeAll(async () => (w = await securityWorld()), 120_000)
afterAll(async () => w?.close())

const admin = () => w.auth.h.headless.core.api
const EMBEDDED_APP = 'jobdesk-embedded'

/** The newest audit row's id (read through the harness, which then knows every row's count). */
function newestAuditId(): number {
  return w.auth.h.auditRowsAfter(0).at(-1)?.id ?? 0
}

/** The audit rows `call` wrote or counted on, and the tables other than job_audit it changed. */
async function auditedBy<T>(call: () => Promise<T>): Promise<{ result: T; rows: { action: string; outcome: string; count: number }[]; changed: string[] }> {
  const mark = newestAuditId()
  const { result, changed } = await w.auth.h.tablesChangedBy(call)
  return { result, rows: w.auth.h.auditRowsAfter(mark), changed: changed.filter((table) => table !== 'job_audit') }
}

/** The newest audit entries of `action` (the desktop's own listAudit is not audited). */
async function newestOf(action: AuditAction, limit = 5): Promise<AuditEntry[]> {
  return (await admin().listAudit({ action, limit })).entries
}

async function callAs(role: 'admin' | 'operator' | 'viewer', method: string, args: unknown[]): Promise<BridgeResult> {
  const answer = await w.sessions[role].call(method, args)
  if (answer.kind !== 'result') throw new Error(`${method}: the bridge closed`)
  return answer.result
}

/** GET /metrics with a bearer token, from `localAddress` (its own failure budget). */
async function metrics(token: string, localAddress = '127.0.0.1'): Promise<{ status: number; text: string }> {
  const bytes = requestBytes('GET /metrics HTTP/1.1', [
    ['Host', '127.0.0.1'],
    ['Authorization', `Bearer ${token}`],
    ['Connection', 'close'],
  ])
  const answer = await sendRaw(w.auth.h.port, bytes, { localAddress })
  if (answer.kind !== 'response') throw new Error(`GET /metrics: ${answer.kind}`)
  return { status: answer.status, text: answer.body.toString('utf8') }
}

const total = (family: MetricFamily | undefined, name: string, labels: Record<string, string> = {}) =>
  (family?.samples ?? []).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0)

describe('what a principal sees follows its grants', () => {
  it('/metrics: a viewer of group A gets the totals, no series per group and no other group’s name; the API token gets every group', async () => {
    const viewer = await w.sessions.viewer.value<CreatedApiToken>('createApiToken', [
      { name: 'scraper', role: 'viewer', groupIds: [w.groupA.id], expiresAtMs: 0 },
    ])
    const everyGroup = await metrics(w.auth.h.headless.core.settings.apiToken())
    const ofA = await metrics(viewer.token)
    expect([everyGroup.status, ofA.status]).toEqual([200, 200])
    // The world has per-group series to hide: the embedded executor's address, its finished runs' durations.
    expect(everyGroup.text).toContain(`group="${EMBEDDED_APP}"`)
    expect(ofA.text).not.toMatch(/group="/)
    for (const name of [EMBEDDED_APP, w.groupB.appName, HARNESS_GROUP_APP]) expect(ofA.text).not.toContain(name)
    const [all, totals] = [parsePrometheusText(everyGroup.text), parsePrometheusText(ofA.text)]
    for (const health of ['online', 'suspect', 'dead']) {
      expect(total(totals.get('jobdesk_executors'), 'jobdesk_executors', { health })).toBe(total(all.get('jobdesk_executors'), 'jobdesk_executors', { health }))
    }
    const durations = 'jobdesk_run_duration_seconds'
    expect(total(totals.get(durations), `${durations}_count`)).toBe(total(all.get(durations), `${durations}_count`))
    expect(total(totals.get(durations), `${durations}_count`)).toBeGreaterThan(0)
  })

  it("listDefinitionOrigins: a viewer of A gets A's groups, jobs and flows, not B's (nor a flow that runs in B too) nor their files", async () => {
    const job = (name: string, group: string) => ({ kind: 'Job', name, group, handler: 'demoJobHandler' })
    const flow = (name: string, nodes: { key: string; job: string; group: string }[]) => ({ kind: 'Flow', name, nodes })
    await admin().applyDefinitions({
      sources: [
        { file: 'teams/a/jobs.yaml', document: job('origin job A', HARNESS_GROUP_APP) },
        { file: 'teams/a/flows.yaml', document: flow('origin flow A', [{ key: 'a', job: 'origin job A', group: HARNESS_GROUP_APP }]) },
        { file: 'teams/b/secret-place/jobs.yaml', document: job('origin job B', w.groupB.appName) },
        { file: 'teams/b/secret-place/flows.yaml', document: flow('origin flow B', [{ key: 'b', job: 'origin job B', group: w.groupB.appName }]) },
        {
          file: 'teams/b/secret-place/both.yaml',
          document: flow('origin flow A and B', [
            { key: 'a', job: 'origin job A', group: HARNESS_GROUP_APP },
            { key: 'b', job: 'origin job B', group: w.groupB.appName },
          ]),
        },
      ],
      dryRun: false,
      prune: 'none',
    })
    const keysOf = (origins: DefinitionOrigin[]) => origins.map((o) => `${o.kind} ${o.key}`).sort()
    const everything = await admin().listDefinitionOrigins()
    expect(keysOf(everything)).toEqual(
      expect.arrayContaining(['Flow origin flow B', 'Flow origin flow A and B', `Job ${w.groupB.appName}/origin job B`, 'Flow origin flow A']),
    )
    const ofA = await w.sessions.viewer.value<DefinitionOrigin[]>('listDefinitionOrigins', [])
    expect(keysOf(ofA)).toEqual(['Flow origin flow A', `Job ${HARNESS_GROUP_APP}/origin job A`])
    expect(ofA.map((o) => o.file).filter((file) => file.includes('teams/b'))).toEqual([])
  })
})

describe('refusals that wrote no audit row now write one, and change nothing else', () => {
  it('createApiToken above the creator’s rights: a wider role, or a group it does not have', async () => {
    const asks = [
      { input: { name: 'wider role', role: 'operator', groupIds: [w.groupA.id], expiresAtMs: 0 }, code: 'token.roleAboveOwner' },
      { input: { name: 'other group', role: 'viewer', groupIds: [w.groupB.id], expiresAtMs: 0 }, code: 'token.groupNotOwned' },
    ]
    for (const { input, code } of asks) {
      const { result, rows, changed } = await auditedBy(() => callAs('viewer', 'createApiToken', [input]))
      expect(!result.ok && result.error?.code).toBe(code)
      expect(rows.map((r) => [r.action, r.outcome])).toEqual([['token.create', 'refused']])
      expect(changed).toEqual([])
      expect((await newestOf('token.create', 1))[0]).toMatchObject({ actor: 'viewer-lan', outcome: 'refused', detail: { reason: { code } } })
    }
  })

  it('registry and registryRemove with a wrong token, and the requests refused unread once the address is locked out: one row per window', async () => {
    const wrong = (path: string, localAddress: string, token = 'not-the-executor-token') =>
      postEnvelope(
        w.auth.h.port,
        path,
        { 'XXL-JOB-ACCESS-TOKEN': token },
        JSON.stringify({ registryGroup: 'EXECUTOR', registryKey: HARNESS_GROUP_APP, registryValue: 'http://127.0.0.1:9/' }),
        { localAddress },
      )
    for (const path of ['/api/registry', '/api/registryRemove']) {
      const { result, rows, changed } = await auditedBy(() => wrong(path, '127.3.0.1'))
      expect(result.code).toBe(500)
      expect(rows.map((r) => [r.action, r.outcome])).toEqual([['auth.token', 'refused']])
      expect(changed).toEqual([])
    }
    const address = '127.3.0.2'
    for (let n = 0; n < AUTH_FAILURE_LIMIT.perCredential; n++) expect((await wrong('/api/registry', address)).code).toBe(500)
    const { result, rows, changed } = await auditedBy(async () => [
      await wrong('/api/registry', address),
      await wrong('/api/registry', address),
      await wrong('/api/registry', address),
    ])
    expect(result.map((reply) => reply.code)).toEqual([502, 502, 502])
    expect(rows.map((r) => [r.action, r.outcome, r.count])).toEqual([['auth.token', 'refused', 1]])
    expect(changed).toEqual([])
    expect((await newestOf('auth.token', 1))[0]).toMatchObject({ source: address, detail: { reason: { code: 'auth.lockedOut' } } })
  })

  it('a trigger URL’s body over its limit', async () => {
    const { hook } = await admin().createHook({ jobId: w.jobs.a.id })
    const body = Buffer.alloc(HOOK_MAX_BODY_BYTES + 1, 'x')
    const request = requestBytes(
      `POST /hooks/${hook.id} HTTP/1.1`,
      [
        ['Host', '127.0.0.1'],
        ['Content-Type', 'application/json'],
        ['Content-Length', String(body.length)],
      ],
      body,
    )
    const { result, rows, changed } = await auditedBy(() => sendRaw(w.auth.h.port, request, { localAddress: '127.3.0.3' }))
    expect(result.kind === 'response' && result.status).toBe(400)
    expect(rows.map((r) => [r.action, r.outcome])).toEqual([['hook.refused', 'refused']])
    expect(changed).toEqual([])
    expect((await newestOf('hook.refused', 1))[0]).toMatchObject({ target: `trigger URL ${hook.id}`, detail: { reason: { code: 'hook.bodyTooLarge' } } })
  })

  it('exportDefinitions: the export itself is audited (it carries definitions out), and so is its refusal', async () => {
    const exported = await auditedBy(() => callAs('admin', 'exportDefinitions', [{}]))
    expect(exported.result.ok).toBe(true)
    expect(exported.rows.map((r) => [r.action, r.outcome])).toEqual([['definitions.export', 'ok']])
    const documents = (exported.result as { ok: true; value: unknown[] }).value.length
    expect((await newestOf('definitions.export', 1))[0]).toMatchObject({ actor: 'admin', detail: { after: { documents } } })
    const refused = await auditedBy(() => callAs('viewer', 'exportDefinitions', [{}]))
    expect(refused.result.ok).toBe(false)
    expect(refused.rows.map((r) => [r.action, r.outcome])).toEqual([['definitions.export', 'refused']])
    expect(refused.changed).toEqual([])
  })
})

describe('identical refusals within a minute are one row with a count', () => {
  it('100 /metrics requests from one address with wrong tokens: one row counting 100; the lockout after them one more row', async () => {
    const address = '127.4.0.1'
    const { result, rows, changed } = await auditedBy(async () => {
      const statuses: number[] = []
      for (let n = 0; n < AUTH_FAILURE_LIMIT.perAddress; n++) statuses.push((await metrics(`wrong-token-${n}`, address)).status)
      return statuses
    })
    expect(new Set(result)).toEqual(new Set([401]))
    expect(rows.map((r) => [r.action, r.outcome, r.count])).toEqual([['auth.token', 'refused', 100]])
    expect(changed).toEqual([])
    expect((await newestOf('auth.token', 1))[0]).toMatchObject({ source: address, target: 'metrics', count: 100 })
    // Locked out: refused unread, and the lockout is one row of its own for the window.
    const lockedOut = await auditedBy(async () => [(await metrics('wrong-token-101', address)).status, (await metrics('wrong-token-102', address)).status])
    expect(lockedOut.result).toEqual([429, 429])
    expect(lockedOut.rows.map((r) => [r.action, r.outcome, r.count])).toEqual([['auth.token', 'refused', 1]])
    expect((await newestOf('auth.token', 1))[0]).toMatchObject({ source: address, detail: { reason: { code: 'auth.lockedOut' } } })
  })

  it('100 identical refused calls of a viewer: one row counting 100; the same refusal in the next minute is a row of its own', async () => {
    const { result, rows, changed } = await auditedBy(async () => {
      const results: BridgeResult[] = []
      for (let n = 0; n < 100; n++) results.push(await callAs('viewer', 'deleteGroup', [w.groupB.id]))
      return results
    })
    expect(result.every((r) => !r.ok && r.error?.code === 'auth.adminOnly')).toBe(true)
    expect(rows.map((r) => [r.action, r.outcome, r.count])).toEqual([['group.delete', 'refused', 100]])
    expect(changed).toEqual([])
    expect(await admin().listGroups()).toEqual(expect.arrayContaining([expect.objectContaining({ id: w.groupB.id })]))
    await w.auth.h.clock.advance(60_000)
    const next = await auditedBy(() => callAs('viewer', 'deleteGroup', [w.groupB.id]))
    expect(next.rows.map((r) => [r.action, r.outcome, r.count])).toEqual([['group.delete', 'refused', 1]])
  })
})
