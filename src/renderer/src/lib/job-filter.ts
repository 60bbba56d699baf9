import type { JobInfo, ScheduleType } from '../../../shared/model'

export interface JobFilter {
  /** Free text matched against id, name, handler, author, schedule and parameter. */
  search: string
  status: 'all' | 'running' | 'stopped'
  scheduleType: 'all' | ScheduleType
  /** Executor group id (`job_group`), XXL-JOB's main filter of its job list; null: every group. */
  groupId: number | null
}

export const NO_JOB_FILTER: JobFilter = { search: '', status: 'all', scheduleType: 'all', groupId: null }

/**
 * The jobs a filter keeps, in the given order. Pure and allocation-light: 10,000 jobs filter in a
 * few milliseconds, so it runs on every keystroke without an index.
 */
export function filterJobs(jobs: readonly JobInfo[], filter: JobFilter): JobInfo[] {
  const needle = filter.search.trim().toLowerCase()
  const wantStatus = filter.status === 'all' ? null : filter.status === 'running' ? 1 : 0
  return jobs.filter((job) => {
    if (wantStatus !== null && job.triggerStatus !== wantStatus) return false
    if (filter.scheduleType !== 'all' && job.scheduleType !== filter.scheduleType) return false
    if (filter.groupId !== null && job.jobGroup !== filter.groupId) return false
    if (needle === '') return true
    if (String(job.id) === needle) return true
    return (
      job.name.toLowerCase().includes(needle) ||
      job.executorHandler.toLowerCase().includes(needle) ||
      job.author.toLowerCase().includes(needle) ||
      job.scheduleConf.toLowerCase().includes(needle) ||
      job.executorParam.toLowerCase().includes(needle)
    )
  })
}

/** Replaces, adds and removes jobs by id, keeping the list sorted by id. */
export function mergeJobs(jobs: readonly JobInfo[], changed: readonly JobInfo[], removedIds: readonly number[]): JobInfo[] {
  const byId = new Map(jobs.map((job) => [job.id, job]))
  for (const id of removedIds) byId.delete(id)
  for (const job of changed) byId.set(job.id, job)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}
