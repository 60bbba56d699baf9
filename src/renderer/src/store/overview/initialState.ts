import type { DayReport, Overview } from '../../../../shared/api'
import type { JobRun } from '../../../../shared/model'

export interface OverviewState {
  overview: Overview | null
  /** When the overview was read, epoch ms (the scheduler part may be newer, from `scheduler` events). */
  overviewAtMs: number
  /** The newest failed runs, for the dashboard. */
  recentFailures: JobRun[]
  /** Runs per day for the last week, oldest first. */
  dailyReport: DayReport[]
}

export const initialOverviewState: OverviewState = { overview: null, overviewAtMs: 0, recentFailures: [], dailyReport: [] }
