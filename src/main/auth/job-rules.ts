import type { AuditAction } from '../../shared/auth'
import type { JobInfo, JobLink } from '../../shared/model'
import { seesGroup } from '../../shared/principal'
import { anyone, requireEntitled, visibleJobIds } from './common-rules'
import type { MethodRule, RuleContext } from './method-rule-types'
import { requireOperates, requireSees } from './refusal'

async function jobOf(ctx: RuleContext, id: number): Promise<JobInfo> {
  return ctx.core.getJob(id)
}

/** A read of one job (or something of it) the principal must see. */
const jobRead: MethodRule = {
  async allow(ctx, [id]) {
    const jobId = typeof id === 'number' ? id : (id as { jobId: number }).jobId
    const job = await jobOf(ctx, jobId)
    requireSees(ctx.principal, job.jobGroup, { code: 'job.notFound', id: jobId })
    return { groupId: job.jobGroup, target: `job ${jobId}` }
  },
}

/** A change to one job in a group the principal operates. */
function jobWrite(action: AuditAction, params = false): MethodRule {
  return {
    action,
    async allow(ctx, [arg]) {
      const jobId: number = typeof arg === 'number' ? arg : arg.jobId
      const job = await jobOf(ctx, jobId)
      requireOperates(ctx.principal, job.jobGroup, ctx.method, { code: 'job.notFound', id: jobId })
      return { groupId: job.jobGroup, target: `job ${jobId}`, before: action === 'job.delete' ? job : undefined, params: params ? arg : undefined }
    },
  }
}

function linkRule(action: AuditAction): MethodRule {
  return {
    action,
    async allow(ctx, [link]) {
      const { parentJobId, childJobId } = link as { parentJobId: number; childJobId: number }
      const [parent, child] = await Promise.all([parentJobId, childJobId].map((id) => jobOf(ctx, id).catch(() => null)))
      const decision = { groupId: parent?.jobGroup ?? null, target: `link ${parentJobId} → ${childJobId}`, params: link }
      // An admin hears the link service's own words about a missing job; for others missing and hidden are alike.
      if (ctx.principal.role === 'admin') return decision
      requireOperates(ctx.principal, parent?.jobGroup ?? 0, ctx.method, { code: 'job.notFound', id: parentJobId })
      requireOperates(ctx.principal, child?.jobGroup ?? 0, ctx.method, { code: 'job.notFound', id: childJobId })
      return decision
    },
  }
}

/**
 * Jobs, their child links and their GLUE sources: read by who sees the job's group, changed and
 * fired by who operates it (a link: both of its jobs' groups).
 */
export const JOB_RULES = {
  listJobs: {
    ...anyone,
    async narrow(ctx, jobs: JobInfo[]) {
      return jobs.filter((j) => seesGroup(ctx.principal, j.jobGroup))
    },
  },
  // A user who sees some groups pages through those groups' jobs only (and finds none in another).
  listJobPage: {
    ...anyone,
    async allow(ctx, [query]) {
      const groupIds = ctx.principal.groupIds
      if (groupIds === null) return {}
      const visible = query.groupId === undefined ? [...groupIds] : groupIds.includes(query.groupId) ? [query.groupId] : []
      return { args: [{ ...query, groupIds: visible }] }
    },
  },
  listLastRuns: {
    ...anyone,
    async narrow(ctx, runs: { jobId: number }[]) {
      const ids = await visibleJobIds(ctx)
      return ids === null ? runs : runs.filter((r) => ids.has(r.jobId))
    },
  },
  getJob: jobRead,
  saveJob: {
    async allow(ctx, [input]) {
      const id = typeof input?.id === 'number' ? input.id : undefined
      const groupId = typeof input?.jobGroup === 'number' ? input.jobGroup : 0
      const before = id === undefined ? undefined : await jobOf(ctx, id)
      if (before) requireOperates(ctx.principal, before.jobGroup, ctx.method, { code: 'job.notFound', id: before.id })
      if (ctx.principal.role !== 'admin') requireOperates(ctx.principal, groupId, ctx.method)
      return { action: before ? 'job.update' : 'job.create', groupId: groupId || null, target: before ? `job ${before.id}` : 'new job', before }
    },
  },
  deleteJob: jobWrite('job.delete'),
  startJob: jobWrite('job.start'),
  stopJob: jobWrite('job.stop'),
  triggerJob: {
    ...jobWrite('job.trigger', true),
    async allow(ctx, args) {
      const decision = await jobWrite('job.trigger', true).allow(ctx, args)
      await requireEntitled(ctx, decision.groupId!, (args[0] as { addressList?: string[] }).addressList)
      return decision
    },
    after: (result: { logIds: number[] }) => ({ logIds: result.logIds }),
  },
  previewRoute: {
    async allow(ctx, args) {
      const decision = await jobRead.allow(ctx, args)
      await requireEntitled(ctx, decision.groupId!, (args[0] as { addressList?: string[] }).addressList)
      return decision
    },
  },
  previewSchedule: anyone,
  listLinks: {
    ...anyone,
    async narrow(ctx, links: JobLink[]) {
      const ids = await visibleJobIds(ctx)
      return ids === null ? links : links.filter((l) => ids.has(l.parentJobId) && ids.has(l.childJobId))
    },
  },
  saveLink: linkRule('link.save'),
  deleteLink: linkRule('link.delete'),
  listGlueVersions: jobRead,
  saveGlue: {
    action: 'glue.save',
    async allow(ctx, [request]) {
      const job = await jobOf(ctx, request.jobId)
      requireOperates(ctx.principal, job.jobGroup, ctx.method, { code: 'job.notFound', id: job.id })
      return { groupId: job.jobGroup, target: `job ${job.id}`, before: { glueType: job.glueType, glueSource: job.glueSource, glueRemark: job.glueRemark } }
    },
    after: (job: JobInfo) => ({ glueType: job.glueType, glueSource: job.glueSource, glueRemark: job.glueRemark }),
  },
} satisfies Record<string, MethodRule>
