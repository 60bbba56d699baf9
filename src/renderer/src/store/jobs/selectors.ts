import { EMBEDDED_APP_NAME, type JobGroup, type JobInfo } from '../../../../shared/model'
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

/** Executor groups by id, for the group columns; rebuilt only when the group list changes. */
let cachedGroups: JobGroup[] | null = null
let cachedGroupsById = new Map<number, JobGroup>()
export const selectGroupsById = (s: JobDeskState): Map<number, JobGroup> => {
  if (s.groups !== cachedGroups) {
    cachedGroups = s.groups
    cachedGroupsById = new Map(s.groups.map((group) => [group.id, group]))
  }
  return cachedGroupsById
}

export const selectJob = (id: number | null) => (s: JobDeskState) => (id === null ? undefined : selectJobsById(s).get(id))

/** The embedded executor's group: where a new job runs unless the operator picks another. */
export const selectDefaultGroupId = (s: JobDeskState): number | null =>
  (s.groups.find((group) => group.appName === EMBEDDED_APP_NAME) ?? s.groups[0])?.id ?? null
