import type { DayReport, Overview } from '../../../../shared/api'
import type { FailureChain } from '../../lib/runs/failure-chains'

export interface OverviewState {
  overview: Overview | null
  /** When the overview was read, epoch ms (the scheduler part may be newer, from `scheduler` events). */
  overviewAtMs: number
  /** The newest failures, a retried one as one chain of attempts, for the dashboard. */
  recentFailures: FailureChain[]
  /** Runs per day for the last week, oldest first. */
  dailyReport: DayReport[]
}

export const initialOverviewState: OverviewState = { overview: null, overviewAtMs: 0, recentFailures: [], dailyReport: [] }
