import type { GlueSaveRequest, ImportReport } from '../../../../shared/api'
import { NotFoundError } from '../../../../shared/errors'
import type { JobInfo, JobInput } from '../../../../shared/model'
import { client } from '../../api/client'
import { notifyError, notifySuccess } from '../../app/notify'
import { mergeJobs, type JobFilter } from '../../lib/job-filter'
import type { SliceCreator } from '../state'
import { initialJobsState, type JobsState } from './initialState'

/** Above this many changed ids one `listJobs` is cheaper than one `getJob` each. */
const REFETCH_ONE_BY_ONE_MAX = 20

export interface JobsActions {
  fetchJobs(): Promise<void>
  /** After `jobs-changed`: re-read those jobs (all of them when it names none); a job that no longer exists is removed. */
  refetchJobs(ids: readonly number[]): Promise<void>
  fetchGroups(): Promise<void>
  setJobFilter(patch: Partial<JobFilter>): void
  /** Rejects with the core's error (a ValidationError names the field) so the editor can show it. */
  saveJob(input: JobInput): Promise<JobInfo>
  deleteJob(id: number): Promise<void>
  startJob(id: number): Promise<void>
  stopJob(id: number): Promise<void>
  /** Saves a new GLUE source as a version (a remark is required); rejects with the core's error. */
  saveGlue(request: GlueSaveRequest): Promise<JobInfo>
  /** Applies an import document; rejects with every problem when the core refuses it. Re-reads jobs, groups and links. */
  importJobs(document: unknown, onConflict: 'update' | 'skip'): Promise<ImportReport>
}

export type JobsSlice = JobsState & JobsActions

export const createJobsSlice: SliceCreator<JobsSlice> = (set, get) => {
  const applyJob = (job: JobInfo) => set({ jobs: mergeJobs(get().jobs, [job], []) })
  const language = () => get().preferences.language

  return {
    ...initialJobsState,

    async fetchJobs() {
      const jobs = await client().listJobs()
      set({ jobs: [...jobs].sort((a, b) => a.id - b.id), jobsLoaded: true })
    },

    async refetchJobs(ids) {
      // No ids is the core's "something changed, re-read": an apply or an import, another node, or ids this user may not see.
      if (ids.length === 0 || ids.length > REFETCH_ONE_BY_ONE_MAX) return get().fetchJobs()
      const results = await Promise.allSettled(ids.map((id) => client().getJob(id)))
      const changed: JobInfo[] = []
      const removed: number[] = []
      results.forEach((result, index) => {
        if (result.status === 'fulfilled') changed.push(result.value)
        else if (result.reason instanceof NotFoundError) removed.push(ids[index])
      })
      set({ jobs: mergeJobs(get().jobs, changed, removed) })
    },

    async fetchGroups() {
      set({ groups: await client().listGroups() })
    },

    setJobFilter(patch) {
      set({ jobFilter: { ...get().jobFilter, ...patch } })
    },

    async saveJob(input) {
      const job = await client().saveJob(input)
      applyJob(job)
      notifySuccess(language(), 'jobs.saved', { id: job.id })
      return job
    },

    async deleteJob(id) {
      try {
        await client().deleteJob(id)
        set({ jobs: mergeJobs(get().jobs, [], [id]) })
        notifySuccess(language(), 'jobs.deleted', { id })
      } catch (error) {
        notifyError(language(), 'common.error', error)
      }
    },

    async startJob(id) {
      try {
        applyJob(await client().startJob(id))
        notifySuccess(language(), 'jobs.started', { id })
      } catch (error) {
        notifyError(language(), 'common.error', error)
      }
    },

    async stopJob(id) {
      try {
        applyJob(await client().stopJob(id))
        notifySuccess(language(), 'jobs.stopped', { id })
      } catch (error) {
        notifyError(language(), 'common.error', error)
      }
    },

    async saveGlue(request) {
      const job = await client().saveGlue(request)
      applyJob(job)
      notifySuccess(language(), 'glue.saved', { id: job.id })
      return job
    },

    async importJobs(document, onConflict) {
      const report = await client().importJobs({ document, onConflict })
      await Promise.allSettled([get().fetchJobs(), get().fetchGroups(), get().fetchLinks()])
      return report
    },
  }
}
