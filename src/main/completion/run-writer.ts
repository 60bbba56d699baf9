import { HANDLE_CODE, TRIGGER_CODE } from '../../shared/model'
import type { Logger } from '../kernel/logger'
import type { RunCompletion, TriggerOutcome } from '../domain/runs'
import type { Repos, UnitOfWork } from '../store/store'
import type { FlushResult } from './flush-result'

export interface RunWriterOptions {
  store: UnitOfWork<Pick<Repos, 'runs' | 'routes'>>
  logger: Logger
  /** Longest an item waits for its batch (ms); a full batch flushes at once. */
  maxDelayMs?: number
  maxBatch?: number
  /** Pause before writing again the trigger outcomes of a batch that failed (the database away), ms. */
  retryDelayMs?: number
  /** The clock that times how long an outcome has been held (default the system's). */
  nowMs?: () => number
}

interface Pending {
  outcomes: TriggerOutcome[]
  completions: RunCompletion[]
  waiters: { resolve: () => void; reject: (error: Error) => void }[]
}

/**
 * Batches the two writes every run gets after its row exists — the trigger outcome and the
 * completion — into one transaction per few milliseconds. One transaction per row costs ~20 µs on
 * this machine, one row inside a 100-row transaction ~4 µs (docs/benchmarks.md#sqlite-figures); at 10k runs/s that
 * difference is most of a core.
 */
export class RunWriter {
  private pending: Pending = { outcomes: [], completions: [], waiters: [] }
  private readonly flushListeners: ((result: FlushResult) => void)[] = []
  /**
   * Accepted outcomes held back one batch: a fast run's completion usually arrives in the next
   * one, and then outcome and completion go into one UPDATE instead of two.
   */
  private carried: TriggerOutcome[] = []
  /** This process's embedded executor, whose accepted outcomes wait up to `maxMs` for their completion. */
  private longHold: { address: string; maxMs: number } | null = null
  /** The embedded executor's accepted outcomes waiting for their completions, oldest first, with when each began to wait. */
  private readonly waiting = new Map<number, { outcome: TriggerOutcome; sinceMs: number }>()
  private timer: NodeJS.Timeout | null = null
  /** Ends the oldest wait of `waiting` (armHold). */
  private holdTimer: NodeJS.Timeout | null = null
  /** Flushes run one after another: each takes what is pending when its turn comes. */
  private flushing: Promise<void> = Promise.resolve()
  private readonly maxDelayMs: number
  private readonly maxBatch: number
  /** Transactions written and rows in them, for diagnostics and the ingestion benchmark. */
  private readonly counters = { transactions: 0, outcomes: 0, completions: 0 }
  /** Runs being killed by an operator: their executors' callbacks wait until the kill's own result is written. */
  private readonly killing = new Map<number, { completions: RunCompletion[]; waiters: Pending['waiters'] }>()
  private readonly retryDelayMs: number
  private readonly nowMs: () => number
  /** A failed write is logged once until a write succeeds again. */
  private failing = false
  /** Runs whose completion someone waits for to go on (a flow's next node): written without the batch delay. */
  private readonly expedited = new Set<number>()
  private soon = false

  constructor(private readonly options: RunWriterOptions) {
    this.maxDelayMs = options.maxDelayMs ?? 10
    this.maxBatch = options.maxBatch ?? 2000
    this.retryDelayMs = options.retryDelayMs ?? 1000
    this.nowMs = options.nowMs ?? Date.now
  }

  /**
   * Holds the accepted outcomes of runs on `address` (this process's embedded executor) until their
   * completion arrives, for at most `maxMs`. At 10k runs a second a run completes some hundreds of
   * milliseconds after its outcome, past the one batch other outcomes wait, and outcome and
   * completion then took two UPDATEs where one does (B1). Only the embedded executor's: a run there
   * ends with this process, so an outcome lost in a crash loses nothing a LAN executor still runs.
   * Meanwhile the run reads as pending; a kill writes it first (`writeHeld`).
   */
  holdOutcomesOf(address: string, maxMs: number): void {
    this.longHold = { address, maxMs }
  }

  /** Whether `logId`'s trigger outcome is held back (its row still reads pending). */
  holds(logId: number): boolean {
    return this.waiting.has(logId) || this.carried.some((outcome) => outcome.logId === logId)
  }

  /** Writes every held outcome now (a kill needs its run to read as running). */
  writeHeld(): Promise<void> {
    return this.flush(true)
  }

