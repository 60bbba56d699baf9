import { describe, expect, it } from 'vitest'
import { embeddedAddressOf } from '../domain/embedded-address'
import { entitledGroup } from '../../../test/support/entitled-group'
import type { LlmProviderView } from '../../shared/llm-provider'
import type { TriggerParam } from '../executor/executor-api'
import { memorySecretReader } from '../secrets/memory-secret-reader'
import { requestWithLlm } from './llm-request'

const { group, registered, stranger, executors } = entitledGroup()
const secrets = memorySecretReader([
  { groupId: null, name: 'llm_key', value: 'global-key' },
  { groupId: 4, name: 'llm_key', value: 'billing-key' },
])
const provider: LlmProviderView = {
  groupId: 4,
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  apiKeySecret: 'llm_key',
  timeoutSec: 60,
  maxTokens: 500,
  updatedAtMs: 0,
  updatedBy: 'alice',
}
const providersOf = (...kept: LlmProviderView[]) => ({ get: async (groupId: number) => kept.find((p) => p.groupId === groupId) })
const param = (executorHandler = 'llmJobHandler', maskValues?: string[]) =>
  ({ executorParams: 'hello', executorHandler, glueType: 'BEAN', ...(maskValues ? { maskValues } : {}) }) as TriggerParam
const run = { group, tokenless: [] as string[] }

describe('requestWithLlm', () => {
  it("puts in the group's provider with its own secret's value as the key, among the values to mask", async () => {
    for (const address of [registered, embeddedAddressOf('node-a')]) {
      const request = await requestWithLlm(param('llmJobHandler', ['other']), run, address, { executors, secrets, llmProviders: providersOf(provider) })
      expect(request).toEqual({
        ok: true,
        param: expect.objectContaining({
          llm: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: 'billing-key', timeoutSec: 60, maxTokens: 500 },
          maskValues: ['other', 'billing-key'],
        }),
      })
    }
  })

  it('sends no key for a provider that names none (a local model)', async () => {
    const local = { ...provider, baseUrl: 'http://127.0.0.1:11434/v1', apiKeySecret: null }
    const request = await requestWithLlm(param(), run, registered, { executors, secrets, llmProviders: providersOf(local) })
    expect(request.ok && request.param.llm).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'gpt-4o-mini', timeoutSec: 60, maxTokens: 500 })
    expect(request.ok && request.param.maskValues).toBeUndefined()
  })

  it('refuses an address not registered in the group, and one an override named', async () => {
    for (const [address, tokenless] of [
      [stranger, []],
      [registered, [registered]],
    ] as const) {
      const request = await requestWithLlm(param(), { group, tokenless }, address, { executors, secrets, llmProviders: providersOf(provider) })
      expect(request.ok === false && request.why).toMatchObject({ code: 'triggerResult.llmToUnregistered', params: { address } })
    }
  })

  it('fails a group without a provider, and a provider whose secret is set nowhere', async () => {
    const none = await requestWithLlm(param(), run, registered, { executors, secrets, llmProviders: providersOf() })
    expect(none.ok === false && none.why).toMatchObject({ code: 'triggerResult.llmNoProvider', params: { groupId: 4 } })
    const missing = await requestWithLlm(param(), run, registered, { executors, secrets, llmProviders: providersOf({ ...provider, apiKeySecret: 'nope' }) })
    expect(missing.ok === false && missing.why).toMatchObject({ code: 'triggerResult.llmKeyMissing', params: { name: 'nope' } })
  })

  it('returns any other run as it is, reading nothing', async () => {
    const request = param('echoJobHandler')
    const throwing = { get: () => Promise.reject(new Error('read')) }
    expect(await requestWithLlm(request, run, stranger, { executors, secrets, llmProviders: throwing })).toEqual({ ok: true, param: request })
  })
})
