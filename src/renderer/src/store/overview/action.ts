import { client } from '../../api/client'
import { notifyError, notifySuccess } from '../../kit/notify'
import { recentFailures } from '../../lib/runs/failure-chains'
import type { SliceCreator } from '../state'
import { initialOverviewState } from './initialState'
import type { OverviewSlice } from './slice'

const RECENT_FAILURES = 8
/** Runs read to group into chains: enough that a few retried failures still leave RECENT_FAILURES entries. */
const RUNS_READ = 40
const REPORT_DAYS = 7

export const createOverviewSlice: SliceCreator<OverviewSlice> = (set, get) => ({
  ...initialOverviewState,

  async fetchOverview() {
    const overview = await client().getOverview()
    set({ overview, overviewAtMs: Date.now() })
  },

  async fetchRecentFailures() {
    // The retries too, whatever their outcome: a retry that succeeded turns its chain into a recovery.
    const [failed, retries] = await Promise.all([
      client().listRuns({ status: 'failed', limit: RUNS_READ }),
      client().listRuns({ triggerType: 'RETRY', limit: RUNS_READ }),
    ])
    set({ recentFailures: recentFailures([...failed.runs, ...retries.runs], RECENT_FAILURES) })
  },

  async fetchDailyReport() {
    set({ dailyReport: await client().getDailyReport({ days: REPORT_DAYS }) })
  },

  async removeDemoJobs() {
    try {
      const removed = await client().removeDemoJobs()
      notifySuccess(get().preferences.language, 'demo.removed', { n: removed.length })
    } catch (error) {
      notifyError(get().preferences.language, 'common.error', error)
    }
    await Promise.allSettled([get().fetchOverview(), get().refetchJobs([]), get().fetchLinks(), get().fetchRecentFailures()])
  },

  applySchedulerStatus(status) {
    const overview = get().overview
    if (overview) set({ overview: { ...overview, scheduler: status } })
  },
})
