import type { RunStatus } from './model'
import type { TriggerType } from './job-enums'
import type { FlowRunState, FlowTriggerType } from './flow-types'

/* Runs over time (a job's or a flow's Gantt of its last runs) and the dashboard's rankings of the last 24 h. */

/** How many runs `listJobRunsOverTime` reads when no limit is given, and at most. */
export const RUNS_OVER_TIME_DEFAULT = 50
export const RUNS_OVER_TIME_MAX = 500

/** The dashboard lists this many jobs in each ranking. */
export const JOB_RANKING_SIZE = 5
/** The window the rankings cover. */
export const JOB_RANKING_WINDOW_MS = 86_400_000

/** A run's state as the bars colour it: a job run's (killed apart from failed) or a flow run's. */
export type RunBarState = RunStatus | 'killed' | FlowRunState

/** One run as a bar on a time axis. */
export interface RunBar {
  /** The job run's log id, or the flow run's id. */
  id: number
  triggerType: TriggerType | FlowTriggerType
  /** The slot a scheduled run is for; null for a run started by hand, a retry or a child. */
  scheduleTimeMs: number | null
  /** When it was triggered. */
  triggerTimeMs: number
  /** When it started (a job run: its trigger; a flow run: 0 while queued). */
  startTimeMs: number
  /** When it ended; 0 while it runs. */
  endTimeMs: number
  state: RunBarState
  /** A retry: the run it retried (its own bar, linked to that one); null otherwise. */
  retryOf: number | null
}

/** `listJobRunsOverTime { jobId | flowId, limit }`: exactly one of jobId and flowId. */
export interface RunsOverTimeRequest {
  jobId?: number
  flowId?: number
  /** Default RUNS_OVER_TIME_DEFAULT, at most RUNS_OVER_TIME_MAX. */
  limit?: number
}

/** One job of a ranking, counted over the last 24 h by the database. */
export interface RankedJob {
  jobId: number
  jobName: string
  /** Runs of the job triggered in the window. */
  runCount: number
  /** Those that failed (killed ones not counted). */
  failCount: number
  /** Mean and longest duration of its finished runs, ms. */
  avgDurationMs: number
  maxDurationMs: number
}

/** The dashboard's "slowest" and "most failing" jobs of the last 24 h, JOB_RANKING_SIZE each. */
export interface JobRankings {
  sinceMs: number
  slowest: RankedJob[]
  mostFailing: RankedJob[]
}

/** The run views' part of JobDeskApi (./api.ts). */
export interface RunViewsApi {
  /**
   * The last `limit` runs of a job (retries their own runs, linked to the one they retried) or of a
   * flow, oldest first: who sees the job or the flow reads them.
   */
  listJobRunsOverTime(request: RunsOverTimeRequest): Promise<RunBar[]>
  /** The slowest and most failing jobs of the last 24 h. `groupIds` is set by the caller's rules for a user who sees some groups. */
  getJobRankings(request?: { groupIds?: readonly number[] }): Promise<JobRankings>
}
