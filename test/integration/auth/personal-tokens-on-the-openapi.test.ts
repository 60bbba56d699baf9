import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedApiToken } from '../../../src/shared/auth'
import { AuthHarness } from '../../support/auth-harness'
import { postEnvelope, type EnvelopeReply } from '../../support/raw-http'
import type { BridgeClient } from '../../support/bridge-client'

/**
 * Issue 13 on the OpenAPI: personal tokens act with their role and groups (never more than their
 * creator's), stop at revocation and expiry, and their refusals write only an audit row.
 */
let auth: AuthHarness
let operator: BridgeClient
let admin: BridgeClient
const MINUTE_MS = 60_000

beforeAll(async () => {
  auth = await AuthHarness.start()
  operator = (await auth.console('op-a')).bridge
  admin = (await auth.console('admin')).bridge
}, 60_000)
afterAll(async () => {
  operator?.close()
  admin?.close()
  await auth?.stop()
})

function call(token: string, method: string, body: unknown): Promise<EnvelopeReply> {
  return postEnvelope(auth.h.port, `/api/${method}`, { 'XXL-JOB-ACCESS-TOKEN': token }, JSON.stringify(body))
}

async function expectRefusedWithAuditOnly(token: string, method: string, body: unknown): Promise<EnvelopeReply> {
  const { result, changed } = await auth.h.tablesChangedBy(() => call(token, method, body))
  expect(result.code, `${method} ${JSON.stringify(body)}: ${result.msg}`).toBe(500)
  expect(changed).toEqual(['job_audit'])
  return result
}

describe('a personal token', () => {
  it('of an operator of A triggers in A and is refused in B, which it does not see', async () => {
    const groupA = auth.h.fixture.embeddedGroupId
    const created = await operator.value<CreatedApiToken>('createApiToken', [{ name: 'ci', role: 'operator', groupIds: [groupA], expiresAtMs: 0 }])
    expect(created.token).toMatch(/^jdp_/)
    expect(JSON.stringify(await operator.value('listApiTokens'))).not.toContain(created.token)
    expect((await call(created.token, 'triggerJob', { id: auth.h.fixture.jobA })).code).toBe(200)
    const refused = await expectRefusedWithAuditOnly(created.token, 'triggerJob', { id: auth.h.fixture.groupJob })
    expect(refused.msg).toContain('does not exist')
    const jobs = (await call(created.token, 'listJobs', {})).data as { id: number }[]
    expect(jobs.map((j) => j.id)).not.toContain(auth.h.fixture.groupJob)
    const audit = (await auth.h.headless.core.api.listAudit({ actor: 'op-a/ci', outcome: 'refused' })).entries
    expect(audit[0]).toMatchObject({ actorKind: 'personal-token', source: '127.0.0.1', action: 'job.trigger' })
  })

  it('of a viewer reads runs and logs but cannot trigger', async () => {
    const created = await operator.value<CreatedApiToken>('createApiToken', [
      { name: 'reader', role: 'viewer', groupIds: [auth.h.fixture.embeddedGroupId], expiresAtMs: 0 },
    ])
    expect((await call(created.token, 'getRunLog', { logId: auth.h.fixture.runId, fromLineNum: 1 })).code).toBe(200)
    await expectRefusedWithAuditOnly(created.token, 'triggerJob', { id: auth.h.fixture.jobA })
  })

  it('cannot have more rights than its creator', async () => {
    const above = await operator.call('createApiToken', [{ name: 'root', role: 'admin', groupIds: [], expiresAtMs: 0 }])
    expect(above.kind === 'result' && !above.result.ok && above.result.error?.code).toBe('token.roleAboveOwner')
    const outside = await operator.call('createApiToken', [{ name: 'b', role: 'viewer', groupIds: [auth.h.fixture.groupId], expiresAtMs: 0 }])
    expect(outside.kind === 'result' && !outside.result.ok && outside.result.error?.code).toBe('token.groupNotOwned')
  })

  it('stops working when revoked or expired', async () => {
    const groupA = auth.h.fixture.embeddedGroupId
    const revoked = await operator.value<CreatedApiToken>('createApiToken', [{ name: 'short', role: 'viewer', groupIds: [groupA], expiresAtMs: 0 }])
    expect((await call(revoked.token, 'listJobs', {})).code).toBe(200)
    await operator.value('revokeApiToken', [revoked.info.id])
    expect(await call(revoked.token, 'listJobs', {})).toMatchObject({ code: 500, msg: 'The access token is wrong.' })

    const expiring = await operator.value<CreatedApiToken>('createApiToken', [
      { name: 'day', role: 'viewer', groupIds: [groupA], expiresAtMs: auth.h.clock.nowMs() + MINUTE_MS },
    ])
    expect((await call(expiring.token, 'listJobs', {})).code).toBe(200)
    await auth.h.clock.advance(MINUTE_MS)
    expect((await call(expiring.token, 'listJobs', {})).code).toBe(500)
  })

  it("of another user is not the operator's to revoke", async () => {
    const mine = await admin.value<CreatedApiToken>('createApiToken', [{ name: 'admin-ci', role: 'admin', groupIds: [], expiresAtMs: 0 }])
    const refused = await operator.call('revokeApiToken', [mine.info.id])
    expect(refused.kind === 'result' && !refused.result.ok && refused.result.error?.code).toBe('token.notFound')
    expect((await call(mine.token, 'listJobs', {})).code).toBe(200)
  })
})
