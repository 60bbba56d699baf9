import type { SchedulerStatus } from '../../../../shared/api'
import type { OverviewState } from './initialState'

export interface OverviewActions {
  fetchOverview(): Promise<void>
  fetchRecentFailures(): Promise<void>
  fetchDailyReport(): Promise<void>
  /** Deletes the seeded demo jobs (after the operator confirmed), then re-reads the overview. */
  removeDemoJobs(): Promise<void>
  /** From a `scheduler` event: the state, ring size and last scan time change without a re-read. */
  applySchedulerStatus(status: SchedulerStatus): void
}

export type OverviewSlice = OverviewState & OverviewActions
