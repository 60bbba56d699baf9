import type { TriggerResult } from '../../shared/api'
import type { Logger } from '../kernel/logger'
import type { RingFire } from '../store/ring-repo'
import type { Store } from '../store/store'
import { prepareOneOffRuns, prepareScheduledRuns, type OneOffTrigger, type PreparedRun } from '../trigger/prepare-runs'
import { JobCache } from '../trigger/job-cache'
import type { TriggerPool } from '../trigger/trigger-pool'

/** Scheduled fires are written in transactions of at most this many, so the first runs start early. */
const FIRE_CHUNK = 500

/**
 * The way into the trigger pool for every kind of trigger: writes the run rows, then hands each run to
 * the pool. Scheduled fires come from the scheduler in bursts (10k in one ring tick at full load),
 * so they are written and dispatched in chunks.
 */
export class TriggerService {
  private readonly jobCache: JobCache

  constructor(
    private readonly store: Store,
    private readonly pool: TriggerPool,
    private readonly nowMs: () => number,
    private readonly logger: Logger,
    private readonly onPrepared: (runs: PreparedRun[]) => void = () => {},
  ) {
    this.jobCache = new JobCache(store)
  }

  trigger(request: OneOffTrigger): TriggerResult {
    const runs = prepareOneOffRuns(this.store, request, this.nowMs())
    this.dispatch(runs)
    return { logIds: runs.map((r) => r.logId) }
  }

  fireScheduled(fires: readonly RingFire[]): void {
    for (let i = 0; i < fires.length; i += FIRE_CHUNK) {
      let runs: PreparedRun[]
      try {
        const result = prepareScheduledRuns(this.store, fires.slice(i, i + FIRE_CHUNK), this.nowMs(), this.jobCache)
        if (result.duplicates > 0) this.logger.warn('fires dropped: their scheduled time already has a run', { count: result.duplicates })
        runs = result.runs
      } catch (error) {
        // Nothing was claimed (the transaction rolled back): the fires stay in job_ring and the scan
        // picks them up as stale, so they fire late or as misfires instead of being lost.
        this.logger.error('writing scheduled runs failed', { count: fires.length, error: (error as Error).message })
        continue
      }
      this.dispatch(runs)
    }
  }

  private dispatch(runs: PreparedRun[]): void {
    if (runs.length === 0) return
    this.onPrepared(runs)
    for (const run of runs) this.pool.submit(run)
  }
}
