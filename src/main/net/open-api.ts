import type { JobDeskApi } from '../../shared/api'
import type { BackfillRequest } from '../../shared/backfill'
import { NotFoundError, PermissionError } from '../../shared/errors'
import { defaultJobInput, jobInputOf } from '../../shared/job-defaults'
import type { JobGroup, JobInfo, JobInput } from '../../shared/model'
import { parseInput } from '../../shared/schema/parse-input'
import { parseChildJobIds } from '../domain/child-job-ids'
import type { AuditAction } from '../../shared/auth'
import { isRecorded, markRecorded, Refusal } from '../auth/refusal'
import { notFound } from '../../shared/messages/coded-errors'
import type { AdminCaller } from './admin-auth'
import { isOpenApiMethod, jobFieldsOf, OPEN_API_BODIES, type OpenApiMethod } from './open-api-schemas'

export { isOpenApiMethod, OPEN_API_METHODS } from './open-api-schemas'

export interface OpenApiDeps {
  /** The API as the caller's principal may call it (the core's role and group rules, audited). */
  apiFor(caller: AdminCaller, source: string): JobDeskApi
  /**
   * Creates or updates a job and, when `childJobId` is given, sets its SUCCESS children from
   * XXL-JOB's comma list — in one transaction, so a refused link leaves no job or rename behind.
   * Under the caller's rules for saveJob.
   */
  saveJob(caller: AdminCaller, source: string, input: JobInput, childJobId: string | undefined): Promise<JobInfo>
  /** Records a refusal the OpenAPI made itself (a group token's limits), as the core records its own. */
  recordRefusal(caller: AdminCaller, source: string, action: AuditAction, method: string, error: Error & { code: string }): Promise<void>
  /** A job as stored, whoever asks (the caller's rights are checked after: `sees`, then the core's rules). */
  findJob(id: number): Promise<JobInfo | undefined>
  /** Whether the caller sees the jobs of `groupId` (its principal's groups). */
  sees(caller: AdminCaller, source: string, groupId: number): boolean
  /** This machine's zone, for jobs that name none (read when first needed: resolving it costs a cold start ~40 ms). */
  defaultTimezone: () => string
}

/**
 * Maps OpenAPI calls onto the same services the UI uses, so every rule (validation, cycles, routing)
 * is the UI's. The API token may act on everything. A group's own token stays inside its group in
 * every way (XXL-JOB 3.5 gives any group token rights over all jobs — JobDesk does not): only its
 * jobs, runs and executors; no script glue unless the group allows scripts; no address override
 * outside its registered addresses; no links to other groups' jobs.
 */
export function createOpenApi(deps: OpenApiDeps): (method: string, caller: AdminCaller, body: unknown, source: string) => Promise<unknown> {
  return async (method, caller, raw, source) => {
    if (!isOpenApiMethod(method)) throw new NotFoundError(`unknown OpenAPI method '${method.slice(0, 64)}'`, { code: 'openapi.unknownMethod' })
    const body = parseInput(OPEN_API_BODIES[method], raw, 'body')
    const handlers = openApiHandlers(deps, deps.apiFor(caller, source), (input, childJobId) => deps.saveJob(caller, source, input, childJobId), source)
    try {
      return await (handlers[method] as (caller: AdminCaller, body: unknown) => Promise<unknown>)(caller, body)
    } catch (caught) {
      // The core's rules record their refusals; the OpenAPI's own (a group token's limits, a child
      // the caller does not see) are recorded alike, once, under the method's action.
      const error = caught instanceof Refusal ? caught.error : caught
      if ((caught instanceof Refusal || error instanceof PermissionError) && !isRecorded(error)) {
        await deps.recordRefusal(caller, source, OPEN_API_ACTIONS[method], method, error as Error & { code: string })
        markRecorded(error as object)
      }
      throw error
    }
  }
}

/** The audit action of an OpenAPI method (`auth.read` for a name that is none). */
export function openApiAction(method: string): AuditAction {
  return isOpenApiMethod(method) ? OPEN_API_ACTIONS[method] : 'auth.read'
}

