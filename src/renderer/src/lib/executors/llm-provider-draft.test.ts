import { describe, expect, it } from 'vitest'
import { EMPTY_LLM_PROVIDER, LLM_PROVIDER_FIELDS, llmProviderChange, llmProviderDraftOf, llmProviderField } from './llm-provider-draft'

const openai = { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKeySecret: 'openai_key', timeoutSec: 60, maxTokens: 500 }

describe("the group editor's LLM provider fields", () => {
  it('change nothing when left as loaded, or left blank for a group without one', () => {
    const loaded = llmProviderDraftOf({ groupId: 3, ...openai, updatedAtMs: 0, updatedBy: 'a' })
    expect(llmProviderChange(loaded, { ...loaded }, 3)).toEqual({ kind: 'none' })
    expect(llmProviderChange(EMPTY_LLM_PROVIDER, { ...EMPTY_LLM_PROVIDER, timeoutSec: 10 }, 3)).toEqual({ kind: 'none' })
  })

  it('set the provider, an empty secret meaning no key, and remove it when base URL and model are cleared', () => {
    const draft = { ...EMPTY_LLM_PROVIDER, baseUrl: ' http://127.0.0.1:11434/v1 ', model: 'qwen2.5:0.5b' }
    expect(llmProviderChange(EMPTY_LLM_PROVIDER, draft, 3)).toEqual({
      kind: 'set',
      input: { groupId: 3, baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:0.5b', apiKeySecret: null, timeoutSec: 300, maxTokens: 1024 },
    })
    const loaded = llmProviderDraftOf({ groupId: 3, ...openai, updatedAtMs: 0, updatedBy: 'a' })
    expect(llmProviderChange(loaded, { ...loaded, baseUrl: '', model: '' }, 3)).toEqual({ kind: 'remove' })
  })
})

describe("where a provider's save error lands", () => {
  it('beside the field the core names, in the call’s words or the field’s own', () => {
    expect(LLM_PROVIDER_FIELDS.has('arguments[0].baseUrl')).toBe(true)
    expect(llmProviderField('arguments[0].baseUrl')).toBe('baseUrl')
    expect(llmProviderField('model')).toBe('model')
  })
})
