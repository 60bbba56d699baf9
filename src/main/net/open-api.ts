import type { JobDeskApi } from '../../shared/api'
import { NotFoundError, PermissionError } from '../../shared/errors'
import { defaultJobInput, jobInputOf } from '../../shared/job-defaults'
import type { JobGroup, JobInfo, JobInput } from '../../shared/model'
import { parseInput } from '../../shared/schema/parse-input'
import { parseChildJobIds } from '../completion/dag'
import type { AuditAction } from '../../shared/auth'
import { isRecorded, markRecorded } from '../auth/refusal'
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
  recordRefusal(caller: AdminCaller, source: string, action: AuditAction, method: string, error: PermissionError): Promise<void>
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
    const handlers = openApiHandlers(deps, deps.apiFor(caller, source), (input, childJobId) => deps.saveJob(caller, source, input, childJobId))
    try {
      return await (handlers[method] as (caller: AdminCaller, body: unknown) => Promise<unknown>)(caller, body)
    } catch (error) {
      // The core's rules record their refusals; the group token's own limits here are recorded alike, once.
      if (error instanceof PermissionError && !isRecorded(error)) {
        await deps.recordRefusal(caller, source, OPEN_API_ACTIONS[method], method, error)
        markRecorded(error)
      }
      throw error
    }
  }
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
  listRuns: 'auth.read',
  getRun: 'auth.read',
  getRunLog: 'auth.read',
  listRegistry: 'auth.read',
}

type Handlers = { [M in OpenApiMethod]: (caller: AdminCaller, body: ReturnType<(typeof OPEN_API_BODIES)[M]['parse']>) => Promise<unknown> }

function openApiHandlers(deps: OpenApiDeps, api: JobDeskApi, saveJob: (input: JobInput, childJobId: string | undefined) => Promise<JobInfo>): Handlers {
  const groupOf = (caller: AdminCaller): JobGroup | null => (caller.kind === 'group' ? caller.group : null)

  const ownJob = async (caller: AdminCaller, id: number): Promise<JobInfo> => {
    const job = await api.getJob(id)
    const group = groupOf(caller)
    if (group && job.jobGroup !== group.id) throw new NotFoundError(`job ${job.id} does not exist in group '${group.appName}'`, { code: 'job.notFound', params: { id } })
    return job
  }
  /**
   * A group token learns of a job outside its group in its own words; for other callers the core's
   * rules decide on the action itself (so the audit trail names it, e.g. a refused trigger).
   */
  const ownJobId = async (caller: AdminCaller, id: number): Promise<number> => (groupOf(caller) ? (await ownJob(caller, id)).id : id)
  const ownRun = async (caller: AdminCaller, id: number) => {
    const run = await api.getRun(id)
    const group = groupOf(caller)
    if (group && run.jobGroup !== group.id) throw new NotFoundError(`run ${run.id} does not exist in group '${group.appName}'`, { code: 'run.notFound', params: { id } })
    return run
  }

  /** A group token's limits on a job it saves: its group, script glue only when allowed, children of its own. */
  const checkJobSave = async (group: JobGroup | null, input: JobInput, before: JobInfo | null, childJobId: string | undefined) => {
    // Every caller: a child it may not see reads as missing (the link would reach outside its groups).
    for (const childId of childJobId === undefined ? [] : parseChildJobIds(childJobId)) await api.getJob(childId)
    if (!group) return
    if (input.jobGroup !== group.id) {
      throw new PermissionError(`a group token can only manage jobs of its own group '${group.appName}'`, { code: 'openapi.groupOnly', params: { appName: group.appName } })
    }
    const glueChanged = !before || before.glueType !== input.glueType || (input.glueType !== 'BEAN' && before.glueSource !== input.glueSource)
    if (input.glueType !== 'BEAN' && glueChanged && !group.scriptsAllowed) {
      throw new PermissionError(
        `the token of group '${group.appName}' may not set script (GLUE) code: ${input.glueType} runs commands on the executor; allow scripts for the group in its settings, or use the API token`,
        { code: 'openapi.scriptsNotAllowed', params: { appName: group.appName, glueType: input.glueType } },
      )
    }
    for (const childId of childJobId === undefined ? [] : parseChildJobIds(childJobId)) {
      const child = await api.getJob(childId).catch(() => null)
      if (child && child.jobGroup !== group.id) {
        throw new PermissionError(`child job ${childId} belongs to another group; a group token links only jobs of '${group.appName}'`, {
          code: 'openapi.childOutsideGroup',
          params: { id: childId, appName: group.appName },
        })
      }
    }
  }

  return {
    async addJob(caller, body) {
      const input = defaultJobInput(body.jobGroup, deps.defaultTimezone(), jobFieldsOf(body))
      await checkJobSave(groupOf(caller), input, null, body.childJobId)
      return (await saveJob(input, body.childJobId)).id
    },
    async updateJob(caller, body) {
      const existing = await ownJob(caller, body.id)
      const input = { ...jobInputOf(existing), ...jobFieldsOf(body), id: existing.id }
      await checkJobSave(groupOf(caller), input, existing, body.childJobId)
      await saveJob(input, body.childJobId)
      return null
    },
    async removeJob(caller, { id }) {
      await api.deleteJob(await ownJobId(caller, id))
      return null
    },
    async startJob(caller, { id }) {
      await api.startJob(await ownJobId(caller, id))
      return null
    },
    async stopJob(caller, { id }) {
      await api.stopJob(await ownJobId(caller, id))
      return null
    },
    async triggerJob(caller, { id, executorParam, addressList }) {
      // An override names only the job's group's own executors unless the caller is an admin: the core's rule.
      return (await api.triggerJob({ jobId: await ownJobId(caller, id), executorParam, addressList })).logIds
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
    async listRuns(caller, body) {
      const group = groupOf(caller)
      return api.listRuns({ jobId: body.jobId, status: body.status, sinceMs: body.since, beforeId: body.beforeId, limit: body.limit, ...(group ? { jobGroup: group.id } : {}) })
    },
    async getRun(caller, { id }) {
      return ownRun(caller, id)
    },
    async getRunLog(caller, { logId, fromLineNum }) {
      const run = await ownRun(caller, logId)
      return api.getRunLog({ logId: run.id, fromLineNum })
    },
    async killRun(caller, { logId }) {
      return api.killRun(groupOf(caller) ? (await ownRun(caller, logId)).id : logId)
    },
    async listRegistry(caller) {
      const group = groupOf(caller)
      return (await api.listRegistry()).filter((e) => group === null || e.appName === group.appName)
    },
  }
}
