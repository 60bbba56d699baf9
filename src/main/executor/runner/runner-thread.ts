import type { Worker } from 'node:worker_threads'
import type { Clock } from '../../kernel/clock'
import type { SpawnWorker } from '../../kernel/spawn-worker'
import { createLogRingBuffer, LogRingReader, type TakeLine } from './log-ring'
import { createResultBuffer, ResultArea, type KeptResult } from './result-area'
import {
  SLOT_CLAIMED,
  SLOT_COUNT,
  SLOT_DONE,
  SLOT_FREE,
  SLOT_QUEUED,
  SLOT_REVOKED,
  packRuns,
  type HostToRunner,
  type RunnerConfig,
  type RunnerWorkerData,
  type RunRequest,
} from './runner-protocol'

/**
 * What the host side of a thread reads and sets of a run placed on it; the pool's RunTicket is one,
 * with the listener and context only the pool uses.
 */
export interface PlacedRun {
  readonly run: RunRequest
  requestId: number
  slot: number
  cancelled: boolean
}

/** The host's side of one runner worker thread: its line of assigned runs and their claim slots. */
export class RunnerWorker<T extends PlacedRun> {
  readonly thread: Worker
  /** Assigned runs without a result yet, in the order the thread executes them. */
  readonly pending: T[] = []
  ready = false
  terminating = false
  /** Messages received from the thread (int32, wrapping like the thread's count). */
  messagesReceived = 0
  /** The head run the pool last found finished but unreported (harvested if still so next check). */
  doneHeadSeen = 0
  lastError: string | null = null
  idleSinceMs: number
  private readonly slots: Int32Array
  private readonly results: ResultArea
  private readonly logs: LogRingReader
  private readonly freeSlots: number[] = []
  /** Slots revoked by the host; free again once the thread has skipped them. */
  private readonly revokedSlots = new Set<number>()
  private outbox: RunRequest[] = []
  /** When the host first saw the head run claimed. */
  private claimSeen: { requestId: number; sinceMs: number } | null = null
  private retiring: { ticket: T; grace: AbortController } | null = null

  constructor(
    readonly id: number,
    spawnWorker: SpawnWorker,
    config: RunnerConfig,
    nowMs: number,
  ) {
    const buffer = new SharedArrayBuffer(SLOT_COUNT * Int32Array.BYTES_PER_ELEMENT)
    this.slots = new Int32Array(buffer)
    for (let slot = SLOT_COUNT - 1; slot >= 0; slot--) this.freeSlots.push(slot)
    const resultBuffer = createResultBuffer()
    this.results = new ResultArea(resultBuffer)
    const logBuffer = createLogRingBuffer()
    this.logs = new LogRingReader(logBuffer)
    const workerData: RunnerWorkerData = { ...config, slots: buffer, results: resultBuffer, logs: logBuffer }
    this.thread = spawnWorker('job-runner', { workerData })
    this.thread.on('error', (error) => {
      this.lastError = error.stack ?? error.message
    })
    this.thread.unref()
    this.idleSinceMs = nowMs
  }

  /** Loaded handler modules that changed since: takes no new runs, goes once its runs are done. */
  stale = false

  /** Terminating, or about to be (a kill is waiting for its run to end, or its handlers are stale). */
  get leaving(): boolean {
    return this.terminating || this.retiring !== null || this.stale
  }

  hasFreeSlot(): boolean {
    return this.freeSlots.length > 0 || this.reclaimSlots()
  }

  /** True when the run being executed (the first not finished) has been so for `stuckAfterMs`. */
  headStuck(nowMs: number, stuckAfterMs: number): boolean {
    let head: T | undefined
    for (const ticket of this.pending) {
      const state = Atomics.load(this.slots, ticket.slot)
      if (state === SLOT_DONE) continue
      if (state === SLOT_CLAIMED) head = ticket
      break
    }
    if (!head) return false
    if (this.claimSeen?.requestId !== head.requestId) this.claimSeen = { requestId: head.requestId, sinceMs: nowMs }
    return nowMs - this.claimSeen.sinceMs >= stuckAfterMs
  }

  assign(ticket: T): void {
    const slot = this.freeSlots.pop()!
    ticket.slot = slot
    Atomics.store(this.slots, slot, SLOT_QUEUED)
    this.pending.push(ticket)
    ticket.run.requestId = ticket.requestId
    ticket.run.slot = slot
    this.outbox.push(ticket.run)
    if (this.pending.length === 1) this.thread.ref()
  }

  /** Sends what was assigned this turn as one message. */
  flush(): void {
    if (this.outbox.length === 0) return
    const message = packRuns(this.outbox)
    this.thread.postMessage(message, [message.numbers.buffer as ArrayBuffer])
    this.outbox = []
  }

