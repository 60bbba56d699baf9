import { notFound } from '../../shared/messages/coded-errors'
import { flowDefinitionYaml, jobDefinitionYaml, readDefinitions } from './definition-yaml'
import { jobByName } from './job-tools'
import type { McpToolContext } from './mcp-tool'
import { logTail } from './run-log-reads'

/** The resources' address forms (RFC 6570 templates, as MCP lists them). */
export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: 'jobdesk://jobs/{group}/{name}',
    name: 'job-definition',
    title: 'A job as its definition file',
    description: "A job (by its group's app name and its name) as the YAML definition file `jobdesk apply` reads; secrets as references only.",
    mimeType: 'application/yaml',
  },
  {
    uriTemplate: 'jobdesk://flows/{group}/{name}',
    name: 'flow-definition',
    title: 'A flow as its definition file',
    description: "A flow (by the group of its nodes' jobs, '-' when it has none, and its name) as its YAML definition file.",
    mimeType: 'application/yaml',
  },
  {
    uriTemplate: 'jobdesk://runs/{id}/log',
    name: 'run-log',
    title: "A run's log",
    description: "A run's log (its last 10,000 lines), secret values masked.",
    mimeType: 'text/plain',
  },
] as const

/** How many jobs and flows the resource list names: an agent finds the rest with list_jobs. */
const LISTED_MAX = 200
const LOG_RESOURCE_LINES = 10_000

const JOB_URI = /^jobdesk:\/\/jobs\/([^/]+)\/([^/]+)$/
const FLOW_URI = /^jobdesk:\/\/flows\/([^/]+)\/([^/]+)$/
const LOG_URI = /^jobdesk:\/\/runs\/(\d{1,15})\/log$/

const part = (text: string) => encodeURIComponent(text)

function decoded(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The job and flow definitions the caller sees, as concrete resources (the first LISTED_MAX of each). */
export async function listResources(context: McpToolContext) {
  const [page, groups, flows] = await Promise.all([context.api.listJobPage({ limit: LISTED_MAX }), context.api.listGroups(), context.api.listFlows()])
  const appName = new Map(groups.map((g) => [g.id, g.appName]))
  const jobs = page.jobs.map((job) => ({
    uri: `jobdesk://jobs/${part(appName.get(job.jobGroup) ?? '')}/${part(job.name)}`,
    name: `${appName.get(job.jobGroup) ?? ''}/${job.name}`,
    title: `Job ${job.name}`,
    mimeType: 'application/yaml',
  }))
  const reads = flows.length === 0 ? null : await readDefinitions(context.api)
  const flowResources = flows.slice(0, LISTED_MAX).map(({ flow }) => ({
    uri: `jobdesk://flows/${part(flowDefinitionYaml(reads!, flow).group || '-')}/${part(flow.name)}`,
    name: `flow ${flow.name}`,
    title: `Flow ${flow.name}`,
    mimeType: 'application/yaml',
  }))
  return [...jobs, ...flowResources]
}

/** The text behind `uri`, read as the caller may; an address of no known form, or of nothing the caller sees, is not found. */
export async function readResource(context: McpToolContext, uri: string): Promise<{ mimeType: string; text: string }> {
  const job = JOB_URI.exec(uri)
  if (job) {
    const found = await jobByName(context, decoded(job[1]), decoded(job[2]))
    return { mimeType: 'application/yaml', text: jobDefinitionYaml(await readDefinitions(context.api), found.job, found.group) }
  }
  const flow = FLOW_URI.exec(uri)
  if (flow) {
    const name = decoded(flow[2])
    const summary = (await context.api.listFlows()).find((s) => s.flow.name === name)
    const definition = summary && flowDefinitionYaml(await readDefinitions(context.api), summary.flow)
    if (!definition || (definition.group || '-') !== decoded(flow[1])) throw notFound('definitions.nameUnknown', { name })
    return { mimeType: 'application/yaml', text: definition.yaml }
  }
  const log = LOG_URI.exec(uri)
  if (log) {
    const tail = await logTail(context.api, Number(log[1]), LOG_RESOURCE_LINES)
    return { mimeType: 'text/plain', text: tail.lines.join('\n') }
  }
  throw notFound('mcp.resourceUnknown', { uri: uri.slice(0, 200) })
}
