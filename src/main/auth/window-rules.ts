import type { WindowRequest } from '../../shared/schema/window'
import { anyone } from './common-rules'
import { FLOW_RULES } from './flow-rules'
import { JOB_RULES } from './job-rules'
import type { MethodRule, RuleContext } from './method-rule-types'
import { requireAdmin } from './refusal'

/**
 * Maintenance windows and pause-all are the server's, not a group's: everyone signed in reads them
 * (the banner, the Calendars page), admins write them. The writer's name goes with the change, as a
 * second argument the rule adds; an update and a removal keep what the window said before in the
 * audit row, and pause-all's row has the reason it was switched with.
 */
async function windowBefore(ctx: RuleContext, id: number) {
  return (await ctx.core.listWindows()).find((w) => w.id === id)
}

export const WINDOW_RULES = {
  listWindows: anyone,
  addWindow: {
    action: 'window.add',
    async allow(ctx, [window]: [WindowRequest]) {
      requireAdmin(ctx.principal, ctx.method)
      return { target: `window ${window.name}`, params: window, args: [window, ctx.principal.name] }
    },
  },
  updateWindow: {
    action: 'window.update',
    async allow(ctx, [window]: [WindowRequest & { id: number }]) {
      requireAdmin(ctx.principal, ctx.method)
      const before = await windowBefore(ctx, window.id)
      return { target: `window ${window.id}`, params: window, ...(before ? { before } : {}), args: [window, ctx.principal.name] }
    },
  },
  removeWindow: {
    action: 'window.remove',
    async allow(ctx, [request]: [{ id: number }]) {
      requireAdmin(ctx.principal, ctx.method)
      const before = await windowBefore(ctx, request.id)
      return { target: `window ${request.id}`, params: request, ...(before ? { before } : {}) }
    },
  },
  getMaintenance: anyone,
  setMaintenance: {
    async allow(ctx, [request]: [{ on: boolean; reason: string }]) {
      requireAdmin(ctx.principal, ctx.method)
      return {
        action: request.on ? 'maintenance.on' : 'maintenance.off',
        target: 'pause-all',
        params: request,
        before: await ctx.core.getMaintenance(),
        args: [request, ctx.principal.name],
      }
    },
  },
  // One job's or one flow's: the caller sees its missed slots when it sees the job or the flow.
  listMissedSlots: {
    async allow(ctx, [request]: [{ jobId?: number; flowId?: number }]) {
      if (request.jobId !== undefined) return JOB_RULES.getJob.allow(ctx, [request.jobId])
      return FLOW_RULES.getFlow.allow(ctx, [request.flowId])
    },
  },
} satisfies Record<string, MethodRule>
