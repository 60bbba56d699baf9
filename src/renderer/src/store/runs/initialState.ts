import type { LastRun } from '../../../../shared/api'
import type { JobRun } from '../../../../shared/model'
import { NO_RUN_FILTER, type RunListFilter } from '../../lib/runs/run-filter'

export interface RunsState {
  /** The Runs page: loaded pages of the filtered list, newest first. */
  runs: JobRun[]
  runFilter: RunListFilter
  /** Where the next older page starts; null when the oldest run is loaded. */
  runsNextBeforeId: number | null
  runsLoading: boolean
  runsLoaded: boolean
  /** The newest run of each job (from `listLastRuns`, then every pushed change). */
  lastRunByJob: Record<number, LastRun>
  /** Runs opened by id that may lie outside the loaded pages (a parent link, a trigger result). */
  runsById: Record<number, JobRun>
  /** Runs fired by an opened run (its retry and its children), newest first, by parent run id. */
  childRuns: Record<number, JobRun[]>
  /** The newest runs of jobs opened in a side panel (the DAG's), newest first, by job id. */
  recentRunsByJob: Record<number, JobRun[]>
}

export const initialRunsState: RunsState = {
  runs: [],
  runFilter: NO_RUN_FILTER,
  runsNextBeforeId: null,
  runsLoading: false,
  runsLoaded: false,
  lastRunByJob: {},
  runsById: {},
  childRuns: {},
  recentRunsByJob: {},
}
