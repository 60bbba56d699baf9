import type { BridgeCase, HttpCase } from './matrix-cases'
import type { SecurityWorld } from '../../../support/security-world'
import type { Credential } from './security-matrix'

const provider = (groupId: number) => ({ groupId, baseUrl: 'http://127.0.0.1:11434/v1', model: 'matrix-model', apiKeySecret: 'matrix_key' })

/** A provider made for one removal, so each removal has one to remove. */
async function providerToRemove(world: SecurityWorld, groupId: number): Promise<{ groupId: number }> {
  await world.auth.h.headless.core.api.setLlmProvider(provider(groupId))
  return { groupId }
}

/**
 * A group's LLM provider (docs/llm-steps.md): its operators and admins set and remove it, whoever
 * sees the group reads it; B's is an admin's only here (foreign).
 */
export function llmBridgeCases(world: () => SecurityWorld): BridgeCase[] {
  const a = () => world().groupA.id
  const b = () => world().groupB.id
  return [
    { method: 'setLlmProvider', args: () => [provider(a())], need: 'operator', action: 'llm.set' },
    { label: 'setLlmProvider in B', method: 'setLlmProvider', args: () => [provider(b())], need: 'operator', foreign: true, action: 'llm.set' },
    { method: 'getLlmProvider', args: () => [{ groupId: a() }], need: 'viewer', action: 'auth.read' },
    { label: 'getLlmProvider of B', method: 'getLlmProvider', args: () => [{ groupId: b() }], need: 'viewer', foreign: true, action: 'auth.read' },
    { method: 'removeLlmProvider', args: async () => [await providerToRemove(world(), a())], need: 'operator', action: 'llm.remove' },
  ]
}

/** The OpenAPI's cases: a personal token and the group token act in A, the API token is an admin. */
export function llmHttpCases(world: () => SecurityWorld, operatorOfA: Credential[]): HttpCase[] {
  const a = () => world().groupA.id
  return [
    { label: 'setLlmProvider in A', path: '/api/setLlmProvider', body: () => provider(a()), may: operatorOfA, action: 'llm.set' },
    { label: 'setLlmProvider in B', path: '/api/setLlmProvider', body: () => provider(world().groupB.id), may: ['api'], action: 'llm.set' },
    { label: 'getLlmProvider of A', path: '/api/getLlmProvider', body: () => ({ groupId: a() }), may: operatorOfA, action: 'auth.read' },
    { label: 'removeLlmProvider in A', path: '/api/removeLlmProvider', body: () => providerToRemove(world(), a()), may: operatorOfA, action: 'llm.remove' },
  ]
}
