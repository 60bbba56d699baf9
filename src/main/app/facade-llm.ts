import type { LlmApi, LlmProviderInput, LlmProviderView } from '../../shared/llm-provider'
import { notFound } from '../../shared/messages/coded-errors'
import type { FacadeDeps } from './facade-deps'

/**
 * A group's LLM provider (docs/llm-steps.md). The writer's name is an argument the method's rule
 * adds (auth/llm-rules.ts); the key's secret is kept by name and read only at trigger time.
 */
export function llmApi(deps: Pick<FacadeDeps, 'store' | 'nowMs'>): LlmApi {
  const { store } = deps
  const requireGroup = async (groupId: number): Promise<void> => {
    if (!(await store.groups.get(groupId))) throw notFound('group.notFound', { id: groupId })
  }
  return {
    async setLlmProvider(input: Required<LlmProviderInput>, by = 'someone'): Promise<LlmProviderView> {
      await requireGroup(input.groupId)
      const provider: LlmProviderView = { ...input, apiKeySecret: input.apiKeySecret || null, updatedAtMs: deps.nowMs(), updatedBy: by }
      await store.llmProviders.put(provider)
      return provider
    },
    async getLlmProvider({ groupId }) {
      await requireGroup(groupId)
      return (await store.llmProviders.get(groupId)) ?? null
    },
    async removeLlmProvider({ groupId }) {
      await requireGroup(groupId)
      if (!(await store.llmProviders.delete(groupId))) throw notFound('llm.providerNotFound', { groupId })
    },
  }
}
