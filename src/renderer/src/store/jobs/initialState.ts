import { NO_JOB_FILTER, type JobFilter, type JobListWindow } from '../../lib/jobs/job-filter'
import type { JobGroup, JobInfo } from '../../../../shared/model'

export interface JobListState extends JobListWindow {
  loading: boolean
  /** The first page for the current filter has arrived. */
  loaded: boolean
}

export interface JobsState {
  /**
   * The jobs this console has read, sorted by id: the Jobs list's rows and the jobs that runs,
   * links, flows and panels name. Never all of them at scale: the server pages, the console asks.
   */
  jobs: JobInfo[]
  /** The Jobs page: the ids of the loaded rows of the filtered list, in its order. */
  jobList: JobListState
  groups: JobGroup[]
  jobFilter: JobFilter
}

export const EMPTY_JOB_LIST: JobListState = { ids: [], total: 0, next: null, loading: false, loaded: false }

export const initialJobsState: JobsState = { jobs: [], jobList: EMPTY_JOB_LIST, groups: [], jobFilter: NO_JOB_FILTER }
