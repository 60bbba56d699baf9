import type { PoolInput } from '../../shared/capacity'
import { anyone } from './common-rules'
import type { MethodRule, RuleContext } from './method-rule-types'
import { requireAdmin, requireOperates } from './refusal'

/**
 * Resource pools are the server's, not a group's: everyone reads them, admins manage them. The
 * queue shows each caller its own groups' runs; whoever operates a run's group may cancel it while
 * it waits, and only an admin starts one past its pools (it takes slots others wait for).
 */
async function adminPoolWrite(ctx: RuleContext, name: string, input: unknown, withBefore: boolean) {
  requireAdmin(ctx.principal, ctx.method)
  const before = withBefore ? (await ctx.core.listPools()).find((p) => p.name === name) : undefined
  return { target: `pool ${name}`, params: input, ...(before ? { before: { slots: before.slots, description: before.description } } : {}) }
}

export const POOL_RULES = {
  listPools: anyone,
  addPool: {
    action: 'pool.add',
    async allow(ctx, [pool]: [PoolInput]) {
      return { ...(await adminPoolWrite(ctx, pool.name, pool, false)), args: [pool, ctx.principal.name] }
    },
  },
  updatePool: {
    action: 'pool.update',
    async allow(ctx, [pool]: [PoolInput]) {
      return { ...(await adminPoolWrite(ctx, pool.name, pool, true)), args: [pool, ctx.principal.name] }
    },
  },
  removePool: {
    action: 'pool.remove',
    async allow(ctx, [request]: [{ name: string }]) {
      return adminPoolWrite(ctx, request.name, request, true)
    },
  },
  listQueue: {
    async allow(ctx, [filter]: [{ pool?: string; groupId?: number } | undefined]) {
      const granted = ctx.principal.groupIds
      return granted === null ? {} : { args: [filter ?? {}, [...granted]] }
    },
  },
  cancelQueued: {
    action: 'queue.cancel',
    async allow(ctx, [request]: [{ runId: number }]) {
      const run = await ctx.core.getRun(request.runId)
      requireOperates(ctx.principal, run.jobGroup, ctx.method, { code: 'run.notFound', id: request.runId })
      return { groupId: run.jobGroup, target: `run ${request.runId}`, params: { runId: request.runId, jobId: run.jobId } }
    },
  },
  startQueuedNow: {
    action: 'queue.startNow',
    async allow(ctx, [request]: [{ runId: number }]) {
      requireAdmin(ctx.principal, ctx.method)
      const run = await ctx.core.getRun(request.runId)
      return { groupId: run.jobGroup, target: `run ${request.runId}`, params: { runId: request.runId, jobId: run.jobId } }
    },
  },
} satisfies Record<string, MethodRule>
