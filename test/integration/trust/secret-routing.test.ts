import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminHarness } from '../../support/admin-harness'
import { jobInput } from '../../support/job-input'
import { memorySecretReader } from '../../../src/main/secrets/memory-secret-reader'

/**
 * Issue 45: a run that names a secret goes only to addresses registered in (or configured for) the
 * job's group — the group token's rule. A trigger whose address override names another address
 * would carry the secret there: it is refused, audited, and writes nothing else.
 */
const VALUE = 'routing-secret-value-81'
let h: AdminHarness
beforeAll(async () => (h = await AdminHarness.start({ secretReader: memorySecretReader([{ groupId: null, name: 'db_pw', value: VALUE }]) })), 60_000)
afterAll(async () => h?.stop())

describe('a run naming a secret', () => {
  it('is refused with an override to an unregistered address: audited, nothing else written', async () => {
    const auditMark = h.auditRowsAfter(0).at(-1)?.id ?? 0
    const body = { id: h.fixture.groupJob, executorParam: 'pw=${secrets.db_pw}', addressList: ['http://127.0.0.1:8/'] }
    const { result, changed } = await h.tablesChangedBy(() => h.post('triggerJob', body, 'api'))
    expect(result.code).toBe(500)
    expect(result.msg).toContain('not registered')
    expect(changed.filter((table) => table !== 'job_audit')).toEqual([])
    expect(h.auditRowsAfter(auditMark)).toContainEqual(expect.objectContaining({ action: 'job.trigger', outcome: 'refused' }))
  })

  it("goes to the group's own address, its row keeping the reference, never the value", async () => {
    const body = { id: h.fixture.groupJob, executorParam: 'pw=${secrets.db_pw}', addressList: ['http://127.0.0.1:9/'] }
    const reply = await h.post('triggerJob', body, 'api')
    expect(reply.code, reply.msg ?? '').toBe(200)
    const { runs } = await h.headless.core.api.listRuns({ limit: 50 })
    const run = runs.find((r) => r.jobId === h.fixture.groupJob && r.executorParam.includes('secrets.'))
    expect(run?.executorParam).toBe('pw=${secrets.db_pw}')
    expect(JSON.stringify(runs)).not.toContain(VALUE)
  })

  it("is refused the same when only the job's env names the secret", async () => {
    const api = h.headless.core.api
    const input = jobInput(h.fixture.groupId, { name: 'env job', scheduleType: 'NONE', scheduleConf: '', env: { DB_PASS: 'secrets.db_pw' } })
    const jobId = (await api.saveJob(input)).id
    const body = { id: jobId, executorParam: 'plain', addressList: ['http://127.0.0.1:8/'] }
    const { result, changed } = await h.tablesChangedBy(() => h.post('triggerJob', body, 'api'))
    expect(result.code).toBe(500)
    expect(result.msg).toContain('not registered')
    expect(changed.filter((table) => table !== 'job_audit')).toEqual([])
  })

  it('without an override is sent as before (the group list holds the secret by right)', async () => {
    const reply = await h.post('triggerJob', { id: h.fixture.groupJob, executorParam: '${secrets.db_pw}' }, 'api')
    expect(reply.code, reply.msg ?? '').toBe(200)
  })
})
