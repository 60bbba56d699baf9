import type { JobGroup, JobInfo, JobLink } from '../../../shared/model'
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportedGroup } from './export-document'
import { planGroups, type PlannedGroupUpdate } from './import-groups'
import { planJobs, type PlannedJobCreate, type PlannedJobUpdate, type SkippedJob } from './import-jobs'
import { planLinks, type PlannedLink, type SkippedLink } from './import-links'
import { describeValue, ImportProblems, isRecord, reportUnknownFields } from './import-problems'

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

const DOCUMENT_KEYS = new Set(['format', 'version', 'exportedAtMs', 'groups', 'jobs', 'links'])

/**
 * Checks a parsed export document against the current state and plans its import. Everything is
 * validated before anything is planned; any problem throws one ImportValidationError listing
 * every problem with its path, and then nothing may be applied.
 * @throws ImportValidationError (a ValidationError on field `document`).
 */
export function planImport(doc: unknown, current: ImportState, options: ImportOptions): ImportPlan {
  const problems = new ImportProblems()
  checkHeader(doc, problems)
  problems.throwIfAny()
  const record = doc as Record<string, unknown>
  reportUnknownFields(record, DOCUMENT_KEYS, 'document', problems)
  if (record.exportedAtMs !== undefined && (typeof record.exportedAtMs !== 'number' || !Number.isFinite(record.exportedAtMs))) {
    problems.add('exportedAtMs', `expected epoch milliseconds, got ${describeValue(record.exportedAtMs)}`)
  }

  const groups = planGroups(record.groups, current.groups, options.onConflict, problems)
  const jobs = planJobs(
    record.jobs,
    { groupIdByAppName: groups.groupIdByAppName, current: current.jobs, onConflict: options.onConflict, nowMs: options.nowMs },
    problems,
  )
  const links = planLinks(record.links, jobs, current.links, problems)
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

/** A wrong kind of file or a newer version stops the import before any field is read. */
function checkHeader(doc: unknown, problems: ImportProblems): void {
  if (!isRecord(doc)) {
    problems.add('document', `expected a JobDesk job export (a JSON object), got ${describeValue(doc)}`)
    return
  }
  if (doc.format !== EXPORT_FORMAT) {
    problems.add('format', `expected '${EXPORT_FORMAT}', got ${describeValue(doc.format)}; this is not a JobDesk job export`)
    return
  }
  const version = doc.version
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    problems.add('version', `expected a whole number from 1, got ${describeValue(version)}`)
  } else if (version > EXPORT_VERSION) {
    problems.add('version', `the file is version ${version}, written by a newer JobDesk; this one reads version ${EXPORT_VERSION}`)
  }
}
