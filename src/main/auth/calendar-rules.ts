import type { BusinessCalendar, CalendarImportRequest } from '../../shared/calendar/business-calendar'
import type { ScheduleSimulation } from '../../shared/calendar/schedule-simulation'
import { seesGroup } from '../../shared/principal'
import { anyone } from './common-rules'
import { seesFlow } from './flow-rules'
import type { MethodRule, RuleContext } from './method-rule-types'
import { requireAdmin } from './refusal'

/**
 * Business calendars are the server's, not a group's: everyone reads them (a job's editor picks
 * one), admins write them. The writer's name goes with the calendar, as a second argument the rule
 * adds; an update and a removal keep what the calendar said before in the audit row.
 */
async function adminWrite(ctx: RuleContext, name: string, input: unknown, withBefore: boolean) {
  requireAdmin(ctx.principal, ctx.method)
  const before = withBefore ? await ctx.core.getCalendar({ name }) : undefined
  return { target: `calendar ${name}`, params: input, ...(before ? { before } : {}) }
}

export const CALENDAR_RULES = {
  listCalendars: anyone,
  // The whole server is simulated; the caller sees the fires of the jobs and flows it sees.
  simulateSchedule: {
    ...anyone,
    async narrow(ctx, simulation: ScheduleSimulation) {
      if (ctx.principal.groupIds === null) return simulation
      const groupOfJob = new Map((await ctx.core.listJobs()).map((job) => [job.id, job.jobGroup]))
      const flows = new Map((await ctx.core.listFlows()).map((summary) => [summary.flow.id, summary.flow]))
      const seenFlows = new Set<number>()
      for (const [id, flow] of flows) if (await seesFlow(ctx, flow)) seenFlows.add(id)
      const sees = (ref: { jobId: number } | { flowId: number }) =>
        'flowId' in ref ? seenFlows.has(ref.flowId) : seesGroup(ctx.principal, groupOfJob.get(ref.jobId) ?? -1)
      return { fires: simulation.fires.filter(sees), skipped: simulation.skipped.filter(sees), cut: simulation.cut }
    },
  },
  getCalendar: anyone,
  addCalendar: {
    action: 'calendar.add',
    async allow(ctx, [calendar]: [BusinessCalendar]) {
      return { ...(await adminWrite(ctx, calendar.name, calendar, false)), args: [calendar, ctx.principal.name] }
    },
  },
  updateCalendar: {
    action: 'calendar.update',
    async allow(ctx, [calendar]: [BusinessCalendar]) {
      return { ...(await adminWrite(ctx, calendar.name, calendar, true)), args: [calendar, ctx.principal.name] }
    },
  },
  removeCalendar: {
    action: 'calendar.remove',
    async allow(ctx, [request]: [{ name: string }]) {
      return adminWrite(ctx, request.name, request, true)
    },
  },
  importCalendar: {
    action: 'calendar.import',
    async allow(ctx, [request]: [CalendarImportRequest]) {
      // The file itself stays out of the audit row: its format, size and name say what was imported.
      const format = request.ics !== undefined ? 'ics' : request.csv !== undefined ? 'csv' : 'yaml'
      const params = { name: request.name, timezone: request.timezone, format, chars: (request.ics ?? request.csv ?? request.yaml ?? '').length }
      return { ...(await adminWrite(ctx, request.name, params, false)), args: [request, ctx.principal.name] }
    },
  },
} satisfies Record<string, MethodRule>
