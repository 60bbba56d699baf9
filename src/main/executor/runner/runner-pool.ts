import { availableParallelism } from 'node:os'
import type { Clock } from '../../kernel/clock'
import type { Logger } from '../../kernel/logger'
import type { SpawnWorker } from '../../kernel/spawn-worker'
import { RunnerWorker, type PlacedRun } from './runner-thread'
import { SLOT_CLAIMED, SLOT_DONE, type RunnerConfig, type RunnerToHost, type RunRequest, type ThreadError } from './runner-protocol'

/** What the pool reports about runs; one listener serves many runs, told apart by their `context`. */
export interface RunListener<C> {
  onLog(context: C, where: string, line: number, text: string): void
  /** The run made its artifact folder (told before its result). */
  onArtifacts?(context: C): void
  onResult(context: C, code: number, msg: string | null): void
  onError(context: C, error: ThreadError): void
  /** The thread died while executing this run (crash, `process.exit` in a handler). */
  onCrash(context: C, reason: string): void
}

/** A run handed to the pool; `cancel` it to stop hearing about it. */
export interface RunTicket<C = unknown> extends PlacedRun {
  readonly listener: RunListener<C>
  readonly context: C
  worker: RunnerWorker<RunTicket> | null
}

export interface RunnerPoolOptions {
  spawnWorker: SpawnWorker
  config: RunnerConfig
  /** Most threads at once, retiring ones included. */
  maxWorkers: number
  clock: Clock
  logger: Logger
  /** Handler names the first worker reports, or null when a worker died before reporting. */
  onCatalog(names: string[] | null): void
  /**
   * Calls `tick` every `periodMs` until the returned stop is called. Default: an unref'd
   * setInterval (a check every 10 ms must not keep a process alive). Tests tick by hand.
   */
  startTicker?: (periodMs: number, tick: () => void) => () => void
}

const intervalTicker = (periodMs: number, tick: () => void): (() => void) => {
  const timer = setInterval(tick, periodMs).unref()
  return () => clearInterval(timer)
}

/** A worker whose current run has been executing this long gets its waiting runs moved elsewhere. */
const STEAL_AFTER_MS = 20
const STEAL_CHECK_MS = 10

/**
 * An elastic pool of runner worker threads. A worker executes one run at a time but may hold a short
 * line of runs behind it, handed over in one message per event-loop turn: that is what makes 10,000
 * no-op runs a second cheap (an idle thread costs a wake-up per message). Runs waiting behind a run
 * that takes longer than ~20 ms are moved to other workers (spawning one when needed), so a slow
 * handler never delays other jobs for long. Kill and timeout terminate exactly the worker executing
 * the run (see the claim slots in runner-protocol.ts).
 */
export class RunnerPool {
  private readonly workers = new Set<RunnerWorker<RunTicket>>()
  /** Runs not assigned to a worker yet, from `waitingHead` on (a queue without O(n) shifts). */
  private waiting: RunTicket[] = []
  private waitingHead = 0
  private nextWorkerId = 1
  private nextRequestId = 1
  private catalogReported = false
  private closed = false
  private placeScheduled = false
  private stopTicker: (() => void) | null = null
  /** Workers worth keeping busy at once for short runs: about one per core. */
  private readonly burstWorkers: number

  /** What new workers start with; the handlers' version moves on when their folders change. */
  private config: RunnerConfig

  constructor(private readonly options: RunnerPoolOptions) {
    this.config = options.config
    this.burstWorkers = Math.min(options.maxWorkers, Math.max(2, availableParallelism()))
  }

  get size(): number {
    return this.workers.size
  }

  /** Starts one worker ahead of need, so the handler catalog is known early. */
  warmUp(): void {
    if (![...this.workers].some((worker) => !worker.leaving)) this.spawn()
  }

  /**
   * The handler folders changed: new workers import the modules afresh (and report the new
   * catalog); idle workers go now, busy ones once their runs are done.
   */
  reloadHandlers(): void {
    this.config = { ...this.config, handlersVersion: (this.config.handlersVersion ?? 0) + 1 }
    this.catalogReported = false
    for (const worker of this.workers) {
      worker.stale = true
      if (worker.pending.length === 0) this.terminate(worker)
    }
    this.warmUp()
  }

