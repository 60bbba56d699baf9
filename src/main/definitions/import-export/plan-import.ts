import type { JobGroup, JobInfo, JobLink } from '../../../shared/model'
import type { ExportedGroup } from './export-document'
import { planGroups, type PlannedGroupUpdate } from './import-groups'
import { planJobs, type PlannedJobCreate, type PlannedJobUpdate, type SkippedJob } from './import-jobs'
import { planLinks, type PlannedLink, type SkippedLink } from './import-links'
import { ImportProblems } from './import-problems'
import { collectProblems, documentKindSchema, documentPartsSchema } from './import-schemas'

export interface ImportState {
  groups: JobGroup[]
  jobs: JobInfo[]
  links: JobLink[]
}

export interface ImportOptions {
  /** Reference time for "the schedule has a future fire time". */
  nowMs: number
  /** What to do with a document job whose (appName, name) already exists. */
  onConflict: 'update' | 'skip'
}

/**
 * Everything needed to apply an import in one transaction, in this order: create and update
 * groups; create jobs (resolving `groupId: null` by appName to the new group), update jobs; set
 * links (a `{key}` ref is the new id of the `jobsToCreate` entry with that key); then rewrite
 * `child_jobid` of every parent touched (`childJobIdList`) and start or stop each created or
 * updated job per `enabled`, computing next fire times from now.
 */
export interface ImportPlan {
  groupsToCreate: ExportedGroup[]
  groupsToUpdate: PlannedGroupUpdate[]
  jobsToCreate: PlannedJobCreate[]
  jobsToUpdate: PlannedJobUpdate[]
  jobsSkipped: SkippedJob[]
  linksToSet: PlannedLink[]
  linksSkipped: SkippedLink[]
  /** Job counts, for "created 3, updated 2, skipped 1". */
  summary: { created: number; updated: number; skipped: number }
}

/**
 * Checks a parsed export document against the current state and plans its import. Everything is
 * validated before anything is planned; any problem throws one ImportValidationError listing
 * every problem with its path, and then nothing may be applied.
 * @throws ImportValidationError (a ValidationError on field `document`).
 */
export function planImport(doc: unknown, current: ImportState, options: ImportOptions): ImportPlan {
  const problems = new ImportProblems()
  collectProblems(documentKindSchema, doc, 'document', problems)
  problems.throwIfAny()
  collectProblems(documentPartsSchema, doc, 'document', problems)
  const part = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
  const { groups: rawGroups, jobs: rawJobs, links: rawLinks } = doc as Record<string, unknown>

  const groups = planGroups(part(rawGroups), current.groups, options.onConflict, problems)
  const jobs = planJobs(
    part(rawJobs),
    { groupIdByAppName: groups.groupIdByAppName, current: current.jobs, onConflict: options.onConflict, nowMs: options.nowMs },
    problems,
  )
  const links = planLinks(part(rawLinks), jobs, current.links, problems)
  problems.throwIfAny()

  return {
    groupsToCreate: groups.groupsToCreate,
    groupsToUpdate: groups.groupsToUpdate,
    jobsToCreate: jobs.jobsToCreate,
    jobsToUpdate: jobs.jobsToUpdate,
    jobsSkipped: jobs.jobsSkipped,
    linksToSet: links.linksToSet,
    linksSkipped: links.linksSkipped,
    summary: { created: jobs.jobsToCreate.length, updated: jobs.jobsToUpdate.length, skipped: jobs.jobsSkipped.length },
  }
}
