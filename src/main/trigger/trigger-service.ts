import type { TriggerResult } from '../../shared/api'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { RingFire } from '../store/ring-repo'
import type { UnitOfWork } from '../store/store'
import { JobCache } from './job-cache'
import { prepareOneOffRuns, prepareScheduledRuns, type OneOffTrigger, type PreparedRun, type ScheduledRunRepos } from './prepare-runs'
import type { TriggerPool } from './trigger-pool'

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
  private readonly jobCache = new JobCache()
  /** Wakes the runs written ahead of their second at once (stop): they are due within the lead time anyway. */
  private waitingForSecond = new AbortController()
  /**
   * Runs written ahead, by the moment they are due: one wait per moment, however many chunks join
   * it (a wait per chunk put ~40 listeners at once on the abort signal at 10k fires/s).
   */
  private readonly waiting = new Map<number, { runs: PreparedRun[]; done: Promise<void> }>()
  private readonly nowMs: () => number

  constructor(
    private readonly store: UnitOfWork<ScheduledRunRepos>,
    private readonly pool: Pick<TriggerPool, 'submit'>,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly onPrepared: (runs: PreparedRun[]) => void = () => {},
  ) {
    this.nowMs = () => clock.nowMs()
  }

  /** `beforeDispatch` sees the new run ids before any of them reaches the pool (to wait for their outcomes). */
  async trigger(request: OneOffTrigger, beforeDispatch?: (logIds: number[]) => void): Promise<TriggerResult> {
    const runs = await this.store.transaction((tx) => prepareOneOffRuns(tx, request, this.nowMs()))
    beforeDispatch?.(runs.map((r) => r.logId))
    this.dispatch(runs)
    return { logIds: runs.map((r) => r.logId) }
  }

  /**
   * Writes and dispatches fires chunk by chunk; resolves when every chunk is written. With
   * `dispatchAtMs` ahead (the ring's next second, Scheduler's `prepareAheadMs`), the rows are written
   * now, with that trigger time, and the runs reach the pool at that moment: the writing is off the
   * second's critical path. A chunk written late goes at once.
   */
  async fireScheduled(fires: readonly RingFire[], dispatchAtMs = this.nowMs()): Promise<void> {
    for (let from = 0; from < fires.length; from += FIRE_CHUNK) {
      if (from > 0) await new Promise((resolve) => setImmediate(resolve))
      const chunk = fires.slice(from, from + FIRE_CHUNK)
      try {
        const result = await this.store.transaction((tx) => prepareScheduledRuns(tx, chunk, Math.max(this.nowMs(), dispatchAtMs), this.jobCache))
        if (result.duplicates > 0) this.logger.warn('fires dropped: their scheduled time already has a run', { count: result.duplicates })
        this.dispatchAt(result.runs, dispatchAtMs)
      } catch (error) {
        // Nothing was claimed (the transaction rolled back): the fires stay in job_ring and the scan
        // picks them up as stale, so they fire late or as misfires instead of being lost.
        this.logger.error('writing scheduled runs failed', { count: chunk.length, error: (error as Error).message })
      }
    }
  }

  /** Hands the runs written ahead of their second to the pool now (on stop). */
  async releaseWaiting(): Promise<void> {
    this.waitingForSecond.abort()
    await Promise.all([...this.waiting.values()].map((entry) => entry.done))
    this.waitingForSecond = new AbortController()
  }

  private dispatchAt(runs: PreparedRun[], atMs: number): void {
    const waitMs = atMs - this.nowMs()
    if (waitMs <= 0 || runs.length === 0) return this.dispatch(runs)
    const joined = this.waiting.get(atMs)
    if (joined) {
      for (const run of runs) joined.runs.push(run)
      return
    }
    const entry = { runs: [...runs], done: Promise.resolve() }
    entry.done = this.clock.sleep(waitMs, this.waitingForSecond.signal).then(() => {
      this.waiting.delete(atMs)
      this.dispatch(entry.runs)
    })
    this.waiting.set(atMs, entry)
  }

  private dispatch(runs: PreparedRun[]): void {
    if (runs.length === 0) return
    this.onPrepared(runs)
    for (const run of runs) this.pool.submit(run)
  }
}
