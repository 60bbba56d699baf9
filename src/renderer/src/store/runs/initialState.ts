import type { JobRun } from '../../../../shared/model'
import { NO_RUN_FILTER, type RunListFilter } from '../../lib/run-filter'

export interface RunsState {
  /** The Runs page: loaded pages of the filtered list, newest first. */
  runs: JobRun[]
  runFilter: RunListFilter
  /** Where the next older page starts; null when the oldest run is loaded. */
  runsNextBeforeId: number | null
  runsLoading: boolean
  runsLoaded: boolean
  /** The newest known run of each job (from the latest runs read and every pushed change). */
  lastRunByJob: Record<number, JobRun>
  /** Runs opened by id that may lie outside the loaded pages (a parent link, a trigger result). */
  runsById: Record<number, JobRun>
  /** Runs fired by an opened run (its retry and its children), newest first, by parent run id. */
  childRuns: Record<number, JobRun[]>
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
}