  /** `run.requestId` and `run.slot` are the pool's to set. */
  dispatch<C>(run: RunRequest, listener: RunListener<C>, context: C): RunTicket<C> {
    const ticket: RunTicket<C> = { run, listener, context, worker: null, requestId: 0, slot: -1, cancelled: false }
    this.waiting.push(ticket)
    this.schedulePlacement()
    return ticket
  }

  /**
   * Forgets a run. Not started yet: it never will be. Executing: its AbortSignal fires and its thread
   * is terminated unless the handler ends within `graceMs` (then the worker is kept).
   */
  cancel(ticket: RunTicket, graceMs: number): void {
    if (ticket.cancelled) return
    ticket.cancelled = true
    const worker = ticket.worker
    if (!worker) {
      const index = this.waiting.indexOf(ticket, this.waitingHead)
      if (index >= 0) this.waiting.splice(index, 1)
      return
    }
    if (worker.revoke(ticket)) return
    // Claimed: it is executing (or just finished, its result on the way).
    this.requeue(worker.revokeAllQueued())
    worker.retire(ticket, graceMs, this.options.clock, () => this.terminate(worker))
  }

  /**
   * Hands the run's listener the lines its handler wrote so far and the host has not read yet (a kill
   * or a timeout is about to end it: what it wrote before goes into its log first).
   */
  collectLogs(ticket: RunTicket): void {
    if (ticket.worker && !ticket.cancelled) this.takeLogs(ticket.worker)
  }

  /** Terminates workers without runs for `idleMs` (XXL-JOB's "excutor idle times over limit."). */
  sweepIdle(nowMs: number, idleMs: number): number {
    let count = 0
    for (const worker of this.workers) {
      if (!worker.terminating && worker.pending.length === 0 && nowMs - worker.idleSinceMs >= idleMs) {
        this.terminate(worker)
        count++
      }
    }
    return count
  }

  /** Terminates every worker and resolves once all threads have exited. */
  async close(): Promise<void> {
    this.closed = true
    this.waiting = []
    this.waitingHead = 0
    this.stopTicker?.()
    this.stopTicker = null
    const exits = [...this.workers].map((worker) => {
      const exited = new Promise<void>((resolve) => worker.thread.once('exit', () => resolve()))
      this.terminate(worker)
      return exited
    })
    await Promise.all(exits)
  }

  private terminate(worker: RunnerWorker<RunTicket>): void {
    if (worker.terminating) return
    this.requeue(worker.revokeAllQueued())
    worker.terminate()
  }

  private requeue(tickets: RunTicket[]): void {
    if (tickets.length === 0) return
    for (const ticket of tickets) {
      ticket.worker = null
      ticket.requestId = 0
    }
    this.waiting = [...tickets, ...this.waiting.slice(this.waitingHead)]
    this.waitingHead = 0
    this.schedulePlacement()
  }

  /**
   * Placement runs once per batch of events: after the current task for new runs, after the
   * current event-loop phase for freed slots, so the results a worker sends in a burst free their
   * slots together and the next runs go out in one message rather than one each.
   */
  private schedulePlacement(afterPhase = false): void {
    if (this.placeScheduled) return
    this.placeScheduled = true
    const place = (): void => {
      this.placeScheduled = false
      this.place()
    }
    if (afterPhase) setImmediate(place)
    else queueMicrotask(place)
  }