  /** Tells `listener` of every flush that changed runs (the console's run events, the monitors). */
  onFlush(listener: (result: FlushResult) => void): void {
    this.flushListeners.push(listener)
  }

  /**
   * Tells the flush listeners of runs ended outside a flush, failed at their trigger without a call
   * (queued runs cancelled, or dropped past their misfire threshold: capacity/), as a flush that
   * refused their triggers would: a flow moves past its node, the consoles and the metrics see them.
   */
  tellEndedUntriggered(ids: readonly number[]): void {
    if (ids.length === 0) return
    const result: FlushResult = { triggeredIds: [], completedIds: [...ids], failedIds: [...ids], ended: { completions: [], failedTriggers: ids.length } }
    for (const listener of this.flushListeners) listener(result)
  }

  /** Resolves once written, or once held back for the next batch to meet its run's completion. */
  recordOutcome(outcome: TriggerOutcome): Promise<void> {
    this.pending.outcomes.push(outcome)
    return this.schedule()
  }

  /**
   * `recordOutcome` for a caller that does not wait: no promise per run (the trigger pool's 10k a
   * second). A failed write keeps the outcome and writes it again, as it does for a waiting caller.
   */
  noteOutcome(outcome: TriggerOutcome): void {
    this.pending.outcomes.push(outcome)
    this.arm()
  }

  /** Resolves once the completions are committed (the embedded executor's callback then counts as delivered). */
  complete(completions: readonly RunCompletion[]): Promise<void> {
    const now: RunCompletion[] = []
    const held: RunCompletion[] = []
    for (const completion of completions) (this.killing.has(completion.logId) ? held : now).push(completion)
    if (held.length === 0) {
      this.pending.completions.push(...now)
      const written = this.schedule()
      if (this.expedited.size > 0 && now.some((c) => this.expedited.delete(c.logId))) this.flushSoon()
      return written
    }
    // Part waits for a kill in progress: resolve when both parts are written.
    return Promise.all([now.length > 0 ? this.complete(now) : Promise.resolve(), this.parkBehindKill(held)]).then(() => undefined)
  }

  /**
   * A kill is about to be sent for `logId`: until `endKill`, its executor's own callback ("killed",
   * or a late success) is held back, so the run ends with the operator's kill — whichever reply
   * arrives first over the wire.
   */
  beginKill(logId: number): void {
    if (!this.killing.has(logId)) this.killing.set(logId, { completions: [], waiters: [] })
  }

  /**
   * Ends a kill: `result` (the kill's own completion, when the executor accepted it) is written
   * first, then whatever callbacks were held (a finished run is never finished twice, so they
   * change nothing after it). Resolves once `result` is written.
   */
  endKill(logId: number, result: RunCompletion | null): Promise<void> {
    const parked = this.killing.get(logId)
    this.killing.delete(logId)
    const written = result ? this.complete([result]) : Promise.resolve()
    if (parked && parked.completions.length > 0) {
      this.complete(parked.completions).then(
        () => parked.waiters.forEach((w) => w.resolve()),
        (error: Error) => parked.waiters.forEach((w) => w.reject(error)),
      )
    } else parked?.waiters.forEach((w) => w.resolve())
    return written
  }

  /** Holds each completion behind its run's kill; resolves once all are written after their kills end. */
  private parkBehindKill(completions: RunCompletion[]): Promise<void> {
    return Promise.all(
      completions.map(
        (completion) =>
          new Promise<void>((resolve, reject) => {
            const parked = this.killing.get(completion.logId)!
            parked.completions.push(completion)
            parked.waiters.push({ resolve, reject })
          }),
      ),
    ).then(() => undefined)
  }

  stats(): { transactions: number; outcomes: number; completions: number } {
    return { ...this.counters }
  }

