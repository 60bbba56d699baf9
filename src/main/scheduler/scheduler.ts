import type { SchedulerStatus } from '../../shared/api'
import { isFenced, type NodeFence } from './node-fence'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { RingFire } from '../domain/fires'
import type { DueJob } from '../domain/fires'
import type { CalendarSlots } from '../schedule/window-hold'
import type { MissedSlot } from '../store/missed-slot-repo'
import type { Repos, UnitOfWork } from '../store/store'
import type { VersionedData } from '../store/version-repo'
import { reconsiderHeldJobs } from './held-jobs'
import { MaintenanceView } from './maintenance-view'
import { PRE_READ_MS, planScan, scanDelayMs, type Misfire, type NextFireFn, type ScanPlan } from './plan-scan'
import { TimeRing } from './time-ring'

/**
 * What the scan reads and writes: jobs and their planned fires, the node's lease it proves, the
 * maintenance windows and pause-all it obeys, and the slots it records as not fired.
 */
export type ScanRepos = Pick<Repos, 'jobs' | 'ring' | 'nodes' | 'versions' | 'calendars' | 'windows' | 'settings' | 'missedSlots'>

/**
 * Where the ring's fires go (the trigger service). They are still in `job_ring` until it claims
 * them; `atMs` is when they are due (the ring's second, up to `prepareAheadMs` away), or now.
 */
export interface ScheduledFires {
  fireScheduled(fires: RingFire[], atMs: number): unknown
}

export interface SchedulerOptions {
  store: UnitOfWork<ScanRepos>
  /** This node: the fires it plans are in its ring (`job_ring.node_id`). */
  nodeId: string
  /** This node's lease: a scan proves it in its transaction, so a node taken for dead plans nothing; nor does one that does not lead. */
  fence: Pick<NodeFence, 'check' | 'leads'>
  clock: Clock
  nextFire: NextFireFn
  /**
   * What `nextFire` knows of calendars (calendars/schedule-book.ts), brought up to date in a scan
   * that plans a job following one; absent: no job follows one (tests).
   */
  calendars?: {
    refresh(repos: Pick<Repos, 'versions' | 'calendars'>, versions: Record<VersionedData, number>): Promise<void>
    /** A calendar job's own slots and calendar, for the slots the calendar left out to be recorded. */
    slotsOf(job: DueJob): CalendarSlots | null
  }
  /** The trigger side the ring hands its fires to. */
  triggers: ScheduledFires
  /**
   * How long before each second the ring hands over that second's fires, so that their run rows are
   * written before it and only the triggers themselves fall on it (docs/benchmarks.md#b2-trigger-lag at 1k: the writing was ~40 %
   * of the work after each second). 0 (the default): at the second.
   */
  prepareAheadMs?: number
  logger: Logger
  /** Jobs read per locked scan transaction; smaller keeps the write lock short (default 1000). */
  scanBatchSize?: number
  onMisfire?: (misfires: Misfire[]) => void
  /** Told the slots a scan recorded as not fired (committed), with why: `/metrics` counts them by reason. */
  onSkipped?: (slots: readonly MissedSlot[]) => void
}

export interface ScanResult {
  readCount: number
  fires: RingFire[]
  batchLimitHit: boolean
}

/**
 * The scan loop and the second ring (docs/protocol.md#scan-and-time-ring, docs/design.md#scan-and-time-ring). The scan plans in one transaction and persists
 * its fires in `job_ring` (owned by this node) in it; the ring loop fires them on their second. On
 * PostgreSQL and MySQL every node scans at once: due job rows and stale ring rows are locked with
 * SKIP LOCKED, so parallel scans share the work instead of waiting on one lock (XXL-JOB's single
 * `select … for update` lets one admin schedule at a time).
 */
