import type { TriggerResult } from '../../shared/api'
import { isFenced, type NodeFence } from '../scheduler/node-fence'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import { PRE_READ_MS } from '../scheduler/plan-scan'
import type { RingFire } from '../domain/fires'
import type { Repos, UnitOfWork } from '../store/store'
import { gapBeforeChunk } from './chunk-spacing'
import { JobCache } from './job-cache'
import {
  FlowStepTaken,
  prepareOneOffRuns,
  prepareScheduledRuns,
  prepareTakenOverRuns,
  type OneOffTrigger,
  type PreparedRun,
  type ScheduledRunRepos,
} from './prepare-runs'
import { TriggerPool, type TriggerDispatch, type TriggerPoolOptions } from './trigger-pool'

/**
 * Scheduled fires are written in transactions of at most this many; between chunks the event loop
 * runs, so the first chunk's triggers reach the executor while the next chunk is being written. Each
 * commit writes the pages it changed again, so fewer, larger chunks write less: at 10k fires a second
 * 1,000 took 0.96 of the CPU per fire that 250 did (B1 side by side, 8 rounds, 7 below 1); a chunk
 * then holds the write lock ~8 ms, spaced like the smaller ones (chunk-spacing.ts).
 */
const FIRE_CHUNK = 1000

/** What the service writes: run rows and their ring claims, proving the node's lease in each transaction. */
export type TriggerServiceRepos = ScheduledRunRepos & Pick<Repos, 'nodes'>

export interface TriggerServiceOptions {
  store: UnitOfWork<TriggerServiceRepos>
  /** Where prepared runs go (a test passes a recorder; the core a pool of the service's own: `withPool`). */
  pool: Pick<TriggerPool, 'submit'> & Partial<Pick<TriggerPool, 'idle'>>
  clock: Clock
  logger: Logger
  /** This node: the ring whose fires it claims, and the node the runs it writes are marked for. */
  nodeId: string
  fence: NodeFence
  /** Told of runs before they reach the pool (the console shows them at once). */
  onPrepared?: (runs: PreparedRun[]) => void
  /** Told of the run rows this node wrote, once each, as their transaction commits (the metrics count them). */
  onWritten?: (runs: readonly PreparedRun[]) => void
}

