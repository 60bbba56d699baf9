import { parentPort, workerData } from 'node:worker_threads'
import { builtinHandlers } from '../handlers/builtin-handlers'
import type { JobHandler } from '../handlers/handler-contract'
import { loadHandlerDirs } from '../handlers/load-handler-dirs'
import { RunContext, runHandler } from './run-handler'
import {
  SLOT_CLAIMED,
  SLOT_FREE,
  SLOT_QUEUED,
  toThreadError,
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

const builtins = builtinHandlers(config.httpAllowPrefixes)
const ready: Promise<Record<string, JobHandler>> = loadHandlerDirs(config.handlerDirs, new Set(Object.keys(builtins))).then(
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
      for (const assigned of message.runs) queue.push(assigned)
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
  const ctx = new RunContext(run, postLog)
  current = ctx
  try {
    const handler = handlers[run.handler]
    if (!handler) {
      post({ type: 'result', requestId, code: 500, msg: `job handler [${run.handler}] not found.` })
      return
    }
    const outcome = await runHandler(handler, ctx)
    post({ type: 'result', requestId, code: outcome.code, msg: outcome.msg })
  } catch (error) {
    post({ type: 'error', requestId, error: toThreadError(error) })
  } finally {
    current = null
  }
}

function postLog(requestId: number, where: string, line: number, text: string): void {
  post({ type: 'log', requestId, where, line, text })
}

function post(message: RunnerToHost): void {
  port!.postMessage(message)
}
