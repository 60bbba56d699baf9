import type { TriggerResult } from '../../shared/api'
import type { Logger } from '../kernel/logger'
import type { RingFire } from '../store/ring-repo'
import type { Store } from '../store/store'
import { prepareOneOffRuns, prepareScheduledRuns, type OneOffTrigger, type PreparedRun } from '../trigger/prepare-runs'
import { JobCache } from '../trigger/job-cache'
import type { TriggerPool } from '../trigger/trigger-pool'

/**
 * Scheduled fires are written in transactions of at most this many; between chunks the event loop
 * runs, so the first chunk's triggers reach the executor while the next chunk is being written.
 */
const FIRE_CHUNK = 250

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
    this.fireChunk(fires, 0)
  }

  private fireChunk(fires: readonly RingFire[], from: number): void {
    try {
      const result = prepareScheduledRuns(this.store, fires.slice(from, from + FIRE_CHUNK), this.nowMs(), this.jobCache)
      if (result.duplicates > 0) this.logger.warn('fires dropped: their scheduled time already has a run', { count: result.duplicates })
      this.dispatch(result.runs)
    } catch (error) {
      // Nothing was claimed (the transaction rolled back): the fires stay in job_ring and the scan
      // picks them up as stale, so they fire late or as misfires instead of being lost.
      this.logger.error('writing scheduled runs failed', { count: fires.length, error: (error as Error).message })
    }
    if (from + FIRE_CHUNK < fires.length) setImmediate(() => this.fireChunk(fires, from + FIRE_CHUNK))
  }

  private dispatch(runs: PreparedRun[]): void {
    if (runs.length === 0) return
    this.onPrepared(runs)
    for (const run of runs) this.pool.submit(run)
  }
}
