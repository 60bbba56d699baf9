import type { TriggerRequest, TriggerResult } from '../../../../shared/run-api-types'
import type { JobRun } from '../../../../shared/model'
import type { RunListFilter } from '../../lib/runs/run-filter'
import type { RunsState } from './initialState'

export interface RunsActions {
  /** Reads the newest page for the current filter (replacing the list). */
  fetchRuns(): Promise<void>
  fetchOlderRuns(): Promise<void>
  setRunFilter(patch: Partial<RunListFilter>): void
  /** After `runs-changed`: merge rows by id into the list, the last-run map and opened runs. */
  applyRunsChanged(runs: readonly JobRun[]): void
  /** Every job's latest run (the jobs table and the DAG's node colours). */
  /** Reads the newest run of each of these jobs (the rows on screen), merged into the last-run map. */
  fetchLastRuns(jobIds: readonly number[]): Promise<void>
  /**
   * After a `runs-changed` that was cut (`truncated`): the pushed rows are not all that changed, so
   * re-read what is shown — last runs, the list, opened runs and their fired runs.
   */
  resyncRuns(): Promise<void>
  /** The attempts of a run's trigger (first run and its RETRY runs), oldest first. */
  traceRetries(run: JobRun): Promise<JobRun[]>
  /** Reads one run by id (for the detail panel); null when it does not exist. */
  loadRun(id: number): Promise<JobRun | null>
  /** Reads the runs a run fired (retry, children) for its detail panel; pushed rows keep it current. */
  fetchChildRuns(parentLogId: number): Promise<void>
  /** Reads a job's newest runs for a side panel; pushed rows keep them current until `forgetRecentRuns`. */
  fetchRecentRuns(jobId: number): Promise<void>
  forgetRecentRuns(jobId: number): void
  /** Fires a job once now (a manual trigger). Rejects with the core's error for the dialog to show. */
  triggerJob(request: TriggerRequest): Promise<TriggerResult>
  /** Runs a run again as a new run of its job. Rejects with the core's error for the dialog to show. */
  rerunRun(logId: number): Promise<TriggerResult>
  /** Kills a running run (`retry` false: no retry follows); the core answers with the run as ended. Errors are shown as notifications. */
  killRun(id: number, options?: { retry?: boolean }): Promise<void>
}

export type RunsSlice = RunsState & RunsActions
