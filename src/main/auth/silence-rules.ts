import type { AlarmSilence, SilenceTarget } from '../../shared/alarm-silence'
import { seesGroup } from '../../shared/principal'
import { FLOW_RULES, seesFlow } from './flow-rules'
import type { Decision, MethodRule, RuleContext } from './method-rule-types'
import { requireOperates } from './refusal'

/**
 * Who may mute alarms: whoever operates what the silence covers — the job's group, the group
 * itself, every group of a flow's jobs (as for pausing the flow) — and admins everything. Muting is
 * an operator's act on their own jobs (a planned database upgrade), not a right over others'.
 * Everyone reads the silences over what they see. The writer's name goes with the change as a second
 * argument; a lift keeps what the silence said in the audit row.
 */
async function operatesTarget(ctx: RuleContext, target: { jobId?: number; groupId?: number; flowId?: number }): Promise<Decision> {
  if (target.jobId !== undefined) {
    const job = await ctx.core.getJob(target.jobId)
    requireOperates(ctx.principal, job.jobGroup, ctx.method, { code: 'job.notFound', id: target.jobId })
    return { groupId: job.jobGroup, target: `job ${target.jobId}` }
  }
  if (target.groupId !== undefined) {
    requireOperates(ctx.principal, target.groupId, ctx.method, { code: 'group.notFound', id: target.groupId })
    return { groupId: target.groupId, target: `group ${target.groupId}` }
  }
  const decision = await FLOW_RULES.setFlowActive.allow(ctx, [{ id: target.flowId }])
  return { groupId: decision.groupId ?? null, target: `flow ${target.flowId}` }
}

async function seesTarget(ctx: RuleContext, target: SilenceTarget): Promise<boolean> {
  if (ctx.principal.groupIds === null) return true
  if (target.groupId !== undefined) return seesGroup(ctx.principal, target.groupId)
  if (target.jobId !== undefined) {
    const job = await ctx.core.getJob(target.jobId).catch(() => null)
    return job !== null && seesGroup(ctx.principal, job.jobGroup)
  }
  const flow = await ctx.core.getFlow(target.flowId).catch(() => null)
  return flow !== null && (await seesFlow(ctx, flow))
}

export const SILENCE_RULES = {
  addSilence: {
    action: 'silence.add',
    async allow(ctx, [request]: [{ jobId?: number; groupId?: number; flowId?: number }]) {
      const decision = await operatesTarget(ctx, request)
      return { ...decision, target: `silence of ${decision.target}`, params: request, args: [request, ctx.principal.name] }
    },
  },
  listSilences: {
    allow: async () => ({}),
    async narrow(ctx, silences: AlarmSilence[]) {
      const seen: AlarmSilence[] = []
      for (const silence of silences) if (await seesTarget(ctx, silence.target)) seen.push(silence)
      return seen
    },
  },
  removeSilence: {
    action: 'silence.remove',
    async allow(ctx, [request]: [{ id: number }]) {
      const before = (await ctx.core.listSilences()).find((s) => s.id === request.id)
      // A silence the caller may not lift reads as one that does not exist, as a hidden job does.
      if (before) await operatesTarget(ctx, before.target)
      return { target: `silence ${request.id}`, params: request, ...(before ? { before } : {}), args: [request, ctx.principal.name] }
    },
  },
} satisfies Record<string, MethodRule>