export class Scheduler {
  private readonly ring = new TimeRing()
  /** The windows and pause-all as the last scan read them. */
  private readonly maintenance = new MaintenanceView()
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
    // Pause-all: they stay in `job_ring`, for the misfire logic once it is off.
    if (this.maintenance.paused) return
    this.place(
      fires.filter((fire) => fire.fireAtMs >= nowMs - PRE_READ_MS),
      nowMs,
    )
  }

  /** Drops every fire in the ring (this node was taken for dead: another node has them now). */
  dropRing(): number {
    return this.ring.clear()
  }

  /**
   * One scan: read due jobs and stale fires, plan, persist — one transaction; then queue the planned
   * fires. Windows and pause-all are read in it through one read of the versions, and only when
   * theirs moved; while pause-all is on the scan plans nothing. The slots it found will not fire
   * are recorded in the same transaction as the bookkeeping that skipped them: a hold and its slots
   * land together or not at all, and a repeat of the plan after a crash records the same rows
   * (one per slot).
   */
  async scanOnce(nowMs: number): Promise<ScanResult> {
    const { store, fence } = this.options
    // Its clock is off the database's: the other nodes' scans plan the jobs meanwhile.
    if (fence.leads?.() === false) return { readCount: 0, fires: [], batchLimitHit: false }
    const { plan, readCount, reconsiderFromId } = await store.transaction(async (tx) => {
      await fence.check(tx, nowMs)
      const versions = await tx.versions.current()
      await this.maintenance.refresh(tx, versions)
      if (this.maintenance.paused) return { plan: null, readCount: 0, reconsiderFromId: this.maintenance.reconsidering }
      return this.planIn(tx, nowMs, versions)
    })
    this.lastScanAtMs = nowMs
    // Only once committed: a page of held jobs rolled back is looked at again.
    this.maintenance.reconsidered(reconsiderFromId)
    if (plan === null) return { readCount: 0, fires: [], batchLimitHit: false }
    if (plan.misfires.length > 0) this.options.onMisfire?.(plan.misfires)
    if (plan.missed.length > 0) this.options.onSkipped?.(plan.missed)

    this.place(plan.fires, nowMs)
    return { readCount, fires: plan.fires, batchLimitHit: readCount >= this.batchSize }
  }

  private async planIn(
    tx: ScanRepos,
    nowMs: number,
    versions: Record<VersionedData, number>,
  ): Promise<{ plan: ScanPlan; readCount: number; reconsiderFromId: number | null }> {
    const { nextFire, nodeId, calendars } = this.options
    // Only a scan that plans a calendar's job rereads the calendars: the common scan pays nothing.
    let calendarsRead = false
    const readCalendars = async (jobs: readonly DueJob[]) => {
      if (calendars && !calendarsRead && jobs.some((job) => job.calendar !== null)) {
        await calendars.refresh(tx, versions)
        calendarsRead = true
      }
    }
    const { due: released, nextFromId } = await reconsiderHeldJobs(tx, this.maintenance, nowMs, { nextFire, readCalendars }, this.batchSize)
    const due = await tx.jobs.findDue(nowMs + PRE_READ_MS, this.batchSize)
    // Fires left in `job_ring` while pause-all was on are stale at once: every ring dropped them.
    const staleBeforeMs = Math.max(nowMs - PRE_READ_MS, this.maintenance.resumedAtMs(nowMs))
    // A job's outage is decided once: all its stale fires (left by a dead node) are claimed
    // together with its own late next time, in the same plan, however the stale rows are paged —
    // and only under the job's row lock, so no other scan decides a part of the same outage.
    const staleJobIds = await tx.ring.findStaleJobIds(staleBeforeMs, this.batchSize)
    const dueIds = new Set(due.map((job) => job.id))
    const others = staleJobIds.filter((id) => !dueIds.has(id))
    const { running, locked } = await tx.jobs.lockForScan(others)
    // Not locked: held by another scan (its decision), or a job that is gone (its fires are dropped here).
    const unlocked = others.filter((id) => !locked.has(id))
    const existing = unlocked.length > 0 ? await tx.jobs.existing(unlocked) : new Set<number>()
    const claimable = [
      ...staleJobIds.filter((id) => dueIds.has(id)),
      ...due.filter((job) => job.triggerNextTimeMs < staleBeforeMs).map((job) => job.id),
      ...locked,
      ...unlocked.filter((id) => !existing.has(id)),
    ]
    const stale = await tx.ring.claimStaleOf(new Set(claimable), staleBeforeMs)
    // A job with stale fires is planned whole even when the due page did not reach it.
    const alsoDue = running.filter((job) => job.triggerNextTimeMs <= nowMs + PRE_READ_MS)
    const planned = [...due, ...alsoDue, ...released]
    await readCalendars(planned)
    const terms = this.maintenance.termsAt(nowMs)
    const plan = planScan(nowMs, planned, stale, nextFire, calendars ? { ...terms, calendarOf: (job) => calendars.slotsOf(job) } : terms)
    await tx.ring.insert(plan.fires, nodeId)
    await tx.jobs.writeNextTimes(plan.updates)
    if (plan.missed.length > 0) await tx.missedSlots.record(plan.missed, nowMs)
    return { plan, readCount: due.length, reconsiderFromId: nextFromId }
  }

  /**
   * Fires due now, and those whose second's tick already ran (it runs up to `prepareAheadMs` before
   * the second), skip the ring and go at once, due at their second; the rest wait in the ring.
   */
  private place(fires: readonly RingFire[], nowMs: number): void {
    const now: RingFire[] = []
    const bySecond = new Map<number, RingFire[]>()
    for (const fire of fires) {
      if (fire.fireAtMs <= nowMs) now.push(fire)
      else if (!this.ring.passed(fire)) this.ring.push(fire)
      else {
        const secondMs = Math.floor(fire.fireAtMs / 1000) * 1000
        const due = bySecond.get(secondMs)
        if (due) due.push(fire)
        else bySecond.set(secondMs, [fire])
      }
    }
    if (now.length > 0) this.options.triggers.fireScheduled(now, nowMs)
    for (const [secondMs, due] of bySecond) this.options.triggers.fireScheduled(due, Math.max(nowMs, secondMs))
  }

  /** The ring's work for one second: fires of this second and the two before it, due at the second's start (or now, if later). */
  tick(nowMs: number, secondMs = Math.floor(nowMs / 1000) * 1000): RingFire[] {
    const fires = this.ring.drain(Math.floor(secondMs / 1000))
    // Pause-all: what is due is not fired; its `job_ring` rows stay for the misfire logic at the resume.
    if (this.maintenance.paused) return []
    if (fires.length > 0) this.options.triggers.fireScheduled(fires, Math.max(nowMs, secondMs))
    return fires
  }

  private async scanLoop(signal: AbortSignal): Promise<void> {
    const { clock, logger } = this.options
    /** When the current round of scans began: it goes on while each scan hits its batch limit. */
    let roundStartMs: number | null = null
    while (!signal.aborted) {
      const startMs = clock.nowMs()
      roundStartMs ??= startMs
      let delayMs: number
      try {
        const result = await this.scanOnce(startMs)
        const endMs = clock.nowMs()
        delayMs = scanDelayMs(endMs, result.readCount, endMs - startMs, result.batchLimitHit, endMs - roundStartMs)
        if (!result.batchLimitHit) roundStartMs = null
      } catch (error) {
        // Typically SQLITE_BUSY past busy_timeout (another writer held the lock for 5 s), or a lost
        // database connection. Try again next second rather than die; nothing was committed.
        // The fence held the scan (a renewal late, between two lives): it plans nothing, and the next one plans it all.
        if (isFenced(error)) logger.warn('schedule scan held by the lease', { error: (error as Error).message })
        else logger.error('schedule scan failed', { error: (error as Error).message })
        delayMs = 1000
        roundStartMs = null
      }
      await clock.sleep(delayMs, signal)
    }
  }

  private async ringLoop(signal: AbortSignal): Promise<void> {
    const { clock, logger } = this.options
    const aheadMs = this.options.prepareAheadMs ?? 0
    while (!signal.aborted) {
      const nowMs = clock.nowMs()
      // The second this tick is for: the one starting within aheadMs, else the current one.
      const secondMs = Math.floor((nowMs + aheadMs) / 1000) * 1000
      try {
        this.tick(nowMs, secondMs)
      } catch (error) {
        logger.error('ring tick failed', { error: (error as Error).message })
      }
      await clock.sleep(secondMs + 1000 - aheadMs - clock.nowMs(), signal)
    }
  }
}
