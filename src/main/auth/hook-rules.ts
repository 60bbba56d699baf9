import type { HookView } from '../../shared/hook-types'
import { notPermitted } from '../../shared/messages/coded-errors'
import { FLOW_RULES } from './flow-rules'
import type { MethodRule, RuleContext } from './method-rule-types'
import { refuse, requireOperates, requireSees } from './refusal'

/**
 * Who may do what with trigger URLs: what holds for their job or flow. Reading them, who sees it;
 * making and removing them, who operates it (an operator of the job's group, every group of a
 * flow's jobs; an admin) — but not a group's own token: a trigger URL is a new credential that
 * outlives the call, and a group token stays inside what its executors need (docs/trust.md).
 */
type Target = { jobId?: number; flowId?: number }

async function onTarget(ctx: RuleContext, target: Target, operate: boolean): Promise<{ groupId: number | null; target: string }> {
  if (target.flowId !== undefined) {
    const flowRule = operate ? FLOW_RULES.removeFlow : FLOW_RULES.getFlow
    const decision = await flowRule.allow(ctx, [target.flowId])
    return { groupId: decision.groupId ?? null, target: `flow ${target.flowId}` }
  }
  const jobId = target.jobId!
  const job = await ctx.core.getJob(jobId)
  if (operate) requireOperates(ctx.principal, job.jobGroup, ctx.method, { code: 'job.notFound', id: jobId })
  else requireSees(ctx.principal, job.jobGroup, { code: 'job.notFound', id: jobId })
  return { groupId: job.jobGroup, target: `job ${jobId}` }
}

function requirePerson(ctx: RuleContext): void {
  if (ctx.principal.kind === 'group-token') refuse(notPermitted('hook.personOnly', { method: ctx.method }))
}

const targetOf = (hook: HookView): Target => (hook.kind === 'flow' ? { flowId: hook.targetId } : { jobId: hook.targetId })

export const HOOK_RULES = {
  createHook: {
    action: 'hook.create',
    async allow(ctx, [request]) {
      requirePerson(ctx)
      const decision = await onTarget(ctx, request, true)
      // The creator's name goes with the hook (its list shows who made it).
      return { ...decision, params: request, args: [request, ctx.principal.name] }
    },
    // The secret stays out of the audit trail: the row shows the hook, not what signs for it.
    after: (created: { hook: HookView }) => created.hook,
  },
  listHooks: {
    async allow(ctx, [request]) {
      return onTarget(ctx, request, false)
    },
  },
  getHook: {
    async allow(ctx, [request]) {
      const hook = await ctx.core.getHook(request)
      return onTarget(ctx, targetOf(hook), false)
    },
  },
  removeHook: {
    action: 'hook.remove',
    async allow(ctx, [request]) {
      requirePerson(ctx)
      const hook = await ctx.core.getHook(request)
      return { ...(await onTarget(ctx, targetOf(hook), true)), before: hook, params: request }
    },
  },
} satisfies Record<string, MethodRule>
