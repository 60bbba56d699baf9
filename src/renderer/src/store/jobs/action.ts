import { JOB_PAGE_MAX, type JobCursor } from '../../../../shared/job-query'
import type { JobInfo } from '../../../../shared/model'
import { client } from '../../api/client'
import { notifyError, notifySuccess } from '../../kit/notify'
import { chunks } from '../../lib/data/chunks'
import { jobQueryOf, mergeJobs, placeJobs } from '../../lib/jobs/job-filter'
import type { SliceCreator } from '../state'
import { initialJobsState } from './initialState'
import type { JobsSlice } from './slice'

/** Rows the Jobs page reads at a time: a screen and a half at the tallest window, a few KB each. */
export const JOB_LIST_PAGE = 100
/** Above this many changed ids one re-read of the list is cheaper than reading each. */
const REFETCH_BY_ID_MAX = 2_000

export const createJobsSlice: SliceCreator<JobsSlice> = (set, get) => {
  const language = () => get().preferences.language
  /** Bumped by each new first page: a page of an older filter that arrives late is dropped. */
  let listSeq = 0
  /** Ids `ensureJobs` is reading now, so two panels asking for one job read it once. */
  const reading = new Set<number>()

  /** Puts read and removed jobs in the cache and in the list where they belong. */
  const applyJobs = (changed: readonly JobInfo[], removed: readonly number[]) => {
    const state = get()
    const jobs = mergeJobs(state.jobs, changed, removed)
    const byId = new Map(jobs.map((job) => [job.id, job]))
    const window = state.jobList.loaded ? placeJobs(state.jobList, byId, changed, removed, state.jobFilter) : state.jobList
    set({ jobs, jobList: { ...state.jobList, ...window } })
  }
  const applyJob = (job: JobInfo) => applyJobs([job], [])

  /** The jobs of `ids` this user may see, at most JOB_PAGE_MAX a request. */
  const readJobs = async (ids: readonly number[]): Promise<JobInfo[]> => {
    const pages = await Promise.all(chunks(ids, JOB_PAGE_MAX).map((chunk) => client().listJobPage({ ids: chunk, limit: chunk.length })))
    return pages.flatMap((page) => page.jobs)
  }

  /**
   * Reads a page of the list for the current filter: the first (no cursor) replaces the rows and
   * starts a new turn, so a page of an older filter arriving late is dropped; a later one adds to them.
   * The rows' last runs and definition origins are read beside them.
   */
  const readPage = async (limit: number, after: JobCursor | null) => {
    const seq = after === null ? ++listSeq : listSeq
    const filter = get().jobFilter
    set({ jobList: { ...get().jobList, loading: true } })
    try {
      const page = await client().listJobPage(jobQueryOf(filter, limit, after ?? undefined))
      if (seq !== listSeq) return
      const before = after === null ? [] : get().jobList.ids
      const listed = new Set(before)
      const added = page.jobs.map((job) => job.id).filter((id) => !listed.has(id))
      set({
        jobs: mergeJobs(get().jobs, page.jobs, []),
        jobList: { ids: [...before, ...added], total: page.total, next: page.next, loading: false, loaded: true },
      })
      void get()
        .fetchLastRuns(added)
        .catch(() => {})
      void get()
        .fetchOriginsOf(page.jobs)
        .catch(() => {})
    } catch (error) {
      if (seq === listSeq) set({ jobList: { ...get().jobList, loading: false } })
      throw error
    }
  }

  return {
    ...initialJobsState,

    fetchJobList() {
      return readPage(JOB_LIST_PAGE, null)
    },

    async fetchMoreJobs() {
      const { jobList } = get()
      if (!jobList.next || jobList.loading) return
      await readPage(JOB_LIST_PAGE, jobList.next)
    },

    async ensureJobs(ids) {
      const known = new Set(get().jobs.map((job) => job.id))
      const missing = [...new Set(ids)].filter((id) => !known.has(id) && !reading.has(id))
      if (missing.length === 0) return
      for (const id of missing) reading.add(id)
      try {
        const read = await readJobs(missing)
        set({ jobs: mergeJobs(get().jobs, read, []) })
      } finally {
        for (const id of missing) reading.delete(id)
      }
    },

    noteJobs(jobs) {
      if (jobs.length > 0) set({ jobs: mergeJobs(get().jobs, jobs, []) })
    },

    async refetchJobs(ids) {
      // Re-read as many rows as are loaded (within a page's limit), so the operator keeps their place.
      if (ids.length === 0 || ids.length > REFETCH_BY_ID_MAX) return readPage(Math.min(Math.max(get().jobList.ids.length, JOB_LIST_PAGE), JOB_PAGE_MAX), null)
      const unique = [...new Set(ids)]
      const read = await readJobs(unique)
      // An id asked for and not answered was deleted, or moved to a group this user does not see.
      const answered = new Set(read.map((job) => job.id))
      applyJobs(
        read,
        unique.filter((id) => !answered.has(id)),
      )
    },

    async fetchGroups() {
      set({ groups: await client().listGroups() })
    },

    setJobFilter(patch) {
      set({ jobFilter: { ...get().jobFilter, ...patch } })
      void get()
        .fetchJobList()
        .catch((error: unknown) => notifyError(language(), 'common.error', error))
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
        applyJobs([], [id])
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
      await Promise.allSettled([get().refetchJobs([]), get().fetchGroups(), get().fetchLinks()])
      return report
    },
  }
}
