import type { AlarmHealth, ApiMethod, ClusterView, JobDeskApi, Overview, RunFilter, Settings } from '../../shared/api'
import type { DefinitionOrigin } from '../../shared/definition-origin'
import type { DefinitionPlan } from '../../shared/definition-plan'
import type { DefinitionDocument } from '../../shared/schema/definition-files'
import type { AuditAction } from '../../shared/auth'
import type { JobGroup, JobInfo, JobLink } from '../../shared/model'
import { notFound, notPermitted } from '../../shared/messages/coded-errors'
import { redactUrl } from '../../shared/redact-url'
import { withoutSettingsSecrets } from '../../shared/settings-secrets'
import { seesGroup, type Principal } from '../../shared/principal'
import { refuse, requireAdmin, requireOperates, requireSees } from './refusal'
import { FLOW_RULES, seesFlow } from './flow-rules'
import { HOOK_RULES } from './hook-rules'

/** The facade's methods that are not about users, tokens or the audit trail. */
export type AuthMethod =
  | 'whoAmI'
  | 'changePassword'
  | 'listUsers'
  | 'saveUser'
  | 'deleteUser'
  | 'resetUserPassword'
  | 'listApiTokens'
  | 'createApiToken'
  | 'revokeApiToken'
  | 'listAudit'
  | 'exportAudit'
export type CoreApi = Omit<JobDeskApi, AuthMethod>

export interface RuleContext {
  principal: Principal
  /** The facade without checks, for the lookups a rule needs (a job's group, a run's group). */
  core: CoreApi
  /** The addresses registered in (or configured for) a group: the only ones a non-admin may name. */
  entitled: (groupId: number) => Promise<ReadonlySet<string>>
  /** The same for users and tokens (before/after of their edits). */
  auth: Pick<JobDeskApi, 'listUsers' | 'listApiTokens'>
  method: ApiMethod
}

/** What a permitted call records, and the arguments it runs with (narrowed for reads). */
export interface Decision {
  groupId?: number | null
  target?: string
  before?: unknown
  params?: unknown
  args?: unknown[]
  /** The action, when it depends on the arguments (create or update). */
  action?: AuditAction
}

export interface MethodRule {
  /** Recorded in the audit trail when set (changes and manual actions). */
  action?: AuditAction
  /**
   * A decision only a person takes (an approval, a node marked by hand): the guard refuses it to
   * the credentials of automation (a group's token, the executor token, the API token) before the
   * rule itself is asked, whatever rights they hold, and the audit trail names the person who took it.
   */
  peopleOnly?: true
  /** Throws a Refusal (./refusal.ts) when the principal may not make the call. */
  allow(ctx: RuleContext, args: any[]): Promise<Decision>
  /** Reads: the answer narrowed to what the principal sees. */
  narrow?(ctx: RuleContext, result: any, args: any[]): Promise<unknown>
  /** What the audit entry shows as `after` (default: the result). */
  after?(result: any): unknown
}

export const anyone: MethodRule = { allow: async () => ({}) }

export function admin(action?: AuditAction, describe: (args: any[]) => Decision = () => ({})): MethodRule {
  return {
    action,
    async allow(ctx, args) {
      requireAdmin(ctx.principal, ctx.method)
      return describe(args)
    },
  }
}

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

/**
 * Addresses a caller names for a job of `groupId` (an override, a preview, a probe): a non-admin
 * may name only the group's own executors — a secret goes only where it is held by right, and the
 * embedded executor is reached only by those granted its group. An admin may name any address;
 * JobDesk then calls it without the group's token.
 */
async function requireEntitled(ctx: RuleContext, groupId: number, addresses: readonly string[] | undefined): Promise<void> {
  if (ctx.principal.role === 'admin' || !addresses || addresses.length === 0) return
  const entitled = await ctx.entitled(groupId)
  const stray = addresses.find((address) => !entitled.has(address))
  if (stray !== undefined) refuse(notPermitted('auth.addressNotRegistered', { address: stray.slice(0, 200), groupId, method: ctx.method }))
}

