import { EMBEDDED_APP_NAME, type JobInfo } from '../../../../shared/model'
import type { JobDeskState } from '../state'

export const selectJobs = (s: JobDeskState) => s.jobs
export const selectJobFilter = (s: JobDeskState) => s.jobFilter
export const selectGroups = (s: JobDeskState) => s.groups

/** Jobs by id, for name look-ups in run rows; rebuilt only when the job list changes. */
let cachedJobs: JobInfo[] | null = null
let cachedById = new Map<number, JobInfo>()
export const selectJobsById = (s: JobDeskState): Map<number, JobInfo> => {
  if (s.jobs !== cachedJobs) {
    cachedJobs = s.jobs
    cachedById = new Map(s.jobs.map((job) => [job.id, job]))
  }
  return cachedById
}

export const selectJob = (id: number | null) => (s: JobDeskState) => (id === null ? undefined : selectJobsById(s).get(id))

/** The embedded executor's group: where a new job runs unless the operator picks another. */
export const selectDefaultGroupId = (s: JobDeskState): number | null =>
  (s.groups.find((group) => group.appName === EMBEDDED_APP_NAME) ?? s.groups[0])?.id ?? null
