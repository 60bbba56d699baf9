import { parentPort, workerData } from 'node:worker_threads'
import { HANDLE_CODE } from '../../../shared/model'
import { builtinHandlers } from '../handlers/builtin-handlers'
import type { JobHandler } from '../handlers/handler-contract'
import { loadHandlerDirs } from '../handlers/load-handler-dirs'
import { LogRingWriter } from './log-ring'
import { ResultArea } from './result-area'
import { RunContext, runHandler } from './run-handler'
import {
  SLOT_CLAIMED,
  SLOT_DONE,
  SLOT_FREE,
  SLOT_QUEUED,
  toThreadError,
  unpackRuns,
  type HostToRunner,
  type RunnerToHost,
  type RunnerWorkerData,
  type RunRequest,
} from './runner-protocol'

/**
 * Runner worker entry ('job-runner' in spawn-worker.ts): executes the runs the host assigns, one at a
 * time and in order. Being its own thread is what makes kill real: the host terminates the thread,
 * and with it whatever the handler was doing.
 */
const port = parentPort
if (!port) throw new Error('runner-worker must run as a worker thread')
const config = workerData as RunnerWorkerData
const slots = new Int32Array(config.slots)
const resultArea = new ResultArea(config.results)
const logRing = new LogRingWriter(config.logs)

const builtins = builtinHandlers(config.httpAllowPrefixes)
const ready: Promise<Record<string, JobHandler>> = loadHandlerDirs(config.handlerDirs, new Set(Object.keys(builtins)), config.handlersVersion ?? 0).then(
  ({ handlers, problems }) => {
    const all = { ...builtins, ...handlers }
    post({ type: 'ready', handlerNames: Object.keys(all), problems })
    return all
  },
)
const queue: RunRequest[] = []
let head = 0
let draining = false
let current: RunContext | null = null

port.on('message', (message: HostToRunner) => {
  switch (message.type) {
    case 'runs':
      for (const run of unpackRuns(message.numbers, message.texts)) queue.push(run)
      if (!draining) void drain()
      break
    case 'abort':
      if (current?.run.requestId === message.requestId) current.abort()
      break
  }
})

async function drain(): Promise<void> {
  draining = true
  const handlers = await ready
  while (head < queue.length) {
    const assigned = queue[head]
    head++
    if (head > 1024 && head * 2 > queue.length) {
      queue.splice(0, head)
      head = 0
    }
    // Lose the race to a host revoke → the run was moved elsewhere; free the slot for reuse.
    if (Atomics.compareExchange(slots, assigned.slot, SLOT_QUEUED, SLOT_CLAIMED) !== SLOT_QUEUED) {
      Atomics.store(slots, assigned.slot, SLOT_FREE)
      continue
    }
    await execute(handlers, assigned)
  }
  draining = false
}

async function execute(handlers: Record<string, JobHandler>, run: RunRequest): Promise<void> {
  const requestId = run.requestId
  const ctx = new RunContext(run, postLog, config.artifactsRoot, postArtifacts)
  current = ctx
  try {
    const handler = handlers[run.handler]
    if (!handler) {
      reportResult(run, HANDLE_CODE.fail, `job handler [${run.handler}] not found.`)
      return
    }
    const outcome = await runHandler(handler, ctx)
    reportResult(run, outcome.code, outcome.msg)
  } catch (error) {
    post({ type: 'error', requestId, error: toThreadError(error) })
  } finally {
    current = null
  }
}

/** A long turn of quick runs still posts as it goes, so the host works in parallel. */
const RESULTS_PER_MESSAGE = 256

/** Results waiting for the end of this event-loop turn, as the 'results' message's arrays. */
let results: { requestIds: number[]; codes: number[]; msgs: Array<string | null> } = { requestIds: [], codes: [], msgs: [] }
let resultsScheduled = false
/** Every message this thread posted, counted (int32, wrapping) so the host can tell what it has seen. */
let messagesPosted = 0

/** Numbers every log line, through the ring or posted: the host takes them in this order. */
let logSeq = 0
/** Lines are in the ring that no message posted since tells the host about. */
let ringLinesUnannounced = false

/** Kept in shared memory first (so it survives this thread), then batched; posted at once if too long. */
function reportResult(run: RunRequest, code: number, msg: string | null): void {
  const kept = resultArea.write(run.slot, code, msg, messagesPosted)
  Atomics.store(slots, run.slot, SLOT_DONE)
  results.requestIds.push(run.requestId)
  results.codes.push(code)
  results.msgs.push(msg)
  if (!kept || results.requestIds.length >= RESULTS_PER_MESSAGE) flushResults()
  else scheduleFlush()
}

function scheduleFlush(): void {
  if (resultsScheduled) return
  resultsScheduled = true
  setImmediate(flushResults)
}

/** Posts the results waiting; the host reads the ring's lines when it receives it (or the ping that stands in). */
function flushResults(): void {
  resultsScheduled = false
  if (results.requestIds.length === 0) {
    if (ringLinesUnannounced) post({ type: 'logs' })
    return
  }
  port!.postMessage({ type: 'results', ...results } satisfies RunnerToHost)
  messagesPosted = (messagesPosted + 1) | 0
  ringLinesUnannounced = false
  results = { requestIds: [], codes: [], msgs: [] }
}

function postLog(requestId: number, where: string, line: number, text: string): void {
  const seq = logSeq
  logSeq = (logSeq + 1) | 0
  if (logRing.write(seq, requestId, line, where, text)) {
    ringLinesUnannounced = true
    scheduleFlush()
  } else post({ type: 'log', seq, requestId, where, line, text })
}

function postArtifacts(requestId: number): void {
  post({ type: 'artifacts', requestId })
}

/** Posts at once, after the results before it, so the host sees everything in order. */
function post(message: RunnerToHost): void {
  if (results.requestIds.length > 0) flushResults()
  port!.postMessage(message)
  messagesPosted = (messagesPosted + 1) | 0
  ringLinesUnannounced = false
}