/**
 * The way into the trigger pool for every kind of trigger: writes the run rows, then hands each run to
 * the pool. Scheduled fires come from the scheduler in bursts (10k in one ring tick at full load),
 * so they are written and dispatched in chunks. Every write proves the node's lease; a run reaches
 * the pool only while the node may act (NodeFence.actsAt) — otherwise it is held, and goes on when
 * the lease is renewed (`resumeHeld`) or is dropped when the node was taken for dead (`dropHeld`),
 * since the node that took over has it then.
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
  /** Runs that were due while the node could not confirm its lease. */
  private held: PreparedRun[] = []
  /** Fires whose runs could not be written while the node could not confirm its lease (still its own in job_ring). */
  private heldFires: RingFire[] = []
  /** Raised when the node is taken for dead: runs written in an earlier life are not dispatched. */
  private life = 0
  /** `fireScheduled` calls still writing their chunks (the scheduler hands fires on without waiting). */
  private readonly firing = new Set<Promise<void>>()
  /** Aborted by `finishFiring` (stop): the chunks left are written without the spacing between them. */
  private readonly stopping = new AbortController()
  private readonly nowMs: () => number

  /**
   * The service with a trigger pool of its own, over `dispatch`: a run the pool may not trigger
   * right before the call (the node cannot confirm its lease) comes back to this service's held runs.
   */
  static withPool(
    options: Omit<TriggerServiceOptions, 'pool'>,
    dispatch: TriggerDispatch,
    limits: Pick<TriggerPoolOptions, 'fastConcurrency' | 'slowConcurrency' | 'queueMax'> = {},
  ): TriggerService {
    const pool = new TriggerPool({
      ...limits,
      dispatch,
      fence: options.fence,
      // Nothing reaches the pool before the service exists: it is the only one that submits.
      held: { hold: (run) => service.hold(run) },
      nowMs: () => options.clock.nowMs(),
      logger: options.logger,
    })
    const service: TriggerService = new TriggerService({ ...options, pool })
    return service
  }

  constructor(private readonly options: TriggerServiceOptions) {
    this.nowMs = () => options.clock.nowMs()
  }

  /** `beforeDispatch` sees the new run ids before any of them reaches the pool (to wait for their outcomes). */
  async trigger(request: OneOffTrigger, beforeDispatch?: (logIds: number[]) => void): Promise<TriggerResult> {
    const { store, fence, nodeId } = this.options
    let runs: PreparedRun[]
    try {
      runs = await store.transaction(async (tx) => {
        const nowMs = this.nowMs()
        await fence.check(tx, nowMs)
        return prepareOneOffRuns(tx, request, nowMs, nodeId)
      })
    } catch (error) {
      // Someone else runs this flow node, or its flow run ended: nothing to trigger, nothing wrong.
      if (error instanceof FlowStepTaken) return { logIds: [] }
      throw error
    }
    this.options.onWritten?.(runs)
    // A queued run has no trigger outcome to wait for until the queue starts it.
    beforeDispatch?.(runs.filter((r) => !r.queued).map((r) => r.logId))
    this.dispatch(runs)
    return { logIds: runs.map((r) => r.logId) }
  }

  /**
   * Runs another service wrote with `prepareOneOffRuns` in a transaction of its own that proved
   * this node's fence (a backfill's step writes its runs and marks its slots in one): counted and
   * dispatched as this service's own, once the transaction committed.
   */
  dispatchWritten(runs: PreparedRun[]): void {
    if (runs.length === 0) return
    this.options.onWritten?.(runs)
    this.dispatch(runs)
  }

  /**
   * Writes and dispatches fires chunk by chunk; resolves when every chunk is written. With
   * `dispatchAtMs` ahead (the ring's next second, Scheduler's `prepareAheadMs`), the rows are written
   * now, with that trigger time, and the runs reach the pool at that moment: the writing is off the
   * second's critical path, and the chunks are spaced over the time left before it (chunk-spacing.ts).
   * A chunk written late goes at once.
   */
  fireScheduled(fires: readonly RingFire[], dispatchAtMs = this.nowMs()): Promise<void> {
    const firing = this.writeFires(fires, dispatchAtMs).finally(() => this.firing.delete(firing))
    this.firing.add(firing)
    return firing
  }

  /**
   * On stop, after the scheduler stopped: the fires it handed on are written now, without the
   * spacing, and resolves once their runs wait for `releaseWaiting` (which sends them at once). A
   * second's fires are written over the time before it; without this, chunks went on being written
   * and dispatched after the stop had taken the embedded executor out of the registry, and failed
   * as "no address" (B1 at 50k jobs, stopped while behind).
   */
  async finishFiring(): Promise<void> {
    this.stopping.abort()
    while (this.firing.size > 0) await Promise.allSettled([...this.firing])
  }

  private async writeFires(fires: readonly RingFire[], dispatchAtMs: number): Promise<void> {
    const { store, fence, nodeId, logger, clock } = this.options
    // Its clock is off the database's: the fires stay in job_ring, and the membership hands them on.
    if (fence.leads?.() === false) return
    let lastChunkMs = 0
    for (let from = 0; from < fires.length; from += FIRE_CHUNK) {
      if (from > 0) {
        const gapMs = this.stopping.signal.aborted ? 0 : gapBeforeChunk(this.nowMs(), dispatchAtMs, Math.ceil((fires.length - from) / FIRE_CHUNK), lastChunkMs)
        await (gapMs > 0 ? clock.sleep(gapMs, this.stopping.signal) : new Promise((resolve) => setImmediate(resolve)))
      }
      const chunk = fires.slice(from, from + FIRE_CHUNK)
      const startedMs = this.nowMs()
      try {
        const result = await store.transaction(async (tx) => {
          const nowMs = this.nowMs()
          await fence.check(tx, nowMs)
          return prepareScheduledRuns(tx, chunk, Math.max(nowMs, dispatchAtMs), nodeId, this.jobCache)
        })
        this.options.onWritten?.(result.runs)
        if (result.duplicates > 0) logger.warn('fires dropped: their scheduled time already has a run', { count: result.duplicates })
        this.dispatchAt(result.runs, dispatchAtMs)
        lastChunkMs = this.nowMs() - startedMs
      } catch (error) {
        // Nothing was claimed (the transaction rolled back): the fires stay in job_ring. Held by a
        // lapse of the lease, they are written when it is renewed; otherwise the scan picks them
        // up as stale, or the node that takes this one over fires them.
        if (isFenced(error)) this.heldFires.push(...chunk)
        else logger.error('writing scheduled runs failed', { count: chunk.length, error: (error as Error).message })
      }
    }
  }

  /**
   * Triggers runs a dead node wrote and never triggered (NodeMembership took them over, still
   * inside the misfire threshold): their rows are read back and they go to the pool as they are.
   */
  async adoptRuns(logIds: readonly number[]): Promise<void> {
    const runs = await this.options.store.transaction((tx) => prepareTakenOverRuns(tx, logIds, this.jobCache))
    this.options.logger.info('runs a lost node wrote and never triggered are triggered here', { count: runs.length })
    this.dispatch(runs)
  }

  /**
   * Triggers queued runs the queue runner just gave their slots (capacity/queue-runner.ts): their
   * rows are read back, as a taken-over run's are, and they go to the pool.
   */
  async dispatchQueued(logIds: readonly number[]): Promise<void> {
    if (logIds.length === 0) return
    const runs = await this.options.store.transaction((tx) => prepareTakenOverRuns(tx, logIds, this.jobCache))
    this.dispatch(runs)
  }

  /** Hands the runs written ahead of their second to the pool now (on stop). */
  async releaseWaiting(): Promise<void> {
    this.waitingForSecond.abort()
    await Promise.all([...this.waiting.values()].map((entry) => entry.done))
    this.waitingForSecond = new AbortController()
  }

  /** Resolves once every trigger handed to the pool so far has finished. */
  async idle(): Promise<void> {
    await this.options.pool.idle?.()
  }

  /** A run the pool did not trigger because the node could not act at that moment. */
  hold(run: PreparedRun): void {
    this.held.push(run)
  }

  /** Runs held so far (for tests and the node's status). */
  heldCount(): number {
    return this.held.length
  }

  /**
   * The lease was renewed (after a lapse, or at any heartbeat), and nobody took the node over: the
   * fires and runs held meanwhile go on. A scheduled one more than the misfire threshold late goes
   * back to the ring as a missed fire instead (its row deleted: it was never triggered), where the
   * scan decides it with the job's other missed times by its misfire strategy; a manual, API, retry
   * or child run goes late.
   */
  async resumeHeld(): Promise<void> {
    const nowMs = this.nowMs()
    const fires = this.heldFires
    this.heldFires = []
    // Those more than the misfire threshold late are the scan's to decide, as stale fires.
    const onTimeFires = fires.filter((fire) => nowMs - fire.fireAtMs <= PRE_READ_MS)
    if (onTimeFires.length > 0) await this.fireScheduled(onTimeFires, nowMs)
    const held = this.held
    this.held = []
    if (held.length === 0) return
    // Only the schedule's own fires go back: a backfill's run is its slot's one run, held like a manual one.
    const missed = held.filter((run) => (run.triggerType === 'CRON' || run.triggerType === 'MISFIRE') && nowMs - run.triggerTimeMs > PRE_READ_MS)
    const late = new Set(missed)
    const onTime = held.filter((run) => !late.has(run))
    const { store, fence, nodeId, logger } = this.options
    if (missed.length > 0) {
      try {
        await store.transaction(async (tx) => {
          await fence.check(tx, nowMs)
          const deleted = await tx.runs.deletePending(
            missed.map((run) => run.logId),
            nodeId,
          )
          const fires = missed.filter((run) => deleted.has(run.logId)).map((run) => missedFire(run))
          await tx.ring.insert(fires, nodeId)
        })
        logger.warn('runs held while this node could not confirm its lease were too late: back to the ring as missed fires', { count: missed.length })
      } catch (error) {
        // Their rows stay: the stale-run sweep ends them (as interrupted, retries follow).
        logger.error('returning held runs to the ring failed', { count: missed.length, error: (error as Error).message })
      }
    }
    this.dispatch(onTime)
  }

  /** The node was taken for dead: what it held or has waiting for a second is the taker's now. */
  dropHeld(): number {
    const dropped = this.held.length + this.heldFires.length + [...this.waiting.values()].reduce((n, entry) => n + entry.runs.length, 0)
    this.held = []
    this.heldFires = []
    this.life++
    return dropped
  }

  private dispatchAt(runs: PreparedRun[], atMs: number): void {
    const waitMs = atMs - this.nowMs()
    if (waitMs <= 0 || runs.length === 0) return this.dispatch(runs)
    const joined = this.waiting.get(atMs)
    if (joined) {
      for (const run of runs) joined.runs.push(run)
      return
    }
    const life = this.life
    const entry = { runs: [...runs], done: Promise.resolve() }
    entry.done = this.options.clock.sleep(waitMs, this.waitingForSecond.signal).then(() => {
      this.waiting.delete(atMs)
      if (life === this.life) this.dispatch(entry.runs)
    })
    this.waiting.set(atMs, entry)
  }

  private dispatch(written: PreparedRun[]): void {
    // Queued runs wait for their slots (docs/capacity.md): the queue runner dispatches them. The
    // copy is made only when a batch has one: most batches have none and pass as they are.
    const runs = written.some((run) => run.queued) ? written.filter((run) => !run.queued) : written
    if (runs.length === 0) return
    this.options.onPrepared?.(runs)
    if (!this.options.fence.actsAt(this.nowMs())) {
      for (const run of runs) this.held.push(run)
      return
    }
    for (const run of runs) this.options.pool.submit(run)
  }
}

/** A held scheduled run as the fire it was: stale by now, so the scan decides its misfire. */
function missedFire(run: PreparedRun): RingFire {
  return {
    jobId: run.job.id,
    scheduleTimeMs: run.scheduleTimeMs!,
    fireAtMs: run.triggerTimeMs,
    triggerType: run.triggerType === 'MISFIRE' ? 'MISFIRE' : 'CRON',
  }
}
