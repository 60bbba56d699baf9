import type { JobDeskApi } from '../../shared/api'
import { NotFoundError, ValidationError } from '../../shared/errors'
import { defaultJobInput, JOB_INPUT_FIELDS, jobInputOf } from '../../shared/job-defaults'
import type { JobInfo, JobInput } from '../../shared/model'
import type { AdminCaller } from './admin-auth'

/** XXL-JOB 3.5's job OpenAPI (reference §7.2) plus JobDesk's additions in the same style. */
export const OPEN_API_METHODS = [
  'addJob',
  'updateJob',
  'removeJob',
  'startJob',
  'stopJob',
  'triggerJob',
  'listGroups',
  'addGroup',
  'listJobs',
  'listRuns',
  'getRun',
  'getRunLog',
  'killRun',
  'listRegistry',
] as const

export interface OpenApiDeps {
  api: JobDeskApi
  /** Sets a job's SUCCESS children from XXL-JOB's comma list (`childJobId`). */
  setChildJobIds(jobId: number, childJobId: string): void
  defaultTimezone: string
}

/** XXL-JOB's wire names → JobDesk's, where they differ (seconds carry their unit in JobDesk). */
const RENAMED: Record<string, keyof JobInput> = { executorTimeout: 'executorTimeoutSec', jobDesc: 'name' }
const JOB_FIELDS: readonly string[] = JOB_INPUT_FIELDS

/**
 * Maps OpenAPI calls onto the same API the UI uses, so every rule (validation, cycles, routing) is
 * the UI's. The global token may act on everything; a group's own token only on that group's jobs,
 * runs and executors (XXL-JOB 3.5 gives any group token rights over all jobs — JobDesk does not).
 */
export function createOpenApi(deps: OpenApiDeps): (method: string, caller: AdminCaller, body: unknown) => Promise<unknown> {
  const { api } = deps
  const scope = (caller: AdminCaller) => (caller.kind === 'group' ? caller.group.id : null)
  const ownJob = async (caller: AdminCaller, id: unknown): Promise<JobInfo> => {
    const job = await api.getJob(requireId(id))
    const group = scope(caller)
    if (group !== null && job.jobGroup !== group) throw new NotFoundError(`job ${job.id} does not exist in group '${(caller as { group: { appName: string } }).group.appName}'`)
    return job
  }

  return async (method, caller, raw) => {
    const body = asObject(raw)
    switch (method) {
      case 'addJob': {
        const { jobGroup, ...fields } = jobFields(body)
        const input = defaultJobInput(jobGroup as number, deps.defaultTimezone, fields)
        const group = scope(caller)
        if (group !== null && input.jobGroup !== group) throw new ValidationError('jobGroup', 'a group token can only add jobs to its own group')
        const job = await api.saveJob(input)
        if (body.childJobId !== undefined) deps.setChildJobIds(job.id, childList(body.childJobId))
        return job.id
      }
      case 'updateJob': {
        const existing = await ownJob(caller, body.id)
        const { jobGroup: _ignored, ...changes } = jobFields(body)
        const job = await api.saveJob({ ...jobInputOf(existing), ...changes, id: existing.id })
        if (body.childJobId !== undefined) deps.setChildJobIds(job.id, childList(body.childJobId))
        return null
      }
      case 'removeJob':
        await api.deleteJob((await ownJob(caller, body.id)).id)
        return null
      case 'startJob':
        await api.startJob((await ownJob(caller, body.id)).id)
        return null
      case 'stopJob':
        await api.stopJob((await ownJob(caller, body.id)).id)
        return null
      case 'triggerJob': {
        const job = await ownJob(caller, body.id)
        const { logIds } = await api.triggerJob({
          jobId: job.id,
          executorParam: body.executorParam as string | undefined,
          addressList: body.addressList as string[] | undefined,
        })
        return logIds
      }
      case 'listGroups': {
        const group = scope(caller)
        return (await api.listGroups()).filter((g) => group === null || g.id === group).map(({ accessToken: _secret, ...g }) => g)
      }
      case 'addGroup': {
        if (caller.kind === 'group') throw new ValidationError('token', 'adding a group needs the global access token')
        return (await api.saveGroup({ appName: body.appName as string, name: body.name as string, addressType: (body.addressType ?? 0) as 0 | 1, addressList: (body.addressList ?? '') as string, accessToken: (body.accessToken ?? '') as string })).id
      }
      case 'listJobs': {
        const group = scope(caller)
        return (await api.listJobs()).filter((j) => group === null || j.jobGroup === group)
      }
      case 'listRuns': {
        const group = scope(caller)
        return api.listRuns({
          jobId: body.jobId as number | undefined,
          status: body.status as never,
          sinceMs: body.since as number | undefined,
          beforeId: body.beforeId as number | undefined,
          limit: body.limit as number | undefined,
          ...(group !== null ? { jobGroup: group } : {}),
        })
      }
      case 'getRun': {
        const run = await api.getRun(requireId(body.id))
        const group = scope(caller)
        if (group !== null && run.jobGroup !== group) throw new NotFoundError(`run ${run.id} does not exist in this group`)
        return run
      }
      case 'getRunLog': {
        const run = await api.getRun(requireId(body.logId ?? body.id))
        const group = scope(caller)
        if (group !== null && run.jobGroup !== group) throw new NotFoundError(`run ${run.id} does not exist in this group`)
        return api.getRunLog({ logId: run.id, fromLineNum: (body.fromLineNum ?? 1) as number })
      }
      case 'killRun': {
        const run = await api.getRun(requireId(body.logId ?? body.id))
        const group = scope(caller)
        if (group !== null && run.jobGroup !== group) throw new NotFoundError(`run ${run.id} does not exist in this group`)
        return api.killRun(run.id)
      }
      case 'listRegistry': {
        const appName = caller.kind === 'group' ? caller.group.appName : null
        return (await api.listRegistry()).filter((e) => appName === null || e.appName === appName)
      }
      default:
        throw new ValidationError('method', `unknown OpenAPI method '${method}'`)
    }
  }
}

function asObject(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ValidationError('body', 'expected a JSON object')
  return raw as Record<string, unknown>
}

function requireId(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new ValidationError('id', `expected a positive whole number, got ${JSON.stringify(value)}`)
  return value
}

function childList(value: unknown): string {
  if (typeof value === 'number') return String(value)
  if (typeof value !== 'string') throw new ValidationError('childJobId', 'expected a comma-separated list of job ids')
  return value
}

/** Fields of the body that name job fields, XXL-JOB spellings mapped; absent ones are left out. */
function jobFields(body: Record<string, unknown>): Partial<JobInput> {
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    const name = RENAMED[key] ?? key
    if (JOB_FIELDS.includes(name) && value !== undefined && value !== null) fields[name] = value
  }
  return fields as Partial<JobInput>
}



export function isOpenApiMethod(method: string): boolean {
  return (OPEN_API_METHODS as readonly string[]).includes(method)
}
