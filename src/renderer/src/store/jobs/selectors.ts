import { EMBEDDED_APP_NAME, type JobGroup, type JobInfo } from '../../../../shared/model'
import type { JobDeskState } from '../state'

export const selectJobs = (s: JobDeskState) => s.jobs
export const selectJobFilter = (s: JobDeskState) => s.jobFilter
export const selectGroups = (s: JobDeskState) => s.groups

/** A selector of `list` by id, rebuilt only when the list itself changes (tables look names up per row). */
function byId<T extends { id: number }>(list: (s: JobDeskState) => T[]): (s: JobDeskState) => Map<number, T> {
  let cachedList: T[] | null = null
  let cached = new Map<number, T>()
  return (s) => {
    const current = list(s)
    if (current !== cachedList) {
      cachedList = current
      cached = new Map(current.map((item) => [item.id, item]))
    }
    return cached
  }
}

/** Jobs by id, for name look-ups in run rows. */
export const selectJobsById: (s: JobDeskState) => Map<number, JobInfo> = byId(selectJobs)
/** Executor groups by id, for the group columns. */
export const selectGroupsById: (s: JobDeskState) => Map<number, JobGroup> = byId(selectGroups)

export const selectJob = (id: number | null) => (s: JobDeskState) => (id === null ? undefined : selectJobsById(s).get(id))

/** The Jobs list's loaded rows, in its order (rebuilt when the list or the jobs change). */
export const selectJobListRows: (s: JobDeskState) => JobInfo[] = (() => {
  let cachedIds: readonly number[] | null = null
  let cachedJobs: Map<number, JobInfo> | null = null
  let cached: JobInfo[] = []
  return (s: JobDeskState) => {
    const byIdNow = selectJobsById(s)
    if (s.jobList.ids !== cachedIds || byIdNow !== cachedJobs) {
      cachedIds = s.jobList.ids
      cachedJobs = byIdNow
      cached = s.jobList.ids.map((id) => byIdNow.get(id)).filter((job): job is JobInfo => job !== undefined)
    }
    return cached
  }
})()
export const selectJobList = (s: JobDeskState) => s.jobList

/** The embedded executor's group: where a new job runs unless the operator picks another. */
export const selectDefaultGroupId = (s: JobDeskState): number | null =>
  (s.groups.find((group) => group.appName === EMBEDDED_APP_NAME) ?? s.groups[0])?.id ?? null
