import { runStatus } from '../../../../shared/model'
import { JOB_PAGE_MAX } from '../../../../shared/job-query'
import { client } from '../../api/client'
import { notifyError } from '../../kit/notify'
import { chunks } from '../../lib/data/chunks'
import { traceRetries } from '../../lib/runs/run-chain'
import { matchesRunFilter, mergeChildRuns, mergeRecentRuns, mergeRuns, toApiRunFilter, updateLastRuns } from '../../lib/runs/run-filter'
import type { SliceCreator } from '../state'
import { initialRunsState } from './initialState'
import type { RunsSlice } from './slice'

const PAGE_SIZE = 200
const CHILD_RUNS_LIMIT = 50
export const RECENT_RUNS_LIMIT = 8
/** A resync re-reads the fired runs of at most this many opened runs (the newest). */
const RESYNC_PARENTS_MAX = 20

export const createRunsSlice: SliceCreator<RunsSlice> = (set, get) => {
  // Only the newest request may write the list: filters change faster than pages arrive.
  let listRequest = 0
  // Cut events come in bursts under load: one resync at a time, plus one more if asked meanwhile.
  let resyncing: Promise<void> | null = null
  let resyncAgain = false

  return {
    ...initialRunsState,

    async fetchRuns() {
      const request = ++listRequest
      set({ runsLoading: true })
      try {
        const page = await client().listRuns(toApiRunFilter(get().runFilter, Date.now(), undefined, PAGE_SIZE))
        if (request !== listRequest) return
        set({
          runs: page.runs,
          runsNextBeforeId: page.nextBeforeId,
          runsLoaded: true,
          lastRunByJob: updateLastRuns(get().lastRunByJob, page.runs),
        })
      } catch (error) {
        if (request === listRequest) notifyError(get().preferences.language, 'common.error', error)
      } finally {
        if (request === listRequest) set({ runsLoading: false })
      }
    },

    async fetchOlderRuns() {
      const beforeId = get().runsNextBeforeId
      if (beforeId === null || get().runsLoading) return
      const request = ++listRequest
      set({ runsLoading: true })
      try {
        const page = await client().listRuns(toApiRunFilter(get().runFilter, Date.now(), beforeId, PAGE_SIZE))
        if (request !== listRequest) return
        const known = new Set(get().runs.map((run) => run.id))
        set({ runs: get().runs.concat(page.runs.filter((run) => !known.has(run.id))), runsNextBeforeId: page.nextBeforeId })
      } catch (error) {
        if (request === listRequest) notifyError(get().preferences.language, 'common.error', error)
      } finally {
        if (request === listRequest) set({ runsLoading: false })
      }
    },

    setRunFilter(patch) {
      const runFilter = { ...get().runFilter, ...patch }
      // Until the page arrives, the list shows the held rows the new filter keeps, never rows it excludes.
      const nowMs = Date.now()
      set({ runFilter, runs: get().runs.filter((run) => matchesRunFilter(run, runFilter, nowMs)) })
      void get().fetchRuns()
    },

    applyRunsChanged(changed) {
      const state = get()
      const complete = state.runsLoaded && state.runsNextBeforeId === null
      const runsById = { ...state.runsById }
      let openedTouched = false
      for (const run of changed) {
        if (runsById[run.id]) {
          runsById[run.id] = run
          openedTouched = true
        }
      }
      set({
        runs: state.runsLoaded ? mergeRuns(state.runs, changed, state.runFilter, Date.now(), complete) : state.runs,
        lastRunByJob: updateLastRuns(state.lastRunByJob, changed),
        childRuns: mergeChildRuns(state.childRuns, changed),
        recentRunsByJob: mergeRecentRuns(state.recentRunsByJob, changed, RECENT_RUNS_LIMIT),
        ...(openedTouched ? { runsById } : {}),
      })
    },

    async fetchLastRuns(jobIds) {
      if (jobIds.length === 0) return
      const lastRuns = (await Promise.all(chunks(jobIds, JOB_PAGE_MAX).map((chunk) => client().listLastRuns({ jobIds: chunk })))).flat()
      // A pushed run newer than what this read found has already been placed: keep the newer.
      const lastRunByJob = { ...get().lastRunByJob }
      for (const last of lastRuns) if ((lastRunByJob[last.jobId]?.logId ?? 0) <= last.logId) lastRunByJob[last.jobId] = last
      set({ lastRunByJob })
    },

    async resyncRuns() {
      if (resyncing) {
        resyncAgain = true
        return resyncing
      }
      const once = async () => {
        const state = get()
        // A finished run never changes again; only unfinished opened runs are re-read.
        const opened = Object.values(state.runsById).filter((run) => ['pending', 'running'].includes(runStatus(run)))
        const parents = Object.keys(state.childRuns)
          .map(Number)
          .sort((a, b) => b - a)
          .slice(0, RESYNC_PARENTS_MAX)
        const panels = Object.keys(state.recentRunsByJob).map(Number)
        const tasks: Promise<unknown>[] = [
          // The jobs this console has read are the ones it shows a last run for.
          state.fetchLastRuns(state.jobs.map((job) => job.id)),
          ...opened.map((run) => state.loadRun(run.id)),
          ...parents.map((id) => state.fetchChildRuns(id)),
          ...panels.map((id) => state.fetchRecentRuns(id)),
        ]
        if (state.runsLoaded) tasks.push(state.fetchRuns())
        await Promise.allSettled(tasks)
      }
      resyncing = (async () => {
        do {
          resyncAgain = false
          await once()
        } while (resyncAgain)
      })().finally(() => {
        resyncing = null
      })
      return resyncing
    },

    traceRetries(run) {
      return traceRetries(
        run,
        (id) => client().getRun(id),
        async (parentLogId) => (await client().listRuns({ parentLogId, limit: CHILD_RUNS_LIMIT })).runs,
      )
    },

    async fetchChildRuns(parentLogId) {
      const page = await client().listRuns({ parentLogId, limit: CHILD_RUNS_LIMIT })
      set({ childRuns: { ...get().childRuns, [parentLogId]: page.runs } })
    },

    async fetchRecentRuns(jobId) {
      const page = await client().listRuns({ jobId, limit: RECENT_RUNS_LIMIT })
      set({ recentRunsByJob: { ...get().recentRunsByJob, [jobId]: page.runs } })
    },

    forgetRecentRuns(jobId) {
      const { [jobId]: _forgotten, ...rest } = get().recentRunsByJob
      set({ recentRunsByJob: rest })
    },

    async killRun(id, options) {
      try {
        const run = await (options ? client().killRun(id, options) : client().killRun(id))
        set({ runsById: { ...get().runsById, [id]: run } })
        get().applyRunsChanged([run])
      } catch (error) {
        notifyError(get().preferences.language, 'common.error', error)
      }
    },

    triggerJob: (request) => client().triggerJob(request),

    rerunRun: (logId) => client().rerunRun(logId),

    async loadRun(id) {
      try {
        const run = await client().getRun(id)
        set({ runsById: { ...get().runsById, [id]: run } })
        return run
      } catch {
        return null
      }
    },
  }
}