  find(requestId: number): T | undefined {
    // Results and logs nearly always concern the head.
    const head = this.pending[0]
    if (head?.requestId === requestId) return head
    const index = this.indexOf(requestId)
    return index < 0 ? undefined : this.pending[index]
  }

  /** The thread reported a run's end: frees its slot and returns it. */
  complete(requestId: number, nowMs: number): T | undefined {
    // Nearly always the head; shift() is O(1) on V8 arrays, splice(0, 1) is not. Request ids are
    // assigned in increasing order, so one below the head's was completed already (harvested).
    const head = this.pending[0]
    if (!head || requestId < head.requestId) return undefined
    const index = head.requestId === requestId ? 0 : this.indexOf(requestId)
    if (index < 0) return undefined
    const ticket = index === 0 ? this.pending.shift()! : this.pending.splice(index, 1)[0]
    Atomics.store(this.slots, ticket.slot, SLOT_FREE)
    this.freeSlots.push(ticket.slot)
    if (this.retiring?.ticket === ticket) this.stopRetireTimer()
    if (this.pending.length === 0) {
      this.idleSinceMs = nowMs
      this.thread.unref()
    }
    return ticket
  }

  /**
   * Hands over the log lines waiting in the ring, in order, up to one still on its way as a message;
   * `threadGone`: all of them (no message will come any more).
   */
  takeLogs(take: TakeLine, threadGone = false): void {
    this.logs.drain(take, threadGone)
  }

  /** A line came as a message (`seq` in the thread's numbering): the lines before it were taken first. */
  tookPostedLog(seq: number): void {
    this.logs.tookPosted(seq)
  }

  stateOf(ticket: T): number {
    return Atomics.load(this.slots, ticket.slot)
  }

  /** The result the thread kept for a DONE run; null if it did not fit (it was posted instead). */
  keptResult(ticket: T): KeptResult | null {
    return this.results.read(ticket.slot)
  }

  /** True once every message the thread posted before this result has been received. */
  caughtUpWith(kept: KeptResult): boolean {
    return ((this.messagesReceived - kept.postedBefore) | 0) >= 0
  }

  /** Takes back a run the thread has not started; false when it already claimed it. */
  revoke(ticket: T): boolean {
    if (Atomics.compareExchange(this.slots, ticket.slot, SLOT_QUEUED, SLOT_REVOKED) !== SLOT_QUEUED) return false
    const index = this.pending.indexOf(ticket)
    if (index >= 0) this.pending.splice(index, 1)
    const unsent = this.outbox.findIndex((assigned) => assigned.requestId === ticket.requestId)
    if (unsent >= 0) {
      // The thread never heard of it: the slot is free at once.
      this.outbox.splice(unsent, 1)
      Atomics.store(this.slots, ticket.slot, SLOT_FREE)
      this.freeSlots.push(ticket.slot)
    } else this.revokedSlots.add(ticket.slot)
    if (this.pending.length === 0) this.thread.unref()
    return true
  }

  /** Takes back every run not started yet (the thread is about to be terminated or is stuck). */
  revokeAllQueued(): T[] {
    const taken: T[] = []
    for (const ticket of [...this.pending]) {
      if (!ticket.cancelled && this.revoke(ticket)) taken.push(ticket)
    }
    return taken
  }

  /** Aborts the claimed run; terminates the thread unless it reports the run's end within `graceMs`. */
  retire(ticket: T, graceMs: number, clock: Clock, terminate: () => void): void {
    this.post({ type: 'abort', requestId: ticket.requestId })
    const grace = new AbortController()
    this.retiring = { ticket, grace }
    void clock.sleep(graceMs, grace.signal).then(() => {
      if (!grace.signal.aborted) terminate()
    })
  }

  stopRetireTimer(): void {
    this.retiring?.grace.abort()
    this.retiring = null
  }

  terminate(): void {
    this.terminating = true
    this.stopRetireTimer()
    void this.thread.terminate()
  }

  /**
   * Where the run `requestId` is in `pending`, or -1. Runs are assigned in increasing request ids and
   * only ever leave the line, so it stays sorted: a search, not a scan. A worker's log lines are
   * taken when the host gets to them, often for runs well behind the head, and a scan per line cost
   * the host a pass over the whole line each time.
   */
  private indexOf(requestId: number): number {
    let low = 0
    let high = this.pending.length - 1
    while (low <= high) {
      const mid = (low + high) >>> 1
      const id = this.pending[mid].requestId
      if (id === requestId) return mid
      if (id < requestId) low = mid + 1
      else high = mid - 1
    }
    return -1
  }

  private reclaimSlots(): boolean {
    for (const slot of this.revokedSlots) {
      if (Atomics.load(this.slots, slot) === SLOT_FREE) {
        this.revokedSlots.delete(slot)
        this.freeSlots.push(slot)
      }
    }
    return this.freeSlots.length > 0
  }

  private post(message: HostToRunner): void {
    this.thread.postMessage(message)
  }
}
