import { EventEmitter } from 'node:events'
import type { Worker, WorkerOptions } from 'node:worker_threads'
import { LogRingWriter } from '../../src/main/executor/runner/log-ring'
import { ResultArea } from '../../src/main/executor/runner/result-area'
import type { RunListener } from '../../src/main/executor/runner/runner-pool'
import {
  SLOT_CLAIMED,
  SLOT_DONE,
  SLOT_FREE,
  SLOT_QUEUED,
  unpackRuns,
  type HostToRunner,
  type RunnerToHost,
  type RunnerWorkerData,
  type RunRequest,
} from '../../src/main/executor/runner/runner-protocol'
import type { SpawnWorker } from '../../src/main/kernel/spawn-worker'

/**
 * A runner worker thread played by the test: it receives what the pool posts, and the test makes it
 * claim, finish, log, post or die at exactly the moment a race needs — on the same shared memory
 * (claim slots, result area) the real thread uses, with the real compare-and-swaps.
 */
export class FakeRunnerThread extends EventEmitter {
  /** Every run the pool handed this thread, in order. */
  readonly runs: RunRequest[] = []
  /** requestIds the pool asked to abort. */
  readonly aborts: number[] = []
  terminated = false
  referenced = false
  private readonly slots: Int32Array
  private readonly results: ResultArea
  private readonly logRing: LogRingWriter
  /** The thread's numbering of its log lines, through the ring or posted. */
  private logSeq = 0
  private posted = 0
  /** Messages posted but not yet received by the host (see hold()). */
  private held: RunnerToHost[] | null = null
  /** 'runs' messages received: the pool batches a turn's runs into one. */
  runMessages = 0

  constructor(
    readonly id: number,
    data: RunnerWorkerData,
  ) {
    super()
    this.slots = new Int32Array(data.slots)
    this.results = new ResultArea(data.results)
    this.logRing = new LogRingWriter(data.logs)
  }

  // --- the Worker surface the pool uses ---
  postMessage(message: HostToRunner): void {
    if (message.type === 'runs') {
      this.runMessages++
      this.runs.push(...unpackRuns(message.numbers, message.texts))
    } else this.aborts.push(message.requestId)
  }

  terminate(): Promise<number> {
    this.terminated = true
    // A real thread's 'exit' comes asynchronously after terminate().
    setImmediate(() => this.emit('exit', 1))
    return Promise.resolve(1)
  }

  ref(): void {
    this.referenced = true
  }

  unref(): void {
    this.referenced = false
  }

  // --- what the test makes the thread do ---
  /** The run with this job id, as last handed over. */
  run(jobId: number): RunRequest {
    const run = this.runs.findLast((r) => r.jobId === jobId)
    if (!run) throw new Error(`thread ${this.id} was never given job ${jobId}`)
    return run
  }

  slotState(run: RunRequest): number {
    return Atomics.load(this.slots, run.slot)
  }

  /** The thread's compare-and-swap QUEUED → CLAIMED; losing it frees the slot, as the real thread does. */
  claim(run: RunRequest): boolean {
    if (Atomics.compareExchange(this.slots, run.slot, SLOT_QUEUED, SLOT_CLAIMED) === SLOT_QUEUED) return true
    Atomics.store(this.slots, run.slot, SLOT_FREE)
    return false
  }

  ready(handlerNames: string[] = ['demoJobHandler']): void {
    this.post({ type: 'ready', handlerNames, problems: [] })
  }

  /** A log line posted as a message (what the thread does with a line the ring cannot take). */
  log(run: RunRequest, text: string): void {
    this.post({ type: 'log', seq: this.logSeq++, requestId: run.requestId, where: 'test', line: 1, text })
  }

  /** A log line written to the shared ring, with no message (yet); false when the ring is full. */
  ringLog(run: RunRequest, text: string): boolean {
    const written = this.logRing.write(this.logSeq, run.requestId, 1, 'test', text)
    if (written) this.logSeq++
    return written
  }

  /** The message that ends a turn whose only news is lines in the ring. */
  announceLogs(): void {
    this.post({ type: 'logs' })
  }

  /** The run's handler made its artifact folder (ctx.artifactsDir). */
  madeArtifacts(run: RunRequest): void {
    this.post({ type: 'artifacts', requestId: run.requestId })
  }

  /** Keeps the result in shared memory and marks the slot DONE, without posting it (yet). */
  keep(run: RunRequest, code: number, msg: string | null): void {
    this.results.write(run.slot, code, msg, this.posted)
    Atomics.store(this.slots, run.slot, SLOT_DONE)
  }

  /** Posts the results of `runs` (kept before) in one batch, as the thread does at the end of its turn. */
  postResults(runs: { run: RunRequest; code: number; msg: string | null }[]): void {
    this.post({ type: 'results', requestIds: runs.map((r) => r.run.requestId), codes: runs.map((r) => r.code), msgs: runs.map((r) => r.msg) })
  }

  /** Claims, keeps and posts a result: a run from start to end. */
  complete(run: RunRequest, code = 200, msg: string | null = null): void {
    if (!this.claim(run)) throw new Error(`thread ${this.id} lost the claim of job ${run.jobId}`)
    this.keep(run, code, msg)
    this.postResults([{ run, code, msg }])
  }

  /** The thread dies on its own (a handler called process.exit, a crash). */
  die(exitCode = 1): void {
    this.emit('exit', exitCode)
  }

  /** From now on, posted messages stay in flight (the host has not received them) until release(). */
  hold(): void {
    this.held ??= []
  }

  release(): void {
    const held = this.held ?? []
    this.held = null
    for (const message of held) this.emit('message', message)
  }

  private post(message: RunnerToHost): void {
    this.posted = (this.posted + 1) | 0
    if (this.held) this.held.push(message)
    else this.emit('message', message)
  }
}

/** A SpawnWorker that hands out fake threads, remembered in spawn order. */
export function fakeSpawner(): { spawnWorker: SpawnWorker; threads: FakeRunnerThread[] } {
  const threads: FakeRunnerThread[] = []
  const spawnWorker: SpawnWorker = (_entry, options?: WorkerOptions) => {
    const thread = new FakeRunnerThread(threads.length + 1, options!.workerData as RunnerWorkerData)
    threads.push(thread)
    return thread as unknown as Worker
  }
  return { spawnWorker, threads }
}

export type Heard =
  | { kind: 'log'; job: number; text: string }
  | { kind: 'artifacts'; job: number }
  | { kind: 'result'; job: number; code: number; msg: string | null }
  | { kind: 'error'; job: number; message: string }
  | { kind: 'crash'; job: number; reason: string }

/**
 * A run listener that records what the pool reported, with the job id as context; `then` is told
 * each report right after it is recorded (a test lets a thread go on at exactly that moment).
 */
export function recordingListener(then?: (heard: Heard) => void): { listener: RunListener<number>; heard: Heard[] } {
  const heard: Heard[] = []
  const hear = (entry: Heard) => {
    heard.push(entry)
    then?.(entry)
  }
  return {
    heard,
    listener: {
      onLog: (job, _where, _line, text) => hear({ kind: 'log', job, text }),
      onArtifacts: (job) => hear({ kind: 'artifacts', job }),
      onResult: (job, code, msg) => hear({ kind: 'result', job, code, msg }),
      onError: (job, error) => hear({ kind: 'error', job, message: error.message }),
      onCrash: (job, reason) => hear({ kind: 'crash', job, reason }),
    },
  }
}

/** Lets the pool's placement (a microtask, or after the I/O phase) run. */
export async function turn(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve))
  await new Promise((resolve) => setImmediate(resolve))
}
