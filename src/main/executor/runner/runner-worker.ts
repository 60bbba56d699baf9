import { parentPort, workerData } from 'node:worker_threads'
import { builtinHandlers } from '../handlers/builtin-handlers'
import type { JobHandler } from '../handlers/handler-contract'
import { loadHandlerDirs } from '../handlers/load-handler-dirs'
import { runHandler } from './run-handler'
import { toThreadError, type HostToRunner, type RunnerConfig, type RunnerToHost, type RunRequest } from './runner-protocol'

/**
 * Runner worker entry ('job-runner' in spawn-worker.ts): runs one job run at a time for the executor
 * host. Being its own thread is what makes kill real: the host terminates the thread, and with it
 * whatever the handler was doing.
 */
const port = parentPort
if (!port) throw new Error('runner-worker must run as a worker thread')
const config = workerData as RunnerConfig

const builtins = builtinHandlers(config.httpAllowPrefixes)
const ready: Promise<Record<string, JobHandler>> = loadHandlerDirs(config.handlerDirs, new Set(Object.keys(builtins))).then(
  ({ handlers, problems }) => {
    const all = { ...builtins, ...handlers }
    post({ type: 'ready', handlerNames: Object.keys(all), problems })
    return all
  },
)
const aborts = new Map<number, AbortController>()

port.on('message', (message: HostToRunner) => {
  switch (message.type) {
    case 'run':
      void execute(message.requestId, message.run)
      break
    case 'abort':
      aborts.get(message.requestId)?.abort(new Error('run aborted by the executor'))
      break
  }
})

async function execute(requestId: number, run: RunRequest): Promise<void> {
  const controller = new AbortController()
  aborts.set(requestId, controller)
  try {
    const handlers = await ready
    const handler = handlers[run.handler]
    if (!handler) {
      post({ type: 'result', requestId, code: 500, msg: `job handler [${run.handler}] not found.` })
      return
    }
    const outcome = await runHandler(handler, run, controller.signal, (where, line, text) =>
      post({ type: 'log', requestId, where, line, text }),
    )
    post({ type: 'result', requestId, code: outcome.code, msg: outcome.msg })
  } catch (error) {
    post({ type: 'error', requestId, error: toThreadError(error) })
  } finally {
    aborts.delete(requestId)
  }
}

function post(message: RunnerToHost): void {
  port!.postMessage(message)
}