  /** Assigns waiting runs to workers and sends each worker its batch. */
  private place(): void {
    if (this.closed) return
    // Which workers are stuck or still starting does not change while placing: look once, not
    // once per run (at 10k runs/s that scan was a tenth of the host's time).
    const nowMs = this.options.clock.nowMs()
    const open: RunnerWorker<RunTicket>[] = []
    let starting = 0
    for (const worker of this.workers) {
      if (worker.leaving) continue
      if (!worker.ready) starting++
      if (!worker.headStuck(nowMs, STEAL_AFTER_MS)) open.push(worker)
    }
    while (this.waitingHead < this.waiting.length) {
      const worker = this.pickWorker(open, starting)
      if (!worker) break
      if (!open.includes(worker)) {
        open.push(worker)
        starting++
      }
      const ticket = this.waiting[this.waitingHead++]
      ticket.worker = worker
      ticket.requestId = this.nextRequestId++
      worker.assign(ticket)
    }
    if (this.waitingHead === this.waiting.length) {
      this.waiting = []
      this.waitingHead = 0
    } else if (this.waitingHead > 4096) {
      this.waiting = this.waiting.slice(this.waitingHead)
      this.waitingHead = 0
    }
    for (const worker of this.workers) worker.flush()
  }

  /**
   * The least loaded of the workers making progress that can take a run, or a new one: up to about
   * one per core while runs queue up, and beyond that only when no worker is making progress (all
   * stuck in long runs). Full workers that are progressing free their slots soon; more threads
   * would not run faster.
   */
  private pickWorker(open: readonly RunnerWorker<RunTicket>[], starting: number): RunnerWorker<RunTicket> | null {
    let best: RunnerWorker<RunTicket> | null = null
    for (const worker of open) {
      if (!worker.hasFreeSlot()) continue
      if (!best || worker.pending.length < best.pending.length) best = worker
    }
    const wantMore = open.length === 0 || (best !== null && best.pending.length > 0 && this.workers.size < this.burstWorkers)
    if (wantMore && starting === 0 && this.workers.size < this.options.maxWorkers) return this.spawn()
    return best
  }

  private spawn(): RunnerWorker<RunTicket> {
    const worker = new RunnerWorker<RunTicket>(this.nextWorkerId++, this.options.spawnWorker, this.config, this.options.clock.nowMs())
    this.workers.add(worker)
    worker.thread.on('message', (message: RunnerToHost) => this.onMessage(worker, message))
    worker.thread.on('exit', (exitCode) => this.onExit(worker, exitCode))
    this.stopTicker ??= (this.options.startTicker ?? intervalTicker)(STEAL_CHECK_MS, () => this.stealFromStuck())
    return worker
  }

  private onMessage(worker: RunnerWorker<RunTicket>, message: RunnerToHost): void {
    worker.messagesReceived = (worker.messagesReceived + 1) | 0
    // Every message after the thread's log lines in the ring comes after them: they are read first.
    if (message.type !== 'ready') this.takeLogs(worker)
    switch (message.type) {
      case 'ready':
        worker.ready = true
        for (const problem of message.problems) this.options.logger.warn(problem)
        if (!this.catalogReported) {
          this.catalogReported = true
          this.options.onCatalog(message.handlerNames)
        }
        return
      case 'log': {
        worker.tookPostedLog(message.seq)
        const ticket = worker.find(message.requestId)
        if (ticket && !ticket.cancelled) ticket.listener.onLog(ticket.context, message.where, message.line, message.text)
        // The ring's lines after this one waited for it.
        this.takeLogs(worker)
        return
      }
      case 'logs':
        return
      case 'artifacts': {
        const ticket = worker.find(message.requestId)
        if (ticket && !ticket.cancelled) ticket.listener.onArtifacts?.(ticket.context)
        return
      }
      case 'results': {
        const nowMs = this.options.clock.nowMs()
        const { requestIds, codes, msgs } = message
        for (let i = 0; i < requestIds.length; i++) {
          const ticket = worker.complete(requestIds[i], nowMs)
          if (ticket && !ticket.cancelled) ticket.listener.onResult(ticket.context, codes[i], msgs[i])
        }
        if (worker.stale && worker.pending.length === 0 && !worker.terminating) this.terminate(worker)
        if (this.waitingHead < this.waiting.length) this.schedulePlacement(true)
        return
      }
      case 'error': {
        const ticket = worker.complete(message.requestId, this.options.clock.nowMs())
        if (ticket && !ticket.cancelled) ticket.listener.onError(ticket.context, message.error)
        if (this.waitingHead < this.waiting.length) this.schedulePlacement(true)
        return
      }
    }
  }