/** The audit action of each OpenAPI method, for the refusals the OpenAPI makes itself. */
const OPEN_API_ACTIONS: Record<OpenApiMethod, AuditAction> = {
  addJob: 'job.create',
  updateJob: 'job.update',
  removeJob: 'job.delete',
  startJob: 'job.start',
  stopJob: 'job.stop',
  triggerJob: 'job.trigger',
  addGroup: 'group.save',
  killRun: 'run.kill',
  listGroups: 'auth.read',
  listJobs: 'auth.read',
  listJobPage: 'auth.read',
  listRuns: 'auth.read',
  getRun: 'auth.read',
  getRunLog: 'auth.read',
  listRegistry: 'auth.read',
  listFlows: 'auth.read',
  getFlow: 'auth.read',
  addFlow: 'flow.create',
  updateFlow: 'flow.update',
  removeFlow: 'flow.delete',
  triggerFlow: 'flow.trigger',
  getFlowRun: 'auth.read',
  listFlowRuns: 'auth.read',
  retryFlowRun: 'flow.retry',
  killFlowRun: 'flow.kill',
  decideApproval: 'flow.approve',
  createHook: 'hook.create',
  listHooks: 'auth.read',
  removeHook: 'hook.remove',
  applyDefinitions: 'definitions.apply',
  exportDefinitions: 'definitions.export',
  listDefinitionOrigins: 'auth.read',
  listCalendars: 'auth.read',
  getCalendar: 'auth.read',
  addCalendar: 'calendar.add',
  updateCalendar: 'calendar.update',
  removeCalendar: 'calendar.remove',
  importCalendar: 'calendar.import',
  simulateSchedule: 'auth.read',
  listWindows: 'auth.read',
  addWindow: 'window.add',
  updateWindow: 'window.update',
  removeWindow: 'window.remove',
  getMaintenance: 'auth.read',
  // The core's rule records its refusals as on or off; the OpenAPI refuses none of its own here.
  setMaintenance: 'maintenance.on',
  listMissedSlots: 'auth.read',
  startBackfill: 'backfill.start',
  getBackfill: 'auth.read',
  listBackfills: 'auth.read',
  pauseBackfill: 'backfill.pause',
  resumeBackfill: 'backfill.resume',
  cancelBackfill: 'backfill.cancel',
  addSilence: 'silence.add',
  listSilences: 'auth.read',
  removeSilence: 'silence.remove',
  listPools: 'auth.read',
  addPool: 'pool.add',
  updatePool: 'pool.update',
  removePool: 'pool.remove',
  listQueue: 'auth.read',
  cancelQueued: 'queue.cancel',
  startQueuedNow: 'queue.startNow',
  listJobRunsOverTime: 'auth.read',
  getJobRankings: 'auth.read',
  listAlarms: 'auth.read',
  resendAlarm: 'alarm.resend',
  setSecret: 'secret.set',
  listSecrets: 'auth.read',
  removeSecret: 'secret.remove',
  listSecretVersions: 'auth.read',
  setLlmProvider: 'llm.set',
  getLlmProvider: 'auth.read',
  removeLlmProvider: 'llm.remove',
  listArtifacts: 'auth.read',
}

type Handlers = { [M in OpenApiMethod]: (caller: AdminCaller, body: ReturnType<(typeof OPEN_API_BODIES)[M]['parse']>) => Promise<unknown> }

