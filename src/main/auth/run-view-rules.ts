import type { AlarmListRequest } from '../../shared/alarm-list'
import type { RunsOverTimeRequest } from '../../shared/run-views'
import { FLOW_RULES } from './flow-rules'
import { JOB_RULES } from './job-rules'
import type { MethodRule, RuleContext } from './method-rule-types'
import { requireOperates, requireSees } from './refusal'

/** The groups a group-limited caller sees, as the queries' narrowing; null for one who sees every group. */
const seenGroups = (ctx: RuleContext) => (ctx.principal.groupIds === null ? null : [...ctx.principal.groupIds])

/**
 * Runs over time are read by who sees the job or the flow (as its runs are); the rankings and the
 * alarm list by everyone, narrowed by the database to the groups the caller sees (the narrowing is
 * an argument the rule adds, so a page of 1,000 alarms is 1,000 the caller may read). An alarm is
 * sent again by who operates its job's group, and admins; each resend is audited.
 */
export const RUN_VIEW_RULES = {
  listJobRunsOverTime: {
    async allow(ctx, [request]: [RunsOverTimeRequest]) {
      if (request.jobId !== undefined) return JOB_RULES.getJob.allow(ctx, [request.jobId])
      return FLOW_RULES.getFlow.allow(ctx, [request.flowId])
    },
  },
  getJobRankings: {
    async allow(ctx) {
      const groupIds = seenGroups(ctx)
      return groupIds === null ? {} : { args: [{ groupIds }] }
    },
  },
  listAlarms: {
    // One job's alarms need no check of the job: the groups narrow them (a hidden or deleted job's read as none).
    async allow(ctx, [request]: [AlarmListRequest]) {
      return { args: [request, seenGroups(ctx)] }
    },
  },
  getAlarm: {
    async allow(ctx, [request]: [{ id: number }]) {
      const entry = await ctx.core.getAlarm(request)
      requireSees(ctx.principal, entry.jobGroup, { code: 'alarms.notFound', id: request.id })
      return { groupId: entry.jobGroup, target: `alarm ${request.id}` }
    },
  },
  resendAlarm: {
    action: 'alarm.resend',
    async allow(ctx, [request]: [{ id: number }]) {
      const entry = await ctx.core.getAlarm(request)
      requireOperates(ctx.principal, entry.jobGroup, ctx.method, { code: 'alarms.notFound', id: request.id })
      return {
        groupId: entry.jobGroup,
        target: `alarm ${request.id}`,
        params: { id: request.id, logId: entry.logId, jobId: entry.jobId, kind: entry.kind },
        args: [request, ctx.principal.name],
      }
    },
    after: (resent: { id: number; state: string; deliveries: unknown[] }) => ({ id: resent.id, state: resent.state, deliveries: resent.deliveries }),
  },
} satisfies Record<string, MethodRule>