const runRead: MethodRule = {
  async allow(ctx, [arg]) {
    const logId: number = typeof arg === 'number' ? arg : arg.logId
    const run = await ctx.core.getRun(logId)
    requireSees(ctx.principal, run.jobGroup, { code: 'run.notFound', id: logId })
    return { groupId: run.jobGroup, target: `run ${logId}` }
  },
}

async function visibleJobIds(ctx: RuleContext): Promise<Set<number> | null> {
  if (ctx.principal.groupIds === null) return null
  return new Set((await ctx.core.listJobs()).filter((j) => seesGroup(ctx.principal, j.jobGroup)).map((j) => j.id))
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

/** The cluster as a non-admin sees it: the nodes and their health, not the database's path or every group's planned fires. */
function withoutServerFigures(view: ClusterView): ClusterView {
  return { ...view, location: null, nodes: view.nodes.map((node) => ({ ...node, ringRows: null })) }
}

/** Every facade method's rule (the auth methods have theirs in ./auth-rules.ts). */
export const CORE_RULES = {
  getOverview: {
    ...anyone,
    async narrow(ctx, overview: Overview) {
      if (ctx.principal.groupIds === null) return overview
      const jobs = (await ctx.core.listJobs()).filter((j) => seesGroup(ctx.principal, j.jobGroup))
      const ids = new Set(jobs.map((j) => j.id))
      return {
        ...overview,
        jobCount: jobs.length,
        activeJobCount: jobs.filter((j) => j.triggerStatus === 1).length,
        nextFires: overview.nextFires.filter((f) => ids.has(f.jobId)),
        demoJobIds: [],
      }
    },
  },
  getAlarmHealth: {
    ...anyone,
    // A group-limited user hears of the jobs, runs and executors of their groups only (counted by the
    // database, not by reading every job); lost nodes concern everyone.
    async allow(ctx) {
      return ctx.principal.groupIds === null ? {} : { args: [{ groupIds: [...ctx.principal.groupIds] }] }
    },
    async narrow(ctx, health: AlarmHealth) {
      if (ctx.principal.groupIds === null) return health
      const apps = new Set((await ctx.core.listGroups()).filter((g) => seesGroup(ctx.principal, g.id)).map((g) => g.appName))
      return {
        ...health,
        recentAlerts: health.recentAlerts.filter((a) => a.kind !== 'executorDead' || apps.has(a.subject.split(' ')[0])),
      }
    },
  },
  getDailyReport: anyone,
  removeDemoJobs: admin('jobs.demoRemove'),
  getCluster: {
    ...anyone,
    async narrow(ctx, view: ClusterView) {
      return ctx.principal.role === 'admin' ? view : withoutServerFigures(view)
    },
  },
  rotateClusterSecret: admin('cluster.rotateSecret'),
  listGroups: {
    ...anyone,
    async narrow(ctx, groups: JobGroup[]) {
      if (ctx.principal.role === 'admin') return groups
      return groups.filter((g) => seesGroup(ctx.principal, g.id)).map((g) => ({ ...g, accessToken: '' }))
    },
  },
  saveGroup: {
    action: 'group.save',
    async allow(ctx, [input]) {
      requireAdmin(ctx.principal, ctx.method)
      const id = typeof input?.id === 'number' ? input.id : undefined
      const before = id === undefined ? undefined : (await ctx.core.listGroups()).find((g) => g.id === id)
      return { groupId: id ?? null, target: id === undefined ? 'new group' : `group ${id}`, before }
    },
  },
  deleteGroup: admin('group.delete', ([id]) => ({ groupId: id, target: `group ${id}` })),
  listRegistry: {
    ...anyone,
    async narrow(ctx, entries: { appName: string }[]) {
      if (ctx.principal.groupIds === null) return entries
      const apps = new Set((await ctx.core.listGroups()).filter((g) => seesGroup(ctx.principal, g.id)).map((g) => g.appName))
      return entries.filter((e) => apps.has(e.appName))
    },
  },
  probeExecutor: {
    action: 'executor.probe',
    async allow(ctx, [request]) {
      if (ctx.principal.role !== 'admin') {
        if (request.groupId === undefined) refuse(notPermitted('auth.probeNeedsGroup', { method: ctx.method }))
        requireOperates(ctx.principal, request.groupId, ctx.method)
        await requireEntitled(ctx, request.groupId, [request.address])
      }
      return { groupId: request.groupId ?? null, target: request.address, params: request }
    },
  },
  listHandlers: {
    async allow(ctx, [groupId]) {
      requireSees(ctx.principal, groupId, { code: 'group.notFound', id: groupId })
      return { groupId }
    },
  },
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
  listRuns: {
    async allow(ctx, [filter]: [RunFilter | undefined]) {
      const granted = ctx.principal.groupIds
      if (granted === null) return {}
      const asked = filter?.jobGroups
      const jobGroups = asked === undefined ? [...granted] : asked.filter((id) => granted.includes(id))
      return { args: [{ ...filter, jobGroups }] }
    },
  },
  getRun: runRead,
  rerunRun: {
    action: 'run.rerun',
    async allow(ctx, [logId]) {
      const run = await ctx.core.getRun(logId)
      requireOperates(ctx.principal, run.jobGroup, ctx.method, { code: 'run.notFound', id: logId })
      return { groupId: run.jobGroup, target: `run ${logId}`, params: { logId, jobId: run.jobId } }
    },
    after: (result: { logIds: number[] }) => ({ logIds: result.logIds }),
  },
  killRun: {
    action: 'run.kill',
    async allow(ctx, [logId]) {
      const run = await ctx.core.getRun(logId)
      requireOperates(ctx.principal, run.jobGroup, ctx.method, { code: 'run.notFound', id: logId })
      return { groupId: run.jobGroup, target: `run ${logId}`, params: { logId, jobId: run.jobId } }
    },
    after: (run: { handleCode: number; handleMsg: string }) => ({ handleCode: run.handleCode, handleMsg: run.handleMsg }),
  },
  getRunLog: runRead,
  watchRunLog: runRead,
  unwatchRunLog: runRead,
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
      return { params: { dryRun: request.dryRun, prune: request.prune, documents: request.sources.length, files: files.slice(0, 20) } }
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
      return origins.filter((o) => (o.kind === 'Flow' ? flows.has(o.key) : visible.has(o.kind === 'Group' ? o.key : o.key.slice(0, o.key.indexOf('/')))))
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
  getSettings: {
    ...anyone,
    async narrow(ctx, settings: Settings) {
      // Without the secret settings (shared/settings-secrets.ts): URLs as their origin, the rest empty.
      const shown = ctx.principal.role === 'admin' ? settings : withoutSettingsSecrets(settings)
      // A user signed in with a password of their own: the console token opens nothing any more, so it is not offered.
      const tokenRetired = ctx.principal.kind === 'user' && !ctx.principal.mustChangePassword
      return tokenRetired ? { ...shown, consoleToken: null } : shown
    },
  },
  saveSettings: {
    action: 'settings.save',
    async allow(ctx, [input]) {
      requireAdmin(ctx.principal, ctx.method)
      return { before: await ctx.core.getSettings(), params: input }
    },
  },
  regenerateAccessToken: admin('settings.accessToken'),
  regenerateApiToken: admin('settings.apiToken'),
  sendTestEmail: admin('settings.testChannel', ([request]) => ({ params: request })),
  testWebhook: admin('settings.testChannel', ([request]) => ({ params: request })),
  testImChannel: admin('settings.testChannel', ([request]) => ({ params: request })),
  ...FLOW_RULES,
  ...HOOK_RULES,
} satisfies Record<keyof CoreApi, MethodRule>