  /** Writes what is pending now; `final` also writes held-back outcomes (on stop). Resolves once written. */
  flush(final = false): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.flushing = this.flushing.then(() => this.flushNow(final))
    return this.flushing
  }

  private async flushNow(final: boolean): Promise<void> {
    const nowMs = this.nowMs()
    // Written with this batch whatever happens: what was carried one batch, and the waiting outcomes
    // whose completion is here, whose wait is over, or all of them on the final flush.
    const due = [...this.carried, ...this.takeWaiting(this.pending.completions, nowMs, final)]
    this.carried = []
    const batch: Pending = { ...this.pending, outcomes: [...due, ...this.pending.outcomes] }
    this.pending = { outcomes: [], completions: [], waiters: [] }
    if (batch.outcomes.length === 0 && batch.completions.length === 0) {
      batch.waiters.forEach((w) => w.resolve())
      this.armHold(nowMs)
      return
    }
    const mayDefer = (i: number): boolean => !final && i >= due.length
    // Nothing to write yet (new outcomes that wait for their completions): no transaction.
    if (batch.completions.length === 0 && batch.outcomes.every((o, i) => o.triggerCode === TRIGGER_CODE.success && mayDefer(i))) {
      this.hold(batch.outcomes, nowMs)
      batch.waiters.forEach((w) => w.resolve())
      return
    }
    const { store } = this.options
    let result: FlushResult & { deferred: number[] }
    try {
      result = await store.transaction((tx) => writeBatch(tx, batch, mayDefer))
    } catch (error) {
      // The write lock held past busy_timeout, or the database away. Completions go back to their
      // senders, which resend them (the executor spools its callbacks); trigger outcomes — facts
      // nobody resends — are kept and written again after a pause, so a run that was triggered
      // does not look untriggered (and get triggered again by a node taking this one over).
      if (!this.failing)
        this.options.logger.error('writing run results failed; trigger outcomes are kept and written again', { error: (error as Error).message })
      this.failing = true
      this.keepForRetry(batch.outcomes)
      batch.waiters.forEach((w) => w.reject(error as Error))
      return
    }
    if (this.failing) this.options.logger.info('writing run results works again')
    this.failing = false
    this.counters.transactions++
    this.counters.outcomes += batch.outcomes.length - result.deferred.length
    this.counters.completions += batch.completions.length
    this.hold(
      result.deferred.map((i) => batch.outcomes[i]!),
      nowMs,
    )
    batch.waiters.forEach((w) => w.resolve())
    if (result.triggeredIds.length + result.completedIds.length > 0) for (const listener of this.flushListeners) listener(result)
  }

  /** Holds back accepted outcomes: the embedded executor's until their completions come (`waiting`), others one batch. */
  private hold(outcomes: readonly TriggerOutcome[], nowMs: number): void {
    for (const outcome of outcomes) {
      if (outcome.executorAddress === this.longHold?.address) this.waiting.set(outcome.logId, { outcome, sinceMs: nowMs })
      else this.carried.push(outcome)
    }
    this.armHold(nowMs)
  }

  /** The waiting outcomes to write now: those whose completion is in `completions`, those that waited their bound (all when `final`). */
  private takeWaiting(completions: readonly RunCompletion[], nowMs: number, final: boolean): TriggerOutcome[] {
    if (this.waiting.size === 0) return []
    const taken: TriggerOutcome[] = []
    for (const { logId } of completions) {
      const held = this.waiting.get(logId)
      if (held && this.waiting.delete(logId)) taken.push(held.outcome)
    }
    const maxMs = this.longHold?.maxMs ?? 0
    // Oldest first: the first one still within its bound ends the look.
    for (const [logId, held] of this.waiting) {
      if (!final && nowMs - held.sinceMs < maxMs) break
      this.waiting.delete(logId)
      taken.push(held.outcome)
    }
    return taken
  }

  /**
   * A flush for what is held: the next batch for what was carried, and when the oldest wait ends.
   * The wait has a timer of its own, so a completion arriving meanwhile still goes within the
   * batch delay instead of behind a timer set for the wait.
   */
  private armHold(nowMs: number): void {
    if (this.carried.length > 0 && !this.timer) this.timer = setTimeout(() => void this.flush(), this.maxDelayMs)
    if (this.holdTimer) clearTimeout(this.holdTimer)
    this.holdTimer = null
    if (this.waiting.size === 0) return
    const oldest = this.waiting.values().next().value!
    const untilMs = oldest.sinceMs + (this.longHold?.maxMs ?? 0) - nowMs
    this.holdTimer = setTimeout(
      () => {
        this.holdTimer = null
        void this.flush()
      },
      Math.max(this.maxDelayMs, untilMs),
    )
  }

  /** Outcomes of a failed batch, back in front of what is pending, bounded (the oldest go first past it). */
  private keepForRetry(outcomes: TriggerOutcome[]): void {
    const kept = [...outcomes, ...this.pending.outcomes]
    const over = kept.length - MAX_KEPT_OUTCOMES
    if (over > 0) this.options.logger.error('trigger outcomes dropped: too many waiting for the database', { count: over })
    this.pending.outcomes = over > 0 ? kept.slice(over) : kept
    if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.retryDelayMs)
  }

  /**
   * The completions of these runs are written as soon as they arrive, with whatever waits then,
   * instead of after the batch delay: the next node of a flow waits on them (B13: ~9.5 of a step's
   * 13 ms were the delay). Under load a flush takes everything pending, so batches stay whole.
   */
  expedite(logIds: readonly number[]): void {
    // A run that never completes (lost, its rows deleted) must not make the set grow without end.
    if (this.expedited.size > MAX_EXPEDITED) this.expedited.clear()
    for (const logId of logIds) this.expedited.add(logId)
  }

  /** Right after this turn of the event loop (setTimeout's 0 is 1 ms at least: a tenth of a step). */
  private flushSoon(): void {
    if (this.soon) return
    this.soon = true
    setImmediate(() => {
      this.soon = false
      void this.flush()
    })
  }

  private schedule(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.waiters.push({ resolve, reject })
      this.arm()
    })
  }

  /** A full batch flushes now; otherwise the first item pending starts the batch's delay. */
  private arm(): void {
    if (this.pending.outcomes.length + this.pending.completions.length >= this.maxBatch) void this.flush()
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.maxDelayMs)
  }
}

