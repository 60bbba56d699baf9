import type { JobCursor, JobQuery, JobSort } from '../../../../shared/job-query'
import type { JobInfo, ScheduleType } from '../../../../shared/model'

export interface JobFilter {
  /** Matched by the server against name and handler, any case; a whole number also finds that id. */
  search: string
  status: 'all' | 'running' | 'stopped'
  scheduleType: 'all' | ScheduleType
  /** Executor group id (`job_group`), XXL-JOB's main filter of its job list; null: every group. */
  groupId: number | null
  sort: JobSort
  descending: boolean
}

export const NO_JOB_FILTER: JobFilter = { search: '', status: 'all', scheduleType: 'all', groupId: null, sort: 'id', descending: false }

/** The server query of a filter (the Jobs page reads its rows a page at a time). */
export function jobQueryOf(filter: JobFilter, limit: number, after?: JobCursor): JobQuery {
  const text = filter.search.trim()
  return {
    ...(text === '' ? {} : { text }),
    ...(filter.status === 'all' ? {} : { status: filter.status }),
    ...(filter.scheduleType === 'all' ? {} : { scheduleType: filter.scheduleType }),
    ...(filter.groupId === null ? {} : { groupId: filter.groupId }),
    sort: filter.sort,
    descending: filter.descending,
    limit,
    ...(after ? { after } : {}),
  }
}

/**
 * Whether the server would list `job` under `filter`: the same rules as JobRepo.page, so a job a
 * pushed change brings in (or takes out) is placed without re-reading the list.
 */
export function jobMatches(job: JobInfo, filter: JobFilter): boolean {
  if (filter.status !== 'all' && job.triggerStatus !== (filter.status === 'running' ? 1 : 0)) return false
  if (filter.scheduleType !== 'all' && job.scheduleType !== filter.scheduleType) return false
  if (filter.groupId !== null && job.jobGroup !== filter.groupId) return false
  const needle = filter.search.trim().toLowerCase()
  if (needle === '') return true
  if (/^[1-9][0-9]{0,14}$/.test(needle) && job.id === Number(needle)) return true
  return job.name.toLowerCase().includes(needle) || job.executorHandler.toLowerCase().includes(needle)
}

/** The list's order: the sort column, then the id, either way (the server's ORDER BY). */
export function compareJobs(filter: Pick<JobFilter, 'sort' | 'descending'>): (a: JobInfo, b: JobInfo) => number {
  const sign = filter.descending ? -1 : 1
  const key = (job: JobInfo): string | number => (filter.sort === 'name' ? job.name : filter.sort === 'nextFire' ? job.triggerNextTimeMs : job.id)
  return (a, b) => {
    const ka = key(a)
    const kb = key(b)
    // Code-unit order, as the engines' binary collation of ASCII names (localeCompare would differ).
    const byKey = ka < kb ? -1 : ka > kb ? 1 : 0
    return sign * (byKey !== 0 ? byKey : a.id - b.id)
  }
}

/** The loaded part of the Jobs list: ids in list order, and how many match on the server. */
export interface JobListWindow {
  ids: readonly number[]
  total: number
  /** Null when every matching job is loaded. */
  next: JobCursor | null
}

/**
 * Places pushed changes in the loaded window: a changed job that still matches moves to its place,
 * one that no longer matches (or was removed) leaves, a new one that matches enters when it sorts
 * inside what is loaded (beyond it, the next page will bring it). The total follows.
 */
export function placeJobs(
  window: JobListWindow,
  jobsById: ReadonlyMap<number, JobInfo>,
  changed: readonly JobInfo[],
  removedIds: readonly number[],
  filter: JobFilter,
): JobListWindow {
  const compare = compareJobs(filter)
  const listed = new Set(window.ids)
  let total = window.total
  const gone = new Set(removedIds)
  for (const id of removedIds) if (listed.has(id)) total--
  for (const job of changed) {
    const wasListed = listed.has(job.id)
    const matches = jobMatches(job, filter)
    if (wasListed && !matches) {
      gone.add(job.id)
      total--
    } else if (!wasListed && matches) total++
  }
  const kept = window.ids.filter((id) => !gone.has(id))
  const changedById = new Map(changed.map((job) => [job.id, job]))
  const rows = kept.map((id) => changedById.get(id) ?? jobsById.get(id)).filter((job): job is JobInfo => job !== undefined)
  const last = rows.at(-1)
  for (const job of changed) {
    if (listed.has(job.id) || !jobMatches(job, filter)) continue
    // Past the last loaded row of an unfinished list, its place is on a page not read yet.
    if (window.next !== null && last !== undefined && compare(job, last) > 0) continue
    rows.push(job)
  }
  rows.sort(compare)
  return { ids: rows.map((job) => job.id), total: Math.max(total, rows.length), next: window.next }
}

/** Replaces, adds and removes jobs by id, keeping the list sorted by id. */
export function mergeJobs(jobs: readonly JobInfo[], changed: readonly JobInfo[], removedIds: readonly number[]): JobInfo[] {
  const byId = new Map(jobs.map((job) => [job.id, job]))
  for (const id of removedIds) byId.delete(id)
  for (const job of changed) byId.set(job.id, job)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}
