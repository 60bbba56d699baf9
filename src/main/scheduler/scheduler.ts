import type { SchedulerStatus } from '../../shared/api'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { RingFire } from '../store/ring-repo'
import type { Repos, UnitOfWork } from '../store/store'
import { PRE_READ_MS, planScan, scanDelayMs, type Misfire, type NextFireFn } from './plan-scan'
import { TimeRing } from './time-ring'

/** What the scan reads and writes: jobs and their planned fires. */
export type ScanRepos = Pick<Repos, 'jobs' | 'ring'>

export interface SchedulerOptions {
  store: UnitOfWork<ScanRepos>
  /** This node: the fires it plans are in its ring (`job_ring.node_id`). */
  nodeId: string
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
 * The scan loop and the second ring (reference §4.1). The scan plans in one transaction and persists
 * its fires in `job_ring` (owned by this node) in it; the ring loop fires them on their second. On
 * PostgreSQL and MySQL every node scans at once: due job rows and stale ring rows are locked with
 * SKIP LOCKED, so parallel scans share the work instead of waiting on one lock (XXL-JOB's single
 * `select … for update` lets one admin schedule at a time).
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
   * Takes fires into this node's ring that another node (dead) or an earlier life of this process
   * planned: those already due fire now, later ones wait in the ring. Those more than PRE_READ_MS
   * late stay in `job_ring` for the scans, which treat them as misfires. If another node holds the
   * same fires, the claim in `job_ring` decides who fires each.
   */
  adopt(fires: readonly RingFire[], nowMs: number): void {
    const due: RingFire[] = []
    for (const fire of fires) {
      if (fire.fireAtMs < nowMs - PRE_READ_MS) continue
      if (fire.fireAtMs <= nowMs) due.push(fire)
      else this.ring.push(fire)
    }
    if (due.length > 0) this.options.fire(due)
  }

  /** One scan: read due jobs and stale fires, plan, persist — one transaction; then queue the planned fires. */
  async scanOnce(nowMs: number): Promise<ScanResult> {
    const { store, nextFire, nodeId } = this.options
    const { plan, readCount } = await store.transaction(async (tx) => {
      const due = await tx.jobs.findDue(nowMs + PRE_READ_MS, this.batchSize)
      const staleBeforeMs = nowMs - PRE_READ_MS
      // A job's outage is decided once: all its stale fires (left by a dead node) are claimed
      // together with its own late next time, in the same plan, however the stale rows are paged.
      const staleJobIds = await tx.ring.findStaleJobIds(staleBeforeMs, this.batchSize)
      const dueIds = new Set(due.map((job) => job.id))
      const lateIds = due.filter((job) => job.triggerNextTimeMs < staleBeforeMs).map((job) => job.id)
      const stale = await tx.ring.claimStaleOf(new Set([...staleJobIds, ...lateIds]), staleBeforeMs)
      // A job with stale fires is planned whole even when the due page did not reach it.
      const alsoDue = (await tx.jobs.findRunningByIds(staleJobIds.filter((id) => !dueIds.has(id)))).filter(
        (job) => job.triggerNextTimeMs <= nowMs + PRE_READ_MS,
      )
      const plan = planScan(nowMs, [...due, ...alsoDue], stale, nextFire)
      await tx.ring.insert(plan.fires, nodeId)
      await tx.jobs.writeNextTimes(plan.updates)
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
        const result = await this.scanOnce(startMs)
        const endMs = clock.nowMs()
        delayMs = scanDelayMs(endMs, result.readCount, endMs - startMs, result.batchLimitHit)
      } catch (error) {
        // Typically SQLITE_BUSY past busy_timeout (another writer held the lock for 5 s), or a lost
        // database connection. Try again next second rather than die; nothing was committed.
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