function openApiHandlers(
  deps: OpenApiDeps,
  api: JobDeskApi,
  saveJob: (input: JobInput, childJobId: string | undefined) => Promise<JobInfo>,
  source: string,
): Handlers {
  const groupOf = (caller: AdminCaller): JobGroup | null => (caller.kind === 'group' ? caller.group : null)
  /** A job the caller may not see reads as missing, and is refused (and recorded) as the method it asked for. */
  const hidden = (id: number): never => {
    throw new Refusal(notFound('job.notFound', { id }))
  }
  const visibleJob = async (caller: AdminCaller, id: number): Promise<JobInfo> => {
    const job = await deps.findJob(id)
    if (!job) throw notFound('job.notFound', { id })
    if (!deps.sees(caller, source, job.jobGroup)) hidden(id)
    return job
  }

  /**
   * Limits on a job a caller saves beyond the saveJob rule: every caller links only children it
   * sees; a group token also stays in its group and sets script glue only when its group allows.
   */
  const checkJobSave = async (caller: AdminCaller, input: JobInput, before: JobInfo | null, childJobId: string | undefined) => {
    const children = childJobId === undefined ? [] : parseChildJobIds(childJobId)
    for (const childId of children) await visibleJob(caller, childId)
    const group = groupOf(caller)
    if (!group) return
    if (input.jobGroup !== group.id) {
      throw new PermissionError(`a group token can only manage jobs of its own group '${group.appName}'`, {
        code: 'openapi.groupOnly',
        params: { appName: group.appName },
      })
    }
    const glueChanged = !before || before.glueType !== input.glueType || (input.glueType !== 'BEAN' && before.glueSource !== input.glueSource)
    if (input.glueType !== 'BEAN' && glueChanged && !group.scriptsAllowed) {
      throw new PermissionError(
        `the token of group '${group.appName}' may not set script (GLUE) code: ${input.glueType} runs commands on the executor; allow scripts for the group in its settings, or use the API token`,
        { code: 'openapi.scriptsNotAllowed', params: { appName: group.appName, glueType: input.glueType } },
      )
    }
  }

  return {
    async addJob(caller, body) {
      const input = defaultJobInput(body.jobGroup, deps.defaultTimezone(), jobFieldsOf(body))
      await checkJobSave(caller, input, null, body.childJobId)
      return (await saveJob(input, body.childJobId)).id
    },
    async updateJob(caller, body) {
      const existing = await visibleJob(caller, body.id)
      const input = { ...jobInputOf(existing), ...jobFieldsOf(body), id: existing.id }
      await checkJobSave(caller, input, existing, body.childJobId)
      await saveJob(input, body.childJobId)
      return null
    },
    // The core's rules decide these for every caller (a group token is an operator of its group),
    // so the audit trail names the action refused: a job outside the caller's groups is missing.
    async removeJob(_caller, { id }) {
      await api.deleteJob(id)
      return null
    },
    async startJob(_caller, { id }) {
      await api.startJob(id)
      return null
    },
    async stopJob(_caller, { id }) {
      await api.stopJob(id)
      return null
    },
    async triggerJob(_caller, { id, executorParam, params, addressList }) {
      // An override names only the job's group's own executors unless the caller is an admin: the core's rule.
      // A script's trigger: recorded as API, as XXL-JOB's OpenAPI records it (the console's are MANUAL).
      return (await api.triggerJob({ jobId: id, executorParam, ...(params !== undefined ? { params } : {}), addressList, triggerType: 'API' })).logIds
    },
    async listGroups(caller) {
      const group = groupOf(caller)
      return (await api.listGroups()).filter((g) => group === null || g.id === group.id).map(({ accessToken: _secret, ...g }) => g)
    },
    async addGroup(caller, body) {
      if (caller.kind === 'group') throw new PermissionError('adding a group needs the API token', { code: 'openapi.apiTokenOnly' })
      return (await api.saveGroup({ name: body.appName, addressType: 0, addressList: '', accessToken: '', ...body } as never)).id
    },
    async listJobs(caller) {
      const group = groupOf(caller)
      return (await api.listJobs()).filter((j) => group === null || j.jobGroup === group.id)
    },
    // A group's token pages through its group's jobs only, whatever group the body names.
    async listJobPage(caller, body) {
      const group = groupOf(caller)
      if (group === null) return api.listJobPage(body)
      if (body.groupId !== undefined && body.groupId !== group.id) return { jobs: [], total: 0, next: null }
      return api.listJobPage({ ...body, groupId: group.id })
    },
    async listRuns(caller, body) {
      const group = groupOf(caller)
      return api.listRuns({
        jobId: body.jobId,
        status: body.status,
        sinceMs: body.since,
        beforeId: body.beforeId,
        limit: body.limit,
        ...(group ? { jobGroup: group.id } : {}),
      })
    },
    async getRun(_caller, { id }) {
      return api.getRun(id)
    },
    async getRunLog(_caller, { logId, fromLineNum }) {
      return api.getRunLog({ logId, fromLineNum })
    },
    async killRun(_caller, { logId, retry }) {
      return api.killRun(logId, { retry })
    },
    async listRegistry(caller) {
      const group = groupOf(caller)
      return (await api.listRegistry()).filter((e) => group === null || e.appName === group.appName)
    },
    // Flows: the core's flow rules decide for every caller (a group token operates its own group only, so it
    // manages the flows whose every job node is in its group).
    listFlows: async () => (await api.listFlows()).map((s) => s.flow),
    getFlow: (_caller, { id }) => api.getFlow(id),
    addFlow: async (_caller, body) => (await api.addFlow(body as never)).id,
    updateFlow: async (_caller, body) => {
      await api.updateFlow(body as never)
      return null
    },
    removeFlow: async (_caller, { id }) => {
      await api.removeFlow(id)
      return null
    },
    triggerFlow: (_caller, { id, param, params }) => api.triggerFlow({ flowId: id, param, ...(params !== undefined ? { params } : {}), triggerType: 'API' }),
    getFlowRun: (_caller, { id }) => api.getFlowRun(id),
    listFlowRuns: (_caller, filter) => api.listFlowRuns(filter),
    retryFlowRun: (_caller, { id }) => api.retryFlowRun(id),
    killFlowRun: (_caller, { id, keepFinished }) => api.killFlowRun(id, { keepFinished }),
    decideApproval: (_caller, { comment, ...decision }) => api.decideApproval({ ...decision, comment: comment ?? '' }),
    // A set of files spans groups and sets scripts: not a group token's (its group's jobs go through addJob).
    applyDefinitions: async (caller, body) => {
      if (caller.kind === 'group')
        throw new PermissionError('applying definition files needs the API token or a personal token', { code: 'openapi.apiTokenOnly' })
      return api.applyDefinitions(body)
    },
    exportDefinitions: async (caller, body) => {
      if (caller.kind === 'group')
        throw new PermissionError('exporting definition files needs the API token or a personal token', { code: 'openapi.apiTokenOnly' })
      return api.exportDefinitions(body)
    },
    listDefinitionOrigins: () => api.listDefinitionOrigins(),
    // The core's rules refuse a group's own token (auth/hook-rules.ts): a trigger URL outlives the call.
    createHook: (_caller, target) => api.createHook(target),
    listHooks: (_caller, target) => api.listHooks(target),
    removeHook: async (_caller, { id }) => {
      await api.removeHook({ id })
      return null
    },
    // Calendars are the server's: the core's rules let everyone read them and admins write them.
    listCalendars: () => api.listCalendars(),
    getCalendar: (_caller, { name }) => api.getCalendar({ name }),
    addCalendar: (_caller, calendar) => api.addCalendar(calendar),
    updateCalendar: (_caller, calendar) => api.updateCalendar(calendar),
    removeCalendar: async (_caller, { name }) => {
      await api.removeCalendar({ name })
      return null
    },
    importCalendar: (_caller, request) => api.importCalendar(request),
    simulateSchedule: (_caller, request) => api.simulateSchedule(request),
    // Windows and pause-all are the server's: the core's rules let everyone read them and admins write them.
    listWindows: () => api.listWindows(),
    addWindow: (_caller, window) => api.addWindow(window),
    updateWindow: (_caller, window) => api.updateWindow(window),
    removeWindow: async (_caller, { id }) => {
      await api.removeWindow({ id })
      return null
    },
    getMaintenance: () => api.getMaintenance(),
    setMaintenance: (_caller, request) => api.setMaintenance(request),
    // The core's rule: the caller sees the job's or the flow's missed slots when it sees the job or the flow.
    listMissedSlots: (_caller, request) => api.listMissedSlots(request),
    // The core's rules decide for every caller: a group token operates its own group's jobs only.
    startBackfill: (_caller, request) => api.startBackfill(request as BackfillRequest),
    getBackfill: (_caller, query) => api.getBackfill(query),
    listBackfills: (_caller, filter) => api.listBackfills(filter),
    pauseBackfill: (_caller, { id }) => api.pauseBackfill({ id }),
    resumeBackfill: (_caller, { id }) => api.resumeBackfill({ id }),
    cancelBackfill: (_caller, { id }) => api.cancelBackfill({ id }),
    // The core's rules: an operator of what the silence covers (a group token: its own group's), admins all.
    addSilence: (_caller, request) => api.addSilence(request),
    listSilences: () => api.listSilences(),
    removeSilence: (_caller, { id }) => api.removeSilence({ id }),
    // Pools are the server's: the core's rules let everyone read them and the queue of the caller's
    // groups, admins manage pools and start a run past them, a group's operators cancel its runs.
    listPools: () => api.listPools(),
    addPool: (_caller, pool) => api.addPool(pool),
    updatePool: (_caller, pool) => api.updatePool(pool),
    removePool: async (_caller, { name }) => {
      await api.removePool({ name })
      return null
    },
    listQueue: (_caller, filter) => api.listQueue(filter),
    cancelQueued: async (_caller, { runId }) => {
      await api.cancelQueued({ runId })
      return null
    },
    startQueuedNow: async (_caller, { runId }) => {
      await api.startQueuedNow({ runId })
      return null
    },
    // The core's rules: a group's operators write its secrets, admins the global ones; the answers carry no value.
    setSecret: (_caller, request) => api.setSecret(request),
    listSecrets: (_caller, filter) => api.listSecrets(filter),
    removeSecret: async (_caller, request) => {
      await api.removeSecret(request)
      return null
    },
    listSecretVersions: (_caller, request) => api.listSecretVersions(request),
    // The core's rules: the group's operators and admins write its provider, whoever sees the group reads it.
    setLlmProvider: (_caller, input) => api.setLlmProvider(input),
    getLlmProvider: (_caller, request) => api.getLlmProvider(request),
    removeLlmProvider: async (_caller, request) => {
      await api.removeLlmProvider(request)
      return null
    },
    // Runs over time, the rankings and the alarm list: the core's rules narrow each to what the caller sees.
    listJobRunsOverTime: (_caller, request) => api.listJobRunsOverTime(request),
    getJobRankings: () => api.getJobRankings(),
    listAlarms: (_caller, request) => api.listAlarms(request),
    resendAlarm: (_caller, { id }) => api.resendAlarm({ id }),
    listArtifacts: (_caller, { runId }) => api.listArtifacts({ runId }),
  }
}
