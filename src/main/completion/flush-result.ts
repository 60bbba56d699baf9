import type { RunCompletion } from '../domain/runs'

/** What one flush of the run writer committed: what every listener of "runs ended" is told (run-ended.ts). */
export interface FlushResult {
  /** Runs whose trigger outcome was recorded. */
  triggeredIds: number[]
  /** Runs completed by this flush (repeated callbacks for finished runs are not in it). */
  completedIds: number[]
  /** Runs that failed with this flush: a refused trigger, or a completion with a code other than 200. */
  failedIds: number[]
  /**
   * The runs this flush ended, as committed: the completion written for each run completed now, and
   * how many runs ended with a refused trigger (they get no completion). The metrics count these.
   */
  ended: { completions: RunCompletion[]; failedTriggers: number }
}
