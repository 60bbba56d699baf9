import { expect, it } from 'vitest'
import { addGroup, storeSuite } from './store-fixture'

storeSuite("a group's LLM provider", (f) => {
  it('keeps one provider per group: set, replaced, read, removed; no key secret reads as null', async () => {
    const group = await addGroup(f.store)
    expect(await f.store.llmProviders.get(group)).toBeUndefined()
    const first = {
      groupId: group,
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      apiKeySecret: 'openai_key',
      timeoutSec: 60,
      maxTokens: 512,
      updatedAtMs: 1_765_000_000_000,
      updatedBy: 'alice',
    }
    await f.store.llmProviders.put(first)
    expect(await f.store.llmProviders.get(group)).toEqual(first)
    const local = { ...first, baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:0.5b', apiKeySecret: null, updatedBy: 'bob' }
    await f.store.llmProviders.put(local)
    expect(await f.store.llmProviders.get(group)).toEqual(local)
    expect(await f.store.llmProviders.all()).toEqual([local])
    expect(await f.store.llmProviders.delete(group)).toBe(true)
    expect(await f.store.llmProviders.delete(group)).toBe(false)
    expect(await f.store.llmProviders.get(group)).toBeUndefined()
  })
})
