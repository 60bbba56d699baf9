import type { SchedulerStatus } from '../../shared/api'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { RingFire } from '../store/ring-repo'
import type { Store } from '../store/store'
import { PRE_READ_MS, planScan, scanDelayMs, type Misfire, type NextFireFn } from './plan-scan'
import { TimeRing } from './time-ring'

export interface SchedulerOptions {
  store: Store
  clock: Clock
  nextFire: NextFireFn
  /** Hands fires to the trigger side; they are still in `job_ring` until it claims them. */
  fire: (fires: RingFire[]) => void
  logger: Logger
  /** Jobs read per locked scan transaction; smaller keeps the write lock short (default 1000). */
  scanBatchSize?: number
  onMisfire?: (misfires: Misfire[]) => void
}

export interface ScanResult {
  readCount: number
  fires: RingFire[]
  batchLimitHit: boolean
}

/**
 * The scan loop and the second ring (reference §4.1). The scan plans under the schedule lock and
 * persists its fires in `job_ring` in the same transaction; the ring loop fires them on their second.
 */
export class Scheduler {
  private readonly ring = new TimeRing()
  private readonly batchSize: number
  private state: SchedulerStatus['state'] = 'stopped'
  private lastScanAtMs = 0
  private abort = new AbortController()
  private loops: Promise<void>[] = []

  constructor(private readonly options: SchedulerOptions) {
    this.batchSize = options.scanBatchSize ?? 1000
  }

  status(): SchedulerStatus {
    return { state: this.state, lastScanAtMs: this.lastScanAtMs, ringSize: this.ring.size }
  }

  start(): void {
    if (this.state !== 'stopped') return
    this.state = 'starting'
    this.abort = new AbortController()
    this.recoverRing(this.options.clock.nowMs())
    this.state = 'running'
    this.loops = [this.scanLoop(this.abort.signal), this.ringLoop(this.abort.signal)]
  }

  /**
   * Stops both loops. Fires still in the ring stay in `job_ring`: the next start fires them, or
   * treats them as misfires if they are by then more than PRE_READ_MS late.
   */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return
    this.state = 'draining'
    this.abort.abort()
    await Promise.all(this.loops)
    this.loops = []
    this.state = 'stopped'
  }

  /**
   * Reloads fires a previous run of this (or another) process persisted but did not fire: those
   * already due fire now, later ones wait in the ring. Those more than PRE_READ_MS late are left for
   * the first scan, which treats them as misfires. If another live process holds the same fires,
   * the claim in `job_ring` decides who fires each.
   */
  recoverRing(nowMs: number): void {
    const due: RingFire[] = []
    for (const fire of this.options.store.ring.all()) {
      if (fire.fireAtMs < nowMs - PRE_READ_MS) continue
      if (fire.fireAtMs <= nowMs) due.push(fire)
      else this.ring.push(fire)
    }
    if (due.length > 0) this.options.fire(due)
  }

  /** One locked scan: read due jobs and stale fires, plan, persist; then queue the planned fires. */
  scanOnce(nowMs: number): ScanResult {
    const { store, nextFire } = this.options
    const { plan, readCount } = store.withScheduleLock(() => {
      const due = store.jobs.findDue(nowMs + PRE_READ_MS, this.batchSize)
      const staleBeforeMs = nowMs - PRE_READ_MS
      // A job's outage is decided once: all its stale fires (left by a dead process) are claimed
      // together with its own late next time, in the same plan, however the stale rows are paged.
      const staleJobIds = store.ring.findStaleJobIds(staleBeforeMs, this.batchSize)
      const dueIds = new Set(due.map((job) => job.id))
      const lateIds = due.filter((job) => job.triggerNextTimeMs < staleBeforeMs).map((job) => job.id)
      const stale = store.ring.claimStaleOf(new Set([...staleJobIds, ...lateIds]), staleBeforeMs)
      // A job with stale fires is planned whole even when the due page did not reach it.
      const alsoDue = store.jobs
        .findRunningByIds(staleJobIds.filter((id) => !dueIds.has(id)))
        .filter((job) => job.triggerNextTimeMs <= nowMs + PRE_READ_MS)
      const plan = planScan(nowMs, [...due, ...alsoDue], stale, nextFire)
      store.ring.insert(plan.fires)
      store.jobs.writeNextTimes(plan.updates)
      return { plan, readCount: due.length }
    })
    this.lastScanAtMs = nowMs
    if (plan.misfires.length > 0) this.options.onMisfire?.(plan.misfires)

    // Fires due now skip the ring (its tick for this second may have passed); the rest wait there.
    const now: RingFire[] = []
    for (const fire of plan.fires) {
      if (fire.fireAtMs <= nowMs) now.push(fire)
      else this.ring.push(fire)
    }
    if (now.length > 0) this.options.fire(now)
    return { readCount, fires: plan.fires, batchLimitHit: readCount >= this.batchSize }
  }

  /** The ring's work for one second: fires of this second and the two before it. */
  tick(nowMs: number): RingFire[] {
    const fires = this.ring.drain(Math.floor(nowMs / 1000))
    if (fires.length > 0) this.options.fire(fires)
    return fires
  }

  private async scanLoop(signal: AbortSignal): Promise<void> {
    const { clock, logger } = this.options
    while (!signal.aborted) {
      const startMs = clock.nowMs()
      let delayMs: number
      try {
        const result = this.scanOnce(startMs)
        const endMs = clock.nowMs()
        delayMs = scanDelayMs(endMs, result.readCount, endMs - startMs, result.batchLimitHit)
      } catch (error) {
        // Typically SQLITE_BUSY past busy_timeout: another writer held the lock for 5 s. Try again
        // next second rather than die; nothing was committed.
        logger.error('schedule scan failed', { error: (error as Error).message })
        delayMs = 1000
      }
      await clock.sleep(delayMs, signal)
    }
  }

  private async ringLoop(signal: AbortSignal): Promise<void> {
    const { clock, logger } = this.options
    while (!signal.aborted) {
      const nowMs = clock.nowMs()
      try {
        this.tick(nowMs)
      } catch (error) {
        logger.error('ring tick failed', { error: (error as Error).message })
      }
      const nextSecondMs = (Math.floor(nowMs / 1000) + 1) * 1000
      await clock.sleep(nextSecondMs - clock.nowMs(), signal)
    }
  }
}
