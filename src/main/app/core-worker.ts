import { parentPort, workerData } from 'node:worker_threads'
import type { ApiMethod } from '../../shared/api'
import { toErrorInfo } from '../../shared/errors'
import type { IpcResult } from '../../shared/ipc'
import { apiCallSchema } from '../../shared/schema/api-args'
import { createFileLogger } from '../kernel/file-logger'
import { consoleLogger } from '../kernel/logger'
import type { CoreMessage, CoreRequest, CoreWorkerData } from './core-messages'
import { networkInterfaces } from 'node:os'
import { defaultRegistryAddress } from '../net/advertised-address'
import { listen } from '../net/http-server'
import { startCore, type Core } from './core'

/**
 * The core in a worker thread (desktop app): owns SQLite, the scheduler and the embedded executor, so
 * the Electron main thread stays free for windows and IPC. One switch over typed messages.
 */
const port = parentPort!
const data = workerData as CoreWorkerData
const post = (message: CoreMessage) => port.postMessage(message)
let stopServer: () => Promise<void> = () => Promise.resolve()

// The log file in the data folder, and the terminal the desktop app was started from (if any).
const logFile = createFileLogger({ dir: data.dataDir, alsoTo: consoleLogger('core') })
const logger = logFile.logger
// The desktop app listens on all interfaces by default so LAN executors can register.
const listenDefaults = { host: '0.0.0.0', port: 8080 }
startCore({
  dataDir: data.dataDir,
  nativeBinding: data.nativeBinding,
  seedDemo: data.seedDemo,
  secretsKey: data.secretsKey,
  logger,
  logFile: logFile.file,
  listen: listenDefaults,
}).then(
  async (core) => {
    core.events.subscribe((event) => post({ type: 'event', event }))
    const { listenHost, listenPort } = core.settings.get()
    const server = await listen(listenHost, listenPort, [core.adminApi], []).catch((error: Error) => {
      // The desktop still works without LAN executors; the Settings page shows where it should listen.
      logger.error('the admin API is not listening', { error: error.message })
      return null
    })
    stopServer = () => server?.close() ?? Promise.resolve()
    if (server) await core.setAdminUrl(defaultRegistryAddress(listenHost, server.port, networkInterfaces()))
    port.on('message', (request: CoreRequest) => handle(core, request))
    post({ type: 'ready' })
  },
  (error) => {
    logger.error('the core did not start', { error: (error as Error).message })
    post({ type: 'fatal', error: toErrorInfo(error) })
  },
)

function handle(core: Core, request: CoreRequest): void {
  switch (request.type) {
    case 'call':
      void call(core, request.method, request.args).then((result) => post({ type: 'result', requestId: request.requestId, result }))
      return
    case 'stop':
      void stopServer()
        .then(() => core.stop())
        .then(() => logFile.close())
        .then(() => post({ type: 'stopped', requestId: request.requestId }))
      return
  }
}

async function call(core: Core, method: ApiMethod, args: unknown[]): Promise<IpcResult> {
  if (!apiCallSchema.safeParse({ method, args }).success) {
    return { ok: false, error: { name: 'Error', message: `unknown call ${String(method).slice(0, 64)}` } }
  }
  try {
    const fn = core.api[method] as (...a: unknown[]) => Promise<unknown>
    return { ok: true, value: await fn(...args) }
  } catch (error) {
    return { ok: false, error: toErrorInfo(error) }
  }
}
