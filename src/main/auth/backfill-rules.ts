import type { BackfillFilter, BackfillStarted, BackfillSummary } from '../../shared/backfill'
import { seesGroup } from '../../shared/principal'
import { FLOW_RULES, seesFlow } from './flow-rules'
import { JOB_RULES } from './job-rules'
import type { MethodRule, RuleContext } from './method-rule-types'
import { NotFoundError } from '../../shared/errors'
import { notFound } from '../../shared/messages/coded-errors'
import { Refusal, refuse, requireSees } from './refusal'

/**
 * Who may do what with backfills: what holds for their job or flow. Starting, pausing, resuming
 * and cancelling one, whoever may trigger the job (an operator of its group) or the flow (an
 * operator of every group of its jobs); reading them, whoever sees its runs.
 */
type Target = { jobId?: number; flowId?: number }

async function onTarget(ctx: RuleContext, target: Target, operate: boolean): Promise<{ groupId: number | null; target: string }> {
  if (target.flowId !== undefined) {
    const flowRule = operate ? FLOW_RULES.triggerFlow : FLOW_RULES.getFlow
    const decision = await flowRule.allow(ctx, [target.flowId])
    return { groupId: decision.groupId ?? null, target: `flow ${target.flowId}` }
  }
  const jobId = target.jobId!
  if (operate) {
    const decision = await JOB_RULES.triggerJob.allow(ctx, [{ jobId }])
    return { groupId: decision.groupId ?? null, target: `job ${jobId}` }
  }
  const job = await ctx.core.getJob(jobId)
  requireSees(ctx.principal, job.jobGroup, { code: 'job.notFound', id: jobId })
  return { groupId: job.jobGroup, target: `job ${jobId}` }
}

/** One backfill, judged by its job or flow; one the caller may not see (or whose job is gone) reads as missing. */
async function onBackfill(ctx: RuleContext, id: number, operate: boolean): Promise<{ groupId: number | null; target: string }> {
  const backfill = await ctx.core.getBackfill({ id, slotLimit: 1 })
  // An admin may act on every backfill, even one whose job or flow is gone since.
  if (ctx.principal.role === 'admin') return { groupId: null, target: `backfill ${id}` }
  try {
    return { ...(await onTarget(ctx, backfill, operate)), target: `backfill ${id}` }
  } catch (error) {
    const missing = error instanceof Refusal ? error.error instanceof NotFoundError : error instanceof NotFoundError
    if (missing) refuse(notFound('backfill.notFound', { id }))
    throw error
  }
}

function backfillAction(action: 'backfill.pause' | 'backfill.resume' | 'backfill.cancel'): MethodRule {
  return {
    action,
    async allow(ctx, [request]: [{ id: number }]) {
      return { ...(await onBackfill(ctx, request.id, true)), params: request }
    },
    after: (summary: BackfillSummary) => ({ state: summary.state, done: summary.done, failed: summary.failed, running: summary.running }),
  }
}

export const BACKFILL_RULES = {
  startBackfill: {
    async allow(ctx, [request]: [Target & { dryRun?: boolean }]) {
      const decision = await onTarget(ctx, request, true)
      // A dry run writes nothing: it is a read, and leaves no audit row.
      return { ...decision, action: request.dryRun ? undefined : 'backfill.start', params: request, args: [request, ctx.principal.name] }
    },
    // The slots are the backfill's rows: the audit row says how many.
    after: (started: BackfillStarted) => ({ backfillId: started.backfillId, slots: started.slots.length }),
  },
  getBackfill: {
    async allow(ctx, [query]: [{ id: number }]) {
      return onBackfill(ctx, query.id, false)
    },
  },
  listBackfills: {
    async allow(ctx, [filter]: [BackfillFilter | undefined]) {
      if (filter?.jobId !== undefined || filter?.flowId !== undefined) return onTarget(ctx, filter, false)
      return {}
    },
    async narrow(ctx, backfills: BackfillSummary[]) {
      if (ctx.principal.groupIds === null) return backfills
      const visible: BackfillSummary[] = []
      for (const backfill of backfills) if (await seesTarget(ctx, backfill)) visible.push(backfill)
      return visible
    },
  },
  pauseBackfill: backfillAction('backfill.pause'),
  resumeBackfill: backfillAction('backfill.resume'),
  cancelBackfill: backfillAction('backfill.cancel'),
} satisfies Record<string, MethodRule>

async function seesTarget(ctx: RuleContext, backfill: BackfillSummary): Promise<boolean> {
  if ('flowId' in backfill) {
    const flow = await ctx.core.getFlow(backfill.flowId).catch(() => null)
    return flow !== null && (await seesFlow(ctx, flow))
  }
  const job = await ctx.core.getJob(backfill.jobId).catch(() => null)
  return job !== null && seesGroup(ctx.principal, job.jobGroup)
}
