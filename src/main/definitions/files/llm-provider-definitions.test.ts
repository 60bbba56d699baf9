import { describe, expect, it } from 'vitest'
import { useDefinitionWorld } from '../../../../test/support/definition-world'
import type { DefinitionSource } from '../../../shared/definition-plan'

/**
 * A group's LLM provider in definition files (`kind: LlmProvider`, docs/llm-steps.md) against a
 * real SQLite store: applied for a group on the server and for one the same files declare, no
 * change the second time, changed field by field, exported as written, an unknown group refused.
 */
const NOW_MS = Date.UTC(2026, 0, 5, 12)

const world = useDefinitionWorld('jobdesk-llm-definitions-', NOW_MS, ['batch'])

const local = { kind: 'LlmProvider', name: 'batch', baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:0.5b' }
const openai = { kind: 'LlmProvider', name: 'writers', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKeySecret: 'openai_key', maxTokens: 800 }
const writers = { kind: 'Group', name: 'writers' }
const sources = (docs: object[]): DefinitionSource[] => docs.map((document, i) => ({ file: `defs/${i}.yaml`, document }))
const apply = (docs: object[], dryRun = false) => world.service.apply({ sources: sources(docs), dryRun, prune: 'none' })
const providerOf = async (appName: string) => world.store.llmProviders.get((await world.store.groups.findByAppName(appName))!.id)

describe('LLM providers in definition files', () => {
  it("sets a server group's provider and a new group's, then changes nothing, then one field", async () => {
    const first = await apply([local, writers, openai])
    expect(first.changes.filter((c) => c.kind === 'LlmProvider').map((c) => [c.action, c.key])).toEqual([
      ['create', 'batch'],
      ['create', 'writers'],
    ])
    expect(await providerOf('batch')).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKeySecret: null,
      timeoutSec: 300,
      maxTokens: 1024,
      updatedBy: 'definitions',
    })
    expect(await providerOf('writers')).toMatchObject({ model: 'gpt-4o-mini', apiKeySecret: 'openai_key', maxTokens: 800 })

    expect(await apply([local, writers, openai])).toMatchObject({ changes: [], applied: false })
    const changed = await apply([{ ...local, model: 'llama3.2:1b' }, writers, openai], true)
    expect(changed.changes).toEqual([
      {
        action: 'update',
        kind: 'LlmProvider',
        key: 'batch',
        file: 'defs/0.yaml',
        fields: ['model'],
        values: [{ field: 'model', before: expect.stringContaining('qwen2.5:0.5b'), after: expect.stringContaining('llama3.2:1b') }],
      },
    ])
  })

  it('exports each provider as its file wrote it, with its group', async () => {
    await apply([local, writers, openai])
    const exported = await world.service.export()
    expect(exported.filter((d) => d.kind === 'LlmProvider')).toEqual([local, openai])
  })

  it('refuses a provider of a group neither on the server nor in the files, writing nothing', async () => {
    await expect(apply([local, { ...openai, name: 'nowhere' }])).rejects.toMatchObject({
      code: 'definitions.refused',
      problems: [{ field: 'sources[1].document.name', code: 'definitions.llmProviderGroupUnknown' }],
    })
    expect(await providerOf('batch')).toBeUndefined()
  })
})
