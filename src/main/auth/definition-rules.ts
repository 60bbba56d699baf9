import type { DefinitionOrigin } from '../../shared/definition-origin'
import type { DefinitionPlan } from '../../shared/definition-plan'
import type { DefinitionDocument } from '../../shared/schema/definition-files'
import { notFound, notPermitted } from '../../shared/messages/coded-errors'
import { redactUrl } from '../../shared/redact-url'
import { seesGroup } from '../../shared/principal'
import { visibleJobIds } from './common-rules'
import { seesFlow } from './flow-rules'
import type { MethodRule } from './method-rule-types'
import { refuse, requireAdmin } from './refusal'

/**
 * Jobs and definitions in and out of the server (JobDesk files, definitions as code, an XXL-JOB
 * database): what writes groups and scripts is an admin's; what shows every object is for whoever
 * sees every group.
 */
export const DEFINITION_RULES = {
  exportJobs: {
    action: 'job.export',
    async allow(ctx, [request]) {
      const ids = await visibleJobIds(ctx)
      if (ids === null) return { params: request }
      const asked: number[] | undefined = request?.jobIds
      const hidden = asked?.find((id) => !ids.has(id))
      if (hidden !== undefined) refuse(notFound('job.notFound', { id: hidden }))
      return { params: request, args: [{ jobIds: asked ?? [...ids] }] }
    },
    after: () => undefined,
  },
  importJobs: {
    action: 'jobs.import',
    async allow(ctx, [request]) {
      requireAdmin(ctx.principal, ctx.method)
      const document = request.document as { jobs?: unknown[]; flows?: unknown[] } | null
      const count = (part: unknown) => (Array.isArray(part) ? part.length : null)
      return { params: { onConflict: request.onConflict, jobCount: count(document?.jobs), flowCount: count(document?.flows) } }
    },
  },
  // An apply creates groups and sets scripts: an admin's. Its plan alone (a dry run, `jobdesk diff`)
  // and an export name every object and show scripts: for whoever sees every group.
  applyDefinitions: {
    action: 'definitions.apply',
    async allow(ctx, [request]) {
      if (!request.dryRun) requireAdmin(ctx.principal, ctx.method)
      else if (ctx.principal.groupIds !== null) refuse(notPermitted('auth.needsAllGroups', { method: ctx.method }))
      const files = [...new Set((request.sources as { file: string }[]).map((s) => s.file))]
      // The applier's name goes with the calendars it writes (their updatedBy), as a second argument.
      return {
        params: { dryRun: request.dryRun, prune: request.prune, documents: request.sources.length, files: files.slice(0, 20) },
        args: [request, ctx.principal.name],
      }
    },
    after: (plan: DefinitionPlan) => ({ applied: plan.applied, unchanged: plan.unchanged, changes: plan.changes.length }),
  },
  // Audited: the documents carry every job's settings and scripts out of the server. The row says
  // what was asked and how much went, not the documents themselves.
  exportDefinitions: {
    action: 'definitions.export',
    async allow(ctx, [request]) {
      if (ctx.principal.groupIds !== null) refuse(notPermitted('auth.needsAllGroups', { method: ctx.method }))
      return { params: { names: request?.names?.slice(0, 20) ?? null } }
    },
    after: (documents: DefinitionDocument[]) => ({ documents: documents.length }),
  },
  listDefinitionOrigins: {
    async allow() {
      return {}
    },
    // Only the caller's groups: an origin names an object and the file it came from, and another
    // group's are not the caller's to know. A job's key starts with its group's app name; a flow is
    // the caller's when it sees every group of its job nodes (as listFlows has it), by its name.
    async narrow(ctx, origins: DefinitionOrigin[]) {
      if (ctx.principal.groupIds === null) return origins
      const groups = await ctx.core.listGroups()
      const visible = new Set(groups.filter((g) => seesGroup(ctx.principal, g.id)).map((g) => g.appName))
      const flows = new Set<string>()
      if (origins.some((o) => o.kind === 'Flow')) {
        for (const { flow } of await ctx.core.listFlows()) if (await seesFlow(ctx, flow)) flows.add(flow.name)
      }
      // Calendars are everyone's to read (auth/calendar-rules.ts), and so is where one came from.
      return origins.filter((o) => {
        if (o.kind === 'Calendar') return true
        if (o.kind === 'Flow') return flows.has(o.key)
        return visible.has(o.kind === 'Group' ? o.key : o.key.slice(0, o.key.indexOf('/')))
      })
    },
  },
  importFromXxl: {
    action: 'jobs.import',
    async allow(ctx, [request]) {
      // Groups and jobs of any group are written: admins only, as for an import of a JobDesk file.
      requireAdmin(ctx.principal, ctx.method)
      return { params: { from: redactUrl(request.url), dryRun: request.dryRun, onConflict: request.onConflict, withRunsDays: request.withRunsDays ?? null } }
    },
  },
} satisfies Record<string, MethodRule>