  private onExit(worker: RunnerWorker<RunTicket>, exitCode: number): void {
    this.workers.delete(worker)
    this.takeLogs(worker, true)
    worker.stopRetireTimer()
    // A worker let go for a reload has not failed to load anything.
    if (!this.catalogReported && !worker.stale) this.options.onCatalog(null)
    const cause = worker.lastError ?? `thread exit code ${exitCode}`
    if (!worker.terminating) this.options.logger.warn(`runner worker ${worker.id} exited unexpectedly`, { cause })
    const orphans: RunTicket[] = []
    for (const ticket of worker.pending) {
      if (ticket.cancelled) continue
      const state = worker.stateOf(ticket)
      if (state === SLOT_DONE) {
        // Finished, but the thread went before posting the batch: the result is in shared memory.
        const kept = worker.keptResult(ticket)
        ticket.cancelled = true
        if (kept) ticket.listener.onResult(ticket.context, kept.code, kept.msg)
        else ticket.listener.onCrash(ticket.context, `runner worker exited before reporting this run's result: ${cause}`)
      } else if (state === SLOT_CLAIMED) {
        ticket.cancelled = true
        ticket.listener.onCrash(
          ticket.context,
          worker.terminating ? `runner worker was terminated while running this job` : `runner worker exited unexpectedly: ${cause}`,
        )
      } else orphans.push(ticket)
    }
    worker.pending.length = 0
    this.requeue(orphans)
    if (this.workers.size === 0 && this.stopTicker) {
      this.stopTicker()
      this.stopTicker = null
    }
    if (this.waitingHead < this.waiting.length) this.schedulePlacement()
  }

  /**
   * Every STEAL_CHECK_MS: delivers results workers kept but have not posted because a later handler
   * holds their thread, then moves runs waiting behind a long-running one to other workers.
   */
  private stealFromStuck(): void {
    const nowMs = this.options.clock.nowMs()
    for (const worker of this.workers) {
      // A handler that holds its thread (a hang, a long synchronous loop) still shows its lines.
      this.takeLogs(worker)
      this.harvestKept(worker, nowMs)
      if (worker.pending.length > 1 && worker.headStuck(nowMs, STEAL_AFTER_MS)) this.requeue(worker.revokeAllQueued())
    }
  }

  /**
   * Completes the worker's finished head runs from shared memory (their batch comes later, ignored),
   * once a head was seen finished but unreported on two checks in a row (the thread is busy, not just
   * about to post), and only once the messages posted before each result (lines posted rather than
   * written to the ring) arrived.
   */
  private harvestKept(worker: RunnerWorker<RunTicket>, nowMs: number): void {
    const first = worker.pending[0]
    if (!first || worker.stateOf(first) !== SLOT_DONE) return
    if (worker.doneHeadSeen !== first.requestId) {
      worker.doneHeadSeen = first.requestId
      return
    }
    for (let head: RunTicket | undefined = first; head && worker.stateOf(head) === SLOT_DONE; head = worker.pending[0]) {
      const kept = worker.keptResult(head)
      if (!kept || !worker.caughtUpWith(kept)) return
      // The thread wrote the run's lines before it marked the run DONE, and it runs on while the host
      // harvests: read the ring again now, or a line written since the check began would follow its result.
      this.takeLogs(worker)
      worker.complete(head.requestId, nowMs)
      if (!head.cancelled) head.listener.onResult(head.context, kept.code, kept.msg)
    }
  }

  /** Passes the thread's log lines waiting in shared memory to their runs' listeners. */
  private takeLogs(worker: RunnerWorker<RunTicket>, threadGone = false): void {
    worker.takeLogs((requestId, where, line, text) => {
      const ticket = worker.find(requestId)
      if (ticket && !ticket.cancelled) ticket.listener.onLog(ticket.context, where, line, text)
    }, threadGone)
  }
}
