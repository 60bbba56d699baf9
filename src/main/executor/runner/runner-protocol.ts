/**
 * Messages between the executor host and a runner worker thread (src/main/executor/runner/runner-worker.ts).
 *
 * The host hands a worker runs in batches; the worker executes them strictly one at a time, in order.
 * Each run has a claim slot in a SharedArrayBuffer: the host marks it QUEUED, the worker must win a
 * compare-and-swap QUEUED → CLAIMED before it starts the run, and the host may swap QUEUED → REVOKED at
 * any time, even while the worker is stuck in a handler. So the host always knows which run a worker
 * is executing (kill terminates exactly that one) and can move not-yet-started runs to another worker
 * without ever running one twice. When a run ends the worker keeps its result in shared memory
 * (result-area.ts) and marks the slot DONE, then posts results in one batch per event-loop turn; a
 * handler's log lines go through shared memory as well (log-ring.ts), read when a message comes.
 */

export const SLOT_FREE = 0
export const SLOT_QUEUED = 1
export const SLOT_CLAIMED = 2
export const SLOT_REVOKED = 3
/** Finished; the result is in the result area and in the next 'results' batch. */
export const SLOT_DONE = 4
/**
 * Claim slots per worker, hence most runs a worker holds at once. Large, so a burst reaches a worker
 * in few messages; runs stuck behind a slow one are moved elsewhere anyway (runner-pool.ts).
 */
export const SLOT_COUNT = 1024

/** Given to every runner worker as `workerData`. */
export interface RunnerConfig {
  handlerDirs: string[]
  httpAllowPrefixes: string[] | 'any'
  /**
   * Raised each time the handler folders change: a worker imports the modules under this version
   * (a query on the module URL), so a new worker sees the new code while running ones finish theirs.
   */
  handlersVersion?: number
  /** Root of the runs' artifact folders (`<root>/<logId>`, `ctx.artifactsDir`); absent: none. */
  artifactsRoot?: string
}

export interface RunnerWorkerData extends RunnerConfig {
  /** Int32Array(SLOT_COUNT) of SLOT_* states. */
  slots: SharedArrayBuffer
  /** The ResultArea (result-area.ts). */
  results: SharedArrayBuffer
  /** The log ring (log-ring.ts). */
  logs: SharedArrayBuffer
}

/** One run as the worker receives it. */
export interface RunRequest {
  /** Set by the pool each time it hands the run to a worker (a moved run gets new ones). */
  requestId: number
  slot: number
  jobId: number
  logId: number
  handler: string
  param: string
  shardIndex: number
  shardTotal: number
  /** An LLM step's provider as JSON (executor-api.ts LlmRunConfig); absent for every other run. */
  llm?: string
}

/** An error as it crosses the thread boundary. */
export interface ThreadError {
  name: string
  message: string
  stack?: string
}

export type HostToRunner =
  /** Runs to execute in order, packed by `packRuns` (structured clone is slow for many small objects). */
  | { type: 'runs'; numbers: Float64Array; texts: string[] }
  /** Aborts the claimed run's AbortSignal; the host terminates the thread if the run does not end soon. */
  | { type: 'abort'; requestId: number }

export type RunnerToHost =
  /** Sent once, after the handler directories are loaded. */
  | { type: 'ready'; handlerNames: string[]; problems: string[] }
  /** A log line that did not go through the ring (log-ring.ts); `seq` is its place among the ring's lines. */
  | { type: 'log'; seq: number; requestId: number; where: string; line: number; text: string }
  /** Lines wait in the ring and no other message ends this turn. */
  | { type: 'logs' }
  /** The run made its artifact folder (`ctx.artifactsDir`): its files are kept when it ends. */
  | { type: 'artifacts'; requestId: number }
  /** Finished runs in the order they ran, as parallel arrays (cheap to clone). */
  | { type: 'results'; requestIds: number[]; codes: number[]; msgs: Array<string | null> }
  | { type: 'error'; requestId: number; error: ThreadError }

/** Numbers per run in a 'runs' message: requestId, slot, jobId, logId, shardIndex, shardTotal. */
const RUN_NUMBERS = 6
/** Texts per run: handler, param, an LLM step's provider ('' for none). */
const RUN_TEXTS = 3

/** A 'runs' message; transfer `numbers.buffer`. */
export function packRuns(runs: readonly RunRequest[]): Extract<HostToRunner, { type: 'runs' }> {
  const numbers = new Float64Array(runs.length * RUN_NUMBERS)
  const texts = new Array<string>(runs.length * RUN_TEXTS)
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]
    const at = i * RUN_NUMBERS
    numbers[at] = run.requestId
    numbers[at + 1] = run.slot
    numbers[at + 2] = run.jobId
    numbers[at + 3] = run.logId
    numbers[at + 4] = run.shardIndex
    numbers[at + 5] = run.shardTotal
    texts[i * RUN_TEXTS] = run.handler
    texts[i * RUN_TEXTS + 1] = run.param
    texts[i * RUN_TEXTS + 2] = run.llm ?? ''
  }
  return { type: 'runs', numbers, texts }
}

export function unpackRuns(numbers: Float64Array, texts: readonly string[]): RunRequest[] {
  const runs = new Array<RunRequest>(texts.length / RUN_TEXTS)
  for (let i = 0; i < runs.length; i++) {
    const at = i * RUN_NUMBERS
    runs[i] = {
      requestId: numbers[at],
      slot: numbers[at + 1],
      jobId: numbers[at + 2],
      logId: numbers[at + 3],
      shardIndex: numbers[at + 4],
      shardTotal: numbers[at + 5],
      handler: texts[i * RUN_TEXTS],
      param: texts[i * RUN_TEXTS + 1],
    }
    const llm = texts[i * RUN_TEXTS + 2]
    if (llm !== '') runs[i].llm = llm
  }
  return runs
}

export function toThreadError(error: unknown): ThreadError {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack }
  return { name: 'Error', message: String(error) }
}
