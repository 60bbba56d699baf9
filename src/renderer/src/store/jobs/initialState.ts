import { NO_JOB_FILTER, type JobFilter } from '../../lib/job-filter'
import type { JobGroup, JobInfo } from '../../../../shared/model'

export interface JobsState {
  /** Every job, sorted by id (the console shows them all; filtering is in memory). */
  jobs: JobInfo[]
  jobsLoaded: boolean
  groups: JobGroup[]
  jobFilter: JobFilter
}

export const initialJobsState: JobsState = { jobs: [], jobsLoaded: false, groups: [], jobFilter: NO_JOB_FILTER }
