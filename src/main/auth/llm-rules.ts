import type { LlmProviderInput } from '../../shared/llm-provider'
import type { MethodRule, RuleContext } from './method-rule-types'
import { requireOperates, requireSees } from './refusal'

/**
 * A group's LLM provider (docs/llm-steps.md): admins and the group's operators set and remove it,
 * whoever sees the group (its viewers too) reads it. The provider names its key's secret, never a
 * value, so the request may stand whole in the audit row.
 */
function allowWrite(ctx: RuleContext, groupId: number) {
  requireOperates(ctx.principal, groupId, ctx.method, { code: 'group.notFound', id: groupId })
  return { groupId, target: `LLM provider of group ${groupId}` }
}

export const LLM_RULES = {
  setLlmProvider: {
    action: 'llm.set',
    async allow(ctx, [input]: [LlmProviderInput]) {
      return { ...allowWrite(ctx, input.groupId), params: input, args: [input, ctx.principal.name] }
    },
  },
  removeLlmProvider: {
    action: 'llm.remove',
    async allow(ctx, [request]: [{ groupId: number }]) {
      return { ...allowWrite(ctx, request.groupId), params: request }
    },
  },
  getLlmProvider: {
    async allow(ctx, [request]: [{ groupId: number }]) {
      requireSees(ctx.principal, request.groupId, { code: 'group.notFound', id: request.groupId })
      return {}
    },
  },
} satisfies Record<string, MethodRule>
