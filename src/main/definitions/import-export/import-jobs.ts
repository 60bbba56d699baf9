import { ValidationError } from '../../../shared/errors'
import type { JobInfo } from '../../../shared/model'
import { validateJobInput } from '../job-validation'
import { JOB_FIELDS, type JobFields } from './export-document'
import { isRecord, type ImportProblems, type ProblemLabel } from './import-problems'
import { collectProblems, importedJobSchema } from './import-schemas'
import type { CalendarDays } from '../../../shared/calendar/business-calendar'

/** A job this import creates. `groupId` is null when its group is created by the same import. */
export interface PlannedJobCreate {
  key: string
  appName: string
  groupId: number | null
  fields: JobFields
  /** Start the job once created (its next fire time is the integrator's to compute). */
  enabled: boolean
}

/** An existing job (matched by group and name) the import overwrites with the document's fields. */
export interface PlannedJobUpdate {
  id: number
  key: string
  appName: string
  groupId: number
  fields: JobFields
  /** Start or stop the job to match the document. */
  enabled: boolean
}

/** An existing job the document also defines, left as it is (`onConflict: 'skip'`). */
export interface SkippedJob {
  id: number
  key: string
  appName: string
  name: string
  reason: string
}

/** Where a document key ends up: a job created by the import, or an existing one (updated or skipped). */
export type JobTarget = { kind: 'create'; key: string } | { kind: 'update' | 'skip'; key: string; id: number }

export interface JobPlan {
  /** Keys the document declares, valid or not (a link to one of them is not "missing"). */
  declaredKeys: Set<string>
  /** Keys of valid jobs. */
  targets: Map<string, JobTarget>
  jobsToCreate: PlannedJobCreate[]
  jobsToUpdate: PlannedJobUpdate[]
  jobsSkipped: SkippedJob[]
}

const JOB_HINTS = {
  id: 'import.idField',
  jobGroup: 'import.jobGroupField',
} as const

export interface JobPlanContext {
  groupIdByAppName: ReadonlyMap<string, number | null>
  current: readonly JobInfo[]
  onConflict: 'update' | 'skip'
  nowMs: number
  calendarDays: (name: string) => CalendarDays | undefined
}

/**
 * Validates each document job with the same rules as the job editor (validateJobInput, which
 * reports the first problem of a job) and matches it to an existing job by (appName, name).
 */
export function planJobs(raw: readonly unknown[], context: JobPlanContext, problems: ImportProblems): JobPlan {
  const plan: JobPlan = { declaredKeys: new Set(), targets: new Map(), jobsToCreate: [], jobsToUpdate: [], jobsSkipped: [] }
  const keyAt = new Map<string, number>()
  const nameAt = new Map<string, number>()
  const provisionalGroupIds = provisionalIds(context)
  const knownGroupIds = new Set<number>(provisionalGroupIds.values())
  for (const id of context.groupIdByAppName.values()) if (id !== null) knownGroupIds.add(id)
  raw.forEach((item, index) => {
    const path = `jobs[${index}]`
    const before = problems.list.length
    const envelope = collectProblems(importedJobSchema, item, path, problems, JOB_HINTS)
    if (!isRecord(item)) return
    const label = jobLabel(item)

    // A key stays declared when the job's other fields are bad, so its links are not also "missing".
    const key = typeof item.key === 'string' && item.key !== '' ? item.key : null
    if (key !== null && keyAt.has(key)) {
      problems.add(`${path}.key`, 'import.keyTwice', { key: key.slice(0, 120), first: keyAt.get(key)! })
    } else if (key !== null) {
      keyAt.set(key, index)
      plan.declaredKeys.add(key)
    }

    const appName = envelope?.appName ?? (typeof item.appName === 'string' ? item.appName.trim() : '')
    const groupId = context.groupIdByAppName.get(appName)
    if (appName !== '' && groupId === undefined) {
      problems.add(`${path}.appName`, 'import.groupUnknown', { appName: appName.slice(0, 120) })
    }
    const enabled = envelope?.enabled ?? false

    const input = pickJobFields(item)
    let fields: JobFields | undefined
    try {
      // A group created by this import has no id yet: a provisional one stands in. An unknown group is
      // reported above; the stand-in then lets the job's other fields be checked all the same.
      const jobGroup = groupId ?? provisionalGroupIds.get(appName) ?? 1
      const groupExists = (id: number) => groupId === undefined || knownGroupIds.has(id)
      const {
        id: _id,
        jobGroup: _group,
        ...valid
      } = validateJobInput({ ...input, jobGroup }, { groupExists, nowMs: context.nowMs, calendarDays: context.calendarDays })
      fields = valid
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error
      problems.addFieldError(path, error, label)
    }
    if (fields && enabled && fields.scheduleType === 'NONE') {
      problems.add(`${path}.enabled`, 'import.noneEnabled', {}, label)
    }
    if (problems.list.length > before || !fields || groupId === undefined) return

    const nameKey = JSON.stringify([appName, fields.name])
    const sameName = nameAt.get(nameKey)
    if (sameName !== undefined) {
      problems.add(`${path}.name`, 'import.sameName', { first: sameName, appName })
      return
    }
    nameAt.set(nameKey, index)
    matchJob(plan, context, problems, { path, key: key!, appName, groupId, fields, enabled })
  })
  return plan
}

interface ReadJob {
  path: string
  key: string
  appName: string
  groupId: number | null
  fields: JobFields
  enabled: boolean
}

function matchJob(plan: JobPlan, context: JobPlanContext, problems: ImportProblems, job: ReadJob): void {
  const { key, appName, groupId, fields, enabled } = job
  const matches = groupId === null ? [] : context.current.filter((info) => info.jobGroup === groupId && info.name === fields.name)
  if (matches.length > 1) {
    const ids = matches.map((info) => info.id).sort((a, b) => a - b)
    problems.add(`${job.path}.name`, 'import.ambiguousName', { count: matches.length, name: fields.name, appName, ids })
    return
  }
  if (matches.length === 0) {
    plan.jobsToCreate.push({ key, appName, groupId, fields, enabled })
    plan.targets.set(key, { kind: 'create', key })
    return
  }
  const id = matches[0].id
  if (context.onConflict === 'update') {
    plan.jobsToUpdate.push({ id, key, appName, groupId: groupId!, fields, enabled })
    plan.targets.set(key, { kind: 'update', key, id })
  } else {
    plan.jobsSkipped.push({ id, key, appName, name: fields.name, reason: `job ${id} '${fields.name}' already exists in '${appName}'` })
    plan.targets.set(key, { kind: 'skip', key, id })
  }
}

/** Names the job after a field problem, since `jobs[7]` alone is hard to find in a long file. */
function jobLabel(item: Record<string, unknown>): ProblemLabel {
  if (typeof item.name === 'string' && item.name.trim() !== '') return { jobName: item.name.trim() }
  if (typeof item.key === 'string' && item.key !== '') return { jobKey: item.key }
  return {}
}

function pickJobFields(item: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const field of JOB_FIELDS) if (field in item) input[field] = item[field]
  return input
}

/** Ids above every existing group id for the groups this import creates, by appName. */
function provisionalIds(context: JobPlanContext): Map<string, number> {
  let next = 1
  for (const id of context.groupIdByAppName.values()) if (id !== null && id >= next) next = id + 1
  const ids = new Map<string, number>()
  for (const [appName, id] of context.groupIdByAppName) if (id === null) ids.set(appName, next++)
  return ids
}
