import { notFound } from '../../shared/messages/coded-errors'
import { JOB_PAGE_MAX } from '../../shared/job-query'
import type { JobInfo } from '../../shared/model'
import { z } from '../../shared/schema/z'
import { jobDefinitionYaml, readDefinitions } from './definition-yaml'
import { groupNames } from './group-names'
import { tool, type McpToolContext } from './mcp-tool'

const jobId = z.int().min(1).describe('the job id (list_jobs gives them)')

function jobSummary(job: JobInfo, group: string) {
  return {
    id: job.id,
    name: job.name,
    group,
    handler: job.executorHandler,
    glueType: job.glueType,
    scheduleType: job.scheduleType,
    schedule: job.scheduleConf,
    timezone: job.timezone,
    running: job.triggerStatus === 1,
    nextFireTimeMs: job.triggerNextTimeMs || null,
    declaresParams: (job.params ?? []).length > 0,
  }
}

const jobSummarySchema = z.looseObject({ id: z.number(), name: z.string(), group: z.string(), running: z.boolean() })

/** A job the caller sees, with its group's app name; refused as not found otherwise (the rule's own refusal). */
export async function visibleJob(context: McpToolContext, id: number): Promise<{ job: JobInfo; group: string }> {
  const job = await context.api.getJob(id)
  const { nameOf } = await groupNames(context.api)
  return { job, group: nameOf(job.jobGroup) }
}

export const listJobs = tool({
  name: 'list_jobs',
  title: 'List jobs',
  description:
    'Lists the jobs you may see (your groups only), newest id first: id, name, executor group, handler, schedule, whether its schedule runs, next fire time. ' +
    'Filter by text (name or handler, any case), group (app name) or status. Pages: pass the returned `next` as `after` for the next page.',
  kind: 'read',
  input: z.strictObject({
    text: z.string().max(200).optional().describe('text in the name or handler; a whole number also finds the job of that id'),
    group: z.string().max(64).optional().describe("an executor group's app name"),
    status: z.enum(['running', 'stopped']).optional().describe('running: its schedule runs; stopped: it does not'),
    limit: z.int().min(1).max(JOB_PAGE_MAX).default(50),
    after: z
      .strictObject({ value: z.union([z.string(), z.number()]), id: z.int() })
      .optional()
      .describe('the `next` of the page before'),
  }),
  output: z.object({ total: z.number(), jobs: z.array(jobSummarySchema), next: z.unknown() }),
  async run(context, input) {
    const { groups, nameOf } = await groupNames(context.api)
    const group = input.group === undefined ? undefined : groups.find((g) => g.appName === input.group)
    if (input.group !== undefined && !group) return { total: 0, jobs: [], next: null }
    const page = await context.api.listJobPage({
      ...(input.text !== undefined && { text: input.text }),
      ...(group && { groupId: group.id }),
      ...(input.status && { status: input.status }),
      sort: 'id',
      descending: true,
      limit: input.limit,
      ...(input.after && { after: input.after }),
    })
    return { total: page.total, jobs: page.jobs.map((job) => jobSummary(job, nameOf(job.jobGroup))), next: page.next }
  },
})

export const getJob = tool({
  name: 'get_job',
  title: 'Get a job as its definition',
  description:
    'One job as its YAML definition file says it (the format `jobdesk apply` reads: schedule, handler, routing, retries, alarms, typed params, children), ' +
    'with its summary and the typed parameters it declares (what trigger_job takes in `params`). Secrets appear only as references (`${secrets.NAME}`).',
  kind: 'read',
  input: z.strictObject({ jobId }),
  output: z.object({ job: jobSummarySchema, params: z.array(z.looseObject({ name: z.string(), type: z.string() })), yaml: z.string() }),
  async run(context, input) {
    const { job, group } = await visibleJob(context, input.jobId)
    const yaml = jobDefinitionYaml(await readDefinitions(context.api), job, group)
    const params = (job.params ?? []).map((p) => ({
      name: p.name,
      type: p.type,
      required: p.required,
      default: p.type === 'secret' ? null : p.default,
      ...(p.enum.length > 0 && { enum: p.enum }),
      description: p.description,
    }))
    return { job: jobSummary(job, group), params, yaml }
  },
})

export const triggerJob = tool({
  name: 'trigger_job',
  title: 'Trigger a job now',
  description:
    'Fires a job once now (recorded as an API trigger, audited as done through an agent). A job that declares typed parameters (get_job lists them) takes their values in `params`, checked against the declaration; ' +
    'otherwise `executorParam` replaces the job parameter for this one run. Answers the new run ids: follow them with get_run.',
  kind: 'operate',
  input: z.strictObject({
    jobId,
    params: z
      .record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean()]))
      .optional()
      .describe("the declared parameters' values, by name (a secret parameter takes the secret's name, never its value)"),
    executorParam: z.string().max(2048).optional().describe('a free-text parameter for this run (jobs without typed parameters)'),
  }),
  output: z.object({ runIds: z.array(z.number()) }),
  async run(context, input) {
    const result = await context.api.triggerJob({
      jobId: input.jobId,
      triggerType: 'API',
      ...(input.params && { params: input.params }),
      ...(input.executorParam !== undefined && { executorParam: input.executorParam }),
    })
    return { runIds: result.logIds }
  },
})

export const setJobActive = tool({
  name: 'set_job_active',
  title: "Start or stop a job's schedule",
  description: "Starts (active: true) or stops (active: false) a job's schedule. A stopped job still runs when triggered; runs under way are not touched.",
  kind: 'operate',
  input: z.strictObject({ jobId, active: z.boolean() }),
  output: z.object({ job: jobSummarySchema }),
  async run(context, input) {
    const job = input.active ? await context.api.startJob(input.jobId) : await context.api.stopJob(input.jobId)
    const { nameOf } = await groupNames(context.api)
    return { job: jobSummary(job, nameOf(job.jobGroup)) }
  },
})

/** A job by its group's app name and its name, as the caller sees it. */
export async function jobByName(context: McpToolContext, group: string, name: string): Promise<{ job: JobInfo; group: string }> {
  const { groups } = await groupNames(context.api)
  const own = groups.find((g) => g.appName === group)
  const page = own ? await context.api.listJobPage({ text: name, groupId: own.id, limit: JOB_PAGE_MAX }) : { jobs: [] }
  const job = page.jobs.find((j) => j.name === name)
  if (!job) throw notFound('definitions.nameUnknown', { name: `${group}/${name}` })
  return { job, group }
}
