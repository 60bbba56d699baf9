import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { networkInterfaces } from 'node:os'
import { createExecutor, type Executor, type ExecutorOptions } from '../executor'
import { systemClock, type Clock } from '../kernel/clock'
import { silentLogger, type Logger } from '../kernel/logger'
import { spawnWorker } from '../kernel/spawn-worker'
import { createAdminClient } from '../net/admin-client'
import { startExecutorServer, type ExecutorServer } from '../net/executor-server'
import { startRegistryBeat, type BeatOutcome } from '../net/registry-beat'
import { Agent } from 'undici'
import { CONNECTIONS_PER_ORIGIN } from '../net/wire/post-json'
import { createAdminCallbackSink } from './admin-callback-sink'
import { artifactUploader } from './artifact-upload'
import type { AgentConfig } from './agent-args'
import { makeLogPathPrivate } from './private-log-path'
import { defaultRegistryAddress } from '../net/advertised-address'
import { JOBDESK_VERSION } from '../../shared/version'

/**
 * The LAN executor agent: the executor core behind the XXL-JOB executor server, registered with the
 * admin(s) by the registry beat, reporting runs through the admin client.
 */
export interface AgentDeps {
  clock?: Clock
  logger?: Logger
  /** Default: the real core. Tests may pass another. */
  createExecutor?: (options: ExecutorOptions) => Executor
  /** Default FINAL_LOG_PULL_GRACE_MS; tests against a stub admin, which pulls no logs, pass 0. */
  finalLogPullGraceMs?: number
}

export interface RunningAgent {
  /** The bound port (the configured one, or the picked one for port 0). */
  readonly port: number
  readonly host: string
  /** The address registered with the admin. */
  readonly address: string
  /** Resolves with the outcome of the registration at start. */
  readonly firstBeat: Promise<BeatOutcome>
  /**
   * registryRemove first (so admins stop routing here), then the executor's graceful stop (running
   * runs killed, queued ones reported not executed, callbacks delivered or spooled), then the server,
   * up to FINAL_LOG_PULL_GRACE_MS after the last callback so the admin can copy those runs' logs.
   */
  stop(): Promise<void>
}

/**
 * How long a stopping agent goes on answering /log after its last callback was accepted. A JobDesk
 * admin takes its final copy of a run's log 2 s after the callback (RunLogKeeper's
 * FINAL_PULL_DELAY_MS), for the line the executor writes once the callback is accepted ("callback
 * finish"); an agent stopped right after its runs ended (SIGTERM kills them, reports them, stops)
 * was gone by then, and the admin's copy lacked that last line. 2 s more than the admin waits, for a
 * loaded machine. A stop with no callback in the last 4 s does not wait at all.
 */
export const FINAL_LOG_PULL_GRACE_MS = 4000

export async function startAgent(config: AgentConfig, deps: AgentDeps = {}): Promise<RunningAgent> {
  const logger = deps.logger ?? silentLogger
  const clock = deps.clock ?? systemClock
  // The agent's own connection pool, closed on stop: the shared one may serve an admin in the same
  // process (tests, or an agent embedded in another program).
  const dispatcher = new Agent({ connections: CONNECTIONS_PER_ORIGIN })
  const adminClient = createAdminClient({
    adminAddresses: config.adminAddresses,
    accessToken: config.accessToken,
    appName: config.appName,
    generation: config.adminGeneration,
    dispatcher,
  })
  makeLogPathPrivate(config.logPath)
  const sink = createAdminCallbackSink(adminClient)
  // Real time, whatever clock the executor runs on: the admin's pull comes in real time.
  let lastCallbackAtMs = Number.NEGATIVE_INFINITY
  const graceMs = deps.finalLogPullGraceMs ?? FINAL_LOG_PULL_GRACE_MS
  const executor = (deps.createExecutor ?? createExecutor)({
    logDir: config.logPath,
    callbackSink: async (batch) => {
      await sink(batch)
      lastCallbackAtMs = systemClock.nowMs()
    },
    spawnWorker,
    clock: deps.clock,
    enableScripts: config.enableScripts,
    nodeInterpreter: config.nodeInterpreter,
    handlerDirs: config.handlerDirs,
    httpAllowPrefixes: config.httpAllowPrefixes,
    logRetentionDays: config.logRetentionDays,
    callbackRetryMs: config.callbackRetryMs,
    runLogLayout: config.runLogLayout,
    // Each run's folder; what is left there at the end is uploaded, as the run, before its callback.
    artifacts: {
      root: emptyArtifactFolders(config.logPath),
      keep: artifactUploader({ adminUrls: adminClient.adminUrls, accessToken: config.accessToken, appName: config.appName, dispatcher }),
    },
    logger,
  })

  let server: ExecutorServer
  try {
    server = await startExecutorServer({
      executor,
      credentials: { accessToken: config.accessToken, appName: config.appName },
      generation: config.adminGeneration,
      host: config.host,
      port: config.port,
      // An address registered with a path (e.g. http://host:9999/job/) is served under that path too.
      pathPrefix: config.address === null ? undefined : new URL(config.address).pathname,
      logger,
    })
  } catch (error) {
    await executor.stop()
    await dispatcher.close()
    throw error
  }

  const address = config.address ?? defaultRegistryAddress(config.host, server.port, networkInterfaces())
  // The first registration already names the handlers of the handler folders.
  await executor.handlersReady()
  const beat = startRegistryBeat({
    adminClient,
    appName: config.appName,
    address,
    clock,
    beatIntervalMs: config.beatIntervalMs,
    logger,
    describe: () => ({ version: JOBDESK_VERSION, handlers: executor.handlerNames(), scripts: config.enableScripts }),
  })

  let stopping: Promise<void> | null = null
  return {
    port: server.port,
    host: server.host,
    address,
    firstBeat: beat.firstBeat,
    stop() {
      stopping ??= (async () => {
        await beat.stop()
        await executor.stop()
        const lingerMs = lastCallbackAtMs + graceMs - systemClock.nowMs()
        if (lingerMs > 0) await systemClock.sleep(lingerMs)
        await server.close()
        await dispatcher.close()
      })()
      return stopping
    },
  }
}

/** `<log path>/artifacts`: the runs' folders; those of an earlier process are of runs that ended with it. */
function emptyArtifactFolders(logPath: string): string {
  const root = join(logPath, 'artifacts')
  rmSync(root, { recursive: true, force: true })
  mkdirSync(root, { recursive: true, mode: 0o700 })
  return root
}
