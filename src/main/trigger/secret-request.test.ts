import { describe, expect, it } from 'vitest'
import { embeddedAddressOf } from '../domain/embedded-address'
import { entitledGroup } from '../../../test/support/entitled-group'
import type { TriggerParam } from '../executor/executor-api'
import { memorySecretReader } from '../secrets/memory-secret-reader'
import { requestWithSecrets } from './secret-request'

const { group, registered, stranger, executors } = entitledGroup()
const secrets = memorySecretReader([
  { groupId: null, name: 'pw', value: 'global-pw' },
  { groupId: 4, name: 'pw', value: 'billing-pw' },
])
const param = (executorParams: string, executorHandler = 'demoJobHandler') => ({ executorParams, executorHandler, glueType: 'BEAN' }) as TriggerParam
const run = { group, tokenless: [] as string[], job: {} }

describe('requestWithSecrets', () => {
  it("puts in the group's own value for a registered address and for the embedded executor", async () => {
    for (const address of [registered, embeddedAddressOf('node-a')]) {
      const request = await requestWithSecrets(param('pw=${secrets.pw}'), run, address, { executors, secrets })
      expect(request).toEqual({ ok: true, param: expect.objectContaining({ executorParams: 'pw=billing-pw' }) })
    }
  })

  it('refuses an address not registered in the group, and one an override named', async () => {
    for (const [address, tokenless] of [
      [stranger, []],
      [registered, [registered]],
    ] as const) {
      const request = await requestWithSecrets(param('${secrets.pw}'), { group, tokenless, job: {} }, address, { executors, secrets })
      expect(request.ok === false && request.why.code).toBe('triggerResult.secretToUnregistered')
    }
  })

  it('refuses a name no secret has, and a reference that would choose an HTTP request’s host', async () => {
    const missing = await requestWithSecrets(param('${secrets.nope}'), run, registered, { executors, secrets })
    expect(missing.ok === false && missing.why).toMatchObject({ code: 'triggerResult.secretMissing', params: { names: 'nope' } })
    const host = await requestWithSecrets(param('{"url":"http://${secrets.pw}/"}', 'httpJobHandler'), run, registered, { executors, secrets })
    expect(host.ok === false && host.why.code).toBe('triggerResult.secretPlacement')
  })

  it("puts a job's env into the request as its secrets' values, and masks them", async () => {
    const withEnv = { ...run, job: { env: { DB_PASS: 'secrets.pw' } } }
    const request = await requestWithSecrets(param('plain'), withEnv, registered, { executors, secrets })
    expect(request).toEqual({
      ok: true,
      param: expect.objectContaining({ executorParams: 'plain', env: { DB_PASS: 'billing-pw' }, maskValues: ['billing-pw'] }),
    })
    const elsewhere = await requestWithSecrets(param('plain'), withEnv, stranger, { executors, secrets })
    expect(elsewhere.ok === false && elsewhere.why.code).toBe('triggerResult.secretToUnregistered')
  })

  it('returns a request naming no secret as it is, reading nothing', async () => {
    const request = param('plain ${HOME}')
    const throwing = { valuesFor: () => Promise.reject(new Error('read')), allValues: () => Promise.reject(new Error('read')) }
    expect(await requestWithSecrets(request, run, stranger, { executors, secrets: throwing })).toEqual({ ok: true, param: request })
  })
})
