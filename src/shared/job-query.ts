import type { GlueType, JobInfo, ScheduleType } from './model'

/**
 * A page of jobs read from the server (the console at 100k jobs reads pages, never the whole list):
 * filters, one sort with the id as tie-break, and a keyset cursor, so page N costs what page 1 does.
 */
export const JOB_SORTS = ['id', 'name', 'nextFire'] as const
export type JobSort = (typeof JOB_SORTS)[number]

/** At most this many jobs per page. */
export const JOB_PAGE_MAX = 500

export interface JobQuery {
  /** Jobs whose name or handler holds this text, any case; a whole number also finds the job of that id. */
  text?: string
  /** Only these jobs (a console filling in the names of the runs or links it shows). */
  ids?: readonly number[]
  groupId?: number
  /** `running`: its schedule runs (trigger status 1); `stopped`: it does not. */
  status?: 'running' | 'stopped'
  scheduleType?: ScheduleType
  glueType?: GlueType
  /** Default `id`. */
  sort?: JobSort
  descending?: boolean
  /** The `next` of the page before. */
  after?: JobCursor
  /** Default 100, at most JOB_PAGE_MAX. */
  limit?: number
  /** Only these groups' jobs (set by the caller's rules for a user who sees some groups, not by the console). */
  groupIds?: readonly number[]
}

/** Where a page ended: the last job's sort value and id. */
export interface JobCursor {
  value: string | number
  id: number
}

export interface JobPage {
  jobs: JobInfo[]
  /** How many jobs match the filters (all pages). */
  total: number
  /** Pass as `after` for the next page; null on the last. */
  next: JobCursor | null
}
