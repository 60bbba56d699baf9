import type { Flow } from '../../../shared/flow-types'
import type { JobGroup, JobInfo, JobLink } from '../../../shared/model'
import { FLOWS_SINCE_VERSION, type ExportedGroup } from './export-document'
import { planFlows, type PlannedFlow, type PlannedFlowUpdate, type SkippedFlow } from './import-flows'
import { planGroups, type PlannedGroupUpdate } from './import-groups'
import { planJobs, type PlannedJobCreate, type PlannedJobUpdate, type SkippedJob } from './import-jobs'
import { planLinks, type PlannedLink, type SkippedLink } from './import-links'
import { ImportProblems } from './import-problems'
import { collectProblems, DOCUMENT_HINTS, documentKindSchema, documentPartsSchema } from './import-schemas'
import type { CalendarDays } from '../../../shared/calendar/business-calendar'

export interface ImportState {
  groups: JobGroup[]
  jobs: JobInfo[]
  links: JobLink[]
  flows: Flow[]
  /** The calendars a job or a flow may name, resolved; absent: none exists (an XXL-JOB import). */
  calendarDays?: (name: string) => CalendarDays | undefined
}

export interface ImportOptions {
  /** Reference time for "the schedule has a future fire time". */
  nowMs: number
  /** What to do with a document job whose (appName, name), or a document flow whose name, already exists. */
  onConflict: 'update' | 'skip'
}

/**
 * Everything needed to apply an import in one transaction, in this order: create and update
 * groups; create jobs (resolving `groupId: null` by appName to the new group), update jobs; set
 * links (a `{key}` ref is the new id of the `jobsToCreate` entry with that key); then rewrite
 * `child_jobid` of every parent touched (`childJobIdList`) and start or stop each created or
 * updated job per `enabled`, computing next fire times from now; last create and replace flows
 * (their job nodes' `{key}` refs resolved the same way), active ones with their next fire time.
 */
export interface ImportPlan {
  groupsToCreate: ExportedGroup[]
  groupsToUpdate: PlannedGroupUpdate[]
  jobsToCreate: PlannedJobCreate[]
  jobsToUpdate: PlannedJobUpdate[]
  jobsSkipped: SkippedJob[]
  linksToSet: PlannedLink[]
  linksSkipped: SkippedLink[]
  flowsToCreate: PlannedFlow[]
  flowsToUpdate: PlannedFlowUpdate[]
  flowsSkipped: SkippedFlow[]
  /** Job counts, for "created 3, updated 2, skipped 1". */
  summary: { created: number; updated: number; skipped: number }
  /** The same for flows. */
  flowSummary: { created: number; updated: number; skipped: number }
}

/**
 * Checks a parsed export document against the current state and plans its import. Everything is
 * validated before anything is planned; any problem throws one ImportValidationError listing
 * every problem with its path, and then nothing may be applied.
 * @throws ImportValidationError (a ValidationError on field `document`).
 */
export function planImport(doc: unknown, current: ImportState, options: ImportOptions): ImportPlan {
  const problems = new ImportProblems()
  const kind = collectProblems(documentKindSchema, doc, 'document', problems)
  problems.throwIfAny()
  collectProblems(documentPartsSchema(kind!.version), doc, 'document', problems, DOCUMENT_HINTS)
  const part = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
  const { groups: rawGroups, jobs: rawJobs, links: rawLinks, flows: rawFlows } = doc as Record<string, unknown>

  const groups = planGroups(part(rawGroups), current.groups, options.onConflict, problems)
  const jobs = planJobs(
    part(rawJobs),
    {
      groupIdByAppName: groups.groupIdByAppName,
      current: current.jobs,
      onConflict: options.onConflict,
      nowMs: options.nowMs,
      calendarDays: current.calendarDays ?? (() => undefined),
    },
    problems,
  )
  const links = planLinks(part(rawLinks), jobs, current.links, problems)
  // A version 1 document has no flows; one that lists them anyway is refused above, and they are not read.
  const flows = planFlows(
    kind!.version >= FLOWS_SINCE_VERSION ? part(rawFlows) : [],
    {
      jobs,
      savedJobIds: current.jobs.map((job) => job.id),
      current: current.flows,
      onConflict: options.onConflict,
      nowMs: options.nowMs,
      calendarDays: current.calendarDays ?? (() => undefined),
    },
    problems,
  )
  problems.throwIfAny()

  return {
    groupsToCreate: groups.groupsToCreate,
    groupsToUpdate: groups.groupsToUpdate,
    jobsToCreate: jobs.jobsToCreate,
    jobsToUpdate: jobs.jobsToUpdate,
    jobsSkipped: jobs.jobsSkipped,
    linksToSet: links.linksToSet,
    linksSkipped: links.linksSkipped,
    flowsToCreate: flows.flowsToCreate,
    flowsToUpdate: flows.flowsToUpdate,
    flowsSkipped: flows.flowsSkipped,
    summary: { created: jobs.jobsToCreate.length, updated: jobs.jobsToUpdate.length, skipped: jobs.jobsSkipped.length },
    flowSummary: { created: flows.flowsToCreate.length, updated: flows.flowsToUpdate.length, skipped: flows.flowsSkipped.length },
  }
}
