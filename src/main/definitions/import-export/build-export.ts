import type { Flow } from '../../../shared/flow-types'
import { invalidField, notFound } from '../../../shared/messages/coded-errors'
import type { JobGroup, JobInfo, JobLink } from '../../../shared/model'
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  JOB_FIELDS,
  type ExportDocument,
  type ExportedGroup,
  type ExportedJob,
  type ExportedLink,
  type JobFields,
} from './export-document'
import { exportFlows } from './export-flows'

export interface ExportInput {
  groups: JobGroup[]
  jobs: JobInfo[]
  links: JobLink[]
  flows: Flow[]
  /**
   * The jobs to export; default all. A selection brings the groups those jobs use, the links among
   * them, and the flows whose every job node is one of them (see exportFlows).
   */
  jobIds?: number[]
  nowMs: number
}

/**
 * Builds the export document. Everything comes out sorted (groups by appName, jobs by id, links
 * by parent then child id, flows by name), so exporting the same data twice gives the same text.
 * @throws ValidationError on `jobIds` for a selected job that does not exist.
 * @throws NotFoundError for a job whose group is missing from `groups`, or a flow's job missing
 * from `jobs` (inconsistent data).
 */
export function buildExport(input: ExportInput): ExportDocument {
  const jobs = selectJobs(input.jobs, input.jobIds)
  const groupById = new Map(input.groups.map((group) => [group.id, group]))
  const usedGroupIds = new Set<number>()
  for (const job of jobs) {
    if (!groupById.has(job.jobGroup)) throw notFound('export.groupMissing', { groupId: job.jobGroup, jobId: job.id })
    usedGroupIds.add(job.jobGroup)
  }
  // A full export keeps groups without jobs too: they are configuration an operator made.
  const groups = input.jobIds === undefined ? input.groups : input.groups.filter((group) => usedGroupIds.has(group.id))
  const jobIds = new Set(jobs.map((job) => job.id))
  const links = input.links
    .filter((link) => jobIds.has(link.parentJobId) && jobIds.has(link.childJobId))
    .sort((a, b) => a.parentJobId - b.parentJobId || a.childJobId - b.childJobId)

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAtMs: input.nowMs,
    groups: [...groups].sort((a, b) => compareText(a.appName, b.appName)).map(exportGroup),
    jobs: jobs.map((job) => exportJob(job, groupById.get(job.jobGroup)!.appName)),
    links: links.map(exportLink),
    flows: exportFlows(input.flows, jobIds, input.jobIds !== undefined),
  }
}

function selectJobs(all: JobInfo[], jobIds: number[] | undefined): JobInfo[] {
  const sorted = [...all].sort((a, b) => a.id - b.id)
  if (jobIds === undefined) return sorted
  const known = new Set(all.map((job) => job.id))
  const missing = jobIds.filter((id) => !known.has(id))
  if (missing.length > 0) {
    throw invalidField('jobIds', missing.length === 1 ? 'export.jobMissing' : 'export.jobsMissing', { ids: missing })
  }
  const selected = new Set(jobIds)
  return sorted.filter((job) => selected.has(job.id))
}

/**
 * No access token: an export is a file that gets mailed, attached to tickets and committed, and a
 * token in it would let anyone holding the file register executors or call the API. The target
 * install keeps its own tokens (or the global one).
 */
function exportGroup(group: JobGroup): ExportedGroup {
  return {
    appName: group.appName,
    name: group.name,
    addressType: group.addressType,
    addressList: group.addressType === 1 ? group.addressList : '',
  }
}

function exportJob(job: JobInfo, appName: string): ExportedJob {
  const fields = Object.fromEntries(JOB_FIELDS.map((field) => [field, job[field]])) as unknown as JobFields
  return { key: String(job.id), appName, ...fields, enabled: job.triggerStatus === 1 }
}

function exportLink(link: JobLink): ExportedLink {
  return { parentKey: String(link.parentJobId), childKey: String(link.childJobId), condition: link.condition }
}

/** Code-unit order, not locale order: the same on every machine. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