/** Expedited runs remembered at most (see RunWriter.expedite). */
const MAX_EXPEDITED = 100_000

/** Trigger outcomes kept for a database that is away: ~10 s of 10k triggers a second, ~5 MB. */
const MAX_KEPT_OUTCOMES = 100_000

/**
 * Outcomes before completions: a fast run's callback often arrives in the same batch as its trigger
 * outcome, and then both go into one UPDATE. An accepted outcome without its completion is deferred
 * when `mayDefer` says so for its place in the batch (the indexes deferred come back).
 * Completion stays idempotent either way.
 */
async function writeBatch(
  tx: Pick<Repos, 'runs' | 'routes'>,
  batch: Pending,
  mayDefer: (index: number) => boolean,
): Promise<FlushResult & { deferred: number[] }> {
  const firstCompletion = new Map<number, RunCompletion>()
  for (const c of batch.completions) if (!firstCompletion.has(c.logId)) firstCompletion.set(c.logId, c)
  const pairedIds = new Set<number>()
  const alone: TriggerOutcome[] = []
  const deferred: number[] = []
  // Refused triggers without a completion in this batch: they end the run (it never gets one later).
  let failedTriggers = 0
  const pairs: { outcome: TriggerOutcome; completion: RunCompletion }[] = []
  const pairing = new Set<number>()
  for (const [i, outcome] of batch.outcomes.entries()) {
    const completion = firstCompletion.get(outcome.logId)
    // A second outcome for the same run meets a finished row, as it would one statement later.
    if (completion && !pairing.has(outcome.logId)) {
      pairing.add(outcome.logId)
      pairs.push({ outcome, completion })
    } else if (!completion && outcome.triggerCode === TRIGGER_CODE.success && mayDefer(i)) deferred.push(i)
    else {
      if (!completion && outcome.triggerCode !== TRIGGER_CODE.success) failedTriggers++
      alone.push(outcome)
    }
  }
  // One statement for many pairs; a pair whose run was already finished has its outcome written alone.
  const written = await tx.runs.recordOutcomesAndComplete(pairs)
  for (const { outcome } of pairs) {
    if (written.has(outcome.logId)) pairedIds.add(outcome.logId)
    else alone.push(outcome)
  }
  await tx.runs.recordOutcomes(alone)
  // LFU and LRU count each run's address with its outcome, in the database every node routes from.
  for (const outcome of [...alone, ...batch.outcomes.filter((o) => pairedIds.has(o.logId))]) {
    if (outcome.routeUse) await tx.routes.recordUse(outcome.routeUse.jobId, outcome.executorAddress, outcome.routeUse.atMs)
  }
  const completedIds = [...pairedIds, ...(await tx.runs.complete(batch.completions.filter((c) => !pairedIds.has(c.logId))))]
  const completed = new Set(completedIds)
  const failedIds = [
    ...alone.filter((o) => o.triggerCode !== TRIGGER_CODE.success).map((o) => o.logId),
    ...[...firstCompletion.values()].filter((c) => c.handleCode !== HANDLE_CODE.success && completed.has(c.logId)).map((c) => c.logId),
  ]
  const deferredIds = new Set(deferred.map((i) => batch.outcomes[i]!.logId))
  // A run completed twice in one batch was written with its first completion (the second met a finished row).
  const ended = { completions: completedIds.map((id) => firstCompletion.get(id)!), failedTriggers }
  return { triggeredIds: batch.outcomes.filter((o) => !deferredIds.has(o.logId)).map((o) => o.logId), completedIds, failedIds, ended, deferred }
}
