/** What a run's duration observation needs, noted when its row is written. */
interface RunStart {
  appName: string
  triggerTimeMs: number
}

/** Runs remembered at most: ~19 MB of heap when full; reached only when that many are open or end on other nodes. */
const MAX_RUN_STARTS = 200_000

/**
 * The runs this node wrote and that have not ended yet, by log id: their group's app name and
 * trigger time, so a run's duration is observed from its completion without reading job_log back.
 * A run written by another node or before a restart is not here, and is not observed; past the
 * bound the oldest are forgotten (docs/operations.md says so).
 */
export class RunStarts {
  private readonly runs = new Map<number, RunStart>()

  constructor(private readonly max = MAX_RUN_STARTS) {}

  /** Runs of a deleted group (none) are left out, as job_log's join left them out before. */
  written(runs: readonly { logId: number; triggerTimeMs: number; group: { appName: string } | undefined }[]): void {
    for (const run of runs) if (run.group) this.runs.set(run.logId, { appName: run.group.appName, triggerTimeMs: run.triggerTimeMs })
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const logId of this.runs.keys()) {
      if (this.runs.size <= this.max) break
      this.runs.delete(logId)
    }
  }

  /** The run's start, forgotten as it is taken (a run ends once). */
  take(logId: number): RunStart | undefined {
    const start = this.runs.get(logId)
    this.runs.delete(logId)
    return start
  }

  forget(logIds: readonly number[]): void {
    for (const logId of logIds) this.runs.delete(logId)
  }

  get size(): number {
    return this.runs.size
  }
}
