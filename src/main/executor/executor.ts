import { describeError, ValidationError } from '../../shared/errors'
import type { LogPage } from '../../shared/model'
import { systemClock } from '../kernel/clock'
import { silentLogger } from '../kernel/logger'
import { CallbackQueue } from './callback/callback-queue'
import { runCallbackRetryLoop } from './callback/callback-retry'
import { CallbackSpool } from './callback/callback-spool'
import { failure, SUCCESS, type ExecutorReply, type HandleCallback, type LogRequest, type TriggerParam } from './executor-api'
import type { Executor, ExecutorOptions, ExecutorState, ExecutorStatus } from './executor-types'
import { AGENT_SCRIPTS_HINT, ALREADY_KILLED_MSG, BUSY_MSG, KILL_REASON, STOP_REASON, STOPPING_MSG } from './executor-texts'
import { BUILTIN_HANDLER_NAMES } from './handlers/builtin-handlers'
import { watchHandlerDirs } from './handlers/watch-handler-dirs'
import { parseAllowList } from './handlers/http-allowlist'
import { JobLanes } from './lane/job-lanes'
import { RunArtifacts } from './lane/run-artifacts'
import { RunnerPool } from './runner/runner-pool'
import { FileRunLogStore } from './run-log/file-run-log-store'
import { FRAME, formatLogLine } from './run-log/log-format'
import { DEFAULT_RUN_LOG_RETENTION_DAYS, runLogRetentionLoop } from './run-log/log-retention'
import { LogWatchers } from './run-log/log-watchers'
import { PackedRunLogStore } from './run-log/packed/packed-run-log-store'
import { missingLogPage } from './run-log/run-log-reader'
import type { RunLog, RunLogStore } from './run-log/run-log-store'
import { checkGlue } from './trigger-check'
import { readTriggerParam } from './executor-schemas'
import { resolve } from 'node:path'
import { maskedCallback, MaskingRunLogStore } from './run-log/masking-run-log-store'
import { maskerFor, NO_MASK, type Masker } from '../secrets/mask'

/**
 * The executor: XXL-JOB's ExecutorBiz semantics over job lanes, runner worker threads and script
 * processes, with run logs (one file per run, or packed: `runLogLayout`), a callback queue with an
 * on-disk spool, and live log tails.
 * The embedded executor is this object; the executor agent wraps it in an HTTP server.
 */
export function createExecutor(input: ExecutorOptions): Executor {
  const options = { ...input, logDir: resolve(input.logDir) }
  parseAllowList(options.httpAllowPrefixes ?? [])
  const clock = options.clock ?? systemClock
  const logger = options.logger ?? silentLogger
  const idleRunnerExitMs = options.idleRunnerExitMs ?? 90_000
  const handlerDirs = options.handlerDirs ?? []
  let state: ExecutorState = 'running'
  let stopping: Promise<void> | null = null
  const loops = new AbortController()

  let handlerNames = new Set<string>(BUILTIN_HANDLER_NAMES)
  let catalogReady: Promise<void> | null = null
  let resolveCatalog = (): void => {}
  const awaitCatalog = () => {
    if (handlerDirs.length > 0) catalogReady = new Promise((resolve) => (resolveCatalog = resolve))
  }
  awaitCatalog()

  const watchers = new LogWatchers((logId, logDateTimeMs, fromLineNum) => logs.read(logId, logDateTimeMs, fromLineNum), logger)
  const onLogChanged = (logId: number): void => watchers.notify(logId)
  const stored: RunLogStore =
    options.runLogLayout === 'packed'
      ? new PackedRunLogStore({ logDir: options.logDir, clock, logger, onChanged: onLogChanged, spillAfterMs: options.runLogSpillAfterMs })
      : new FileRunLogStore(options.logDir, logger, onLogChanged)
  // Secret values never reach a log file: every write passes the masker first (a no-op without
  // secrets). The embedded executor is given the store's masker; an agent masks each run with the
  // values its request names (maskValues), kept until the run's callback line is written.
  const runMasks = new Map<number, Masker>()
  const masks = options.masks ?? ((logId: number) => runMasks.get(logId) ?? NO_MASK)
  const logs: RunLogStore = new MaskingRunLogStore(stored, masks)
  const pool = new RunnerPool({
    spawnWorker: options.spawnWorker,
    config: { handlerDirs, httpAllowPrefixes: options.httpAllowPrefixes ?? [], artifactsRoot: options.artifacts && resolve(options.artifacts.root) },
    maxWorkers: options.maxWorkers ?? 64,
    clock,
    logger,
    onCatalog(names) {
      if (names) {
        handlerNames = new Set([...BUILTIN_HANDLER_NAMES, ...names])
        const own = names.filter((name) => !BUILTIN_HANDLER_NAMES.includes(name))
        if (handlerDirs.length > 0) logger.info('job handlers loaded', { dirs: handlerDirs, handlers: own })
      } else {
        logger.error('the first runner worker died before loading the handler directories; only built-in handlers are known')
      }
      catalogReady = null
      resolveCatalog()
    },
  })

  /** Run logs kept open until their callback line is written, by logId. */
  const awaitingCallback = new Map<number, RunLog>()
  const spool = new CallbackSpool(options.logDir)
  const appendCallbackLine = (batch: readonly HandleCallback[], text: string): void => {
    const line = formatLogLine(clock.nowMs(), FRAME.callbackWhere, 0, FRAME.callbackThread, text)
    for (const item of batch) {
      const open = awaitingCallback.get(item.logId)
      awaitingCallback.delete(item.logId)
      const log = open ?? logs.open(item.logId, item.logDateTime)
      logs.append(log, line)
      logs.close(log)
      runMasks.delete(item.logId)
    }
  }
  const callbacks = new CallbackQueue({
    sink: options.callbackSink,
    batchMax: options.callbackBatchMax,
    maxInFlight: options.callbackMaxInFlight,
    spool,
    logger,
    onDelivered: (batch) => appendCallbackLine(batch, FRAME.callbackFinish),
    onFailed: (batch, reason) => appendCallbackLine(batch, FRAME.callbackFail(reason)),
  })
  const lanes = new JobLanes({
    logDir: options.logDir,
    pool,
    logs,
    clock,
    logger,
    killGraceMs: options.killGraceMs ?? 500,
    nodeInterpreter: options.nodeInterpreter,
    artifacts: options.artifacts && new RunArtifacts(resolve(options.artifacts.root), options.artifacts.keep),
    onFinished(callback, log) {
      awaitingCallback.set(callback.logId, log)
      callbacks.push(maskedCallback(callback, masks(callback.logId)))
    },
  })

  const warmUp = () => {
    if (handlerDirs.length > 0 && state === 'running') pool.warmUp()
  }
  if (!options.deferWarmUp) warmUp()
  // A module dropped into (or changed in) a handler folder is picked up without a restart.
  const stopWatching = watchHandlerDirs(handlerDirs, clock, logger, () => {
    if (state !== 'running') return
    logger.info('a handler folder changed; reloading its modules', { dirs: handlerDirs })
    awaitCatalog()
    pool.reloadHandlers()
  })
  const background = [
    runCallbackRetryLoop({
      spool,
      sink: options.callbackSink,
      clock,
      intervalMs: options.callbackRetryMs ?? 30_000,
      logger,
      signal: loops.signal,
      onDelivered: (batch) => appendCallbackLine(batch, FRAME.callbackFinish),
    }),
    runLogRetentionLoop({
      logDir: options.logDir,
      retentionDays: retentionDaysOf(options.logRetentionDays),
      clock,
      logger,
      signal: loops.signal,
      onExpired: (dirs) => logs.forgetDays(dirs),
    }),
    runIdleSweep(),
  ]

  /** Idle runner workers go after idleRunnerExitMs; job lanes need no sweep (they go once idle). */
  async function runIdleSweep(): Promise<void> {
    // A third of the limit keeps the overshoot under ~33 %; capped by the clock's longest sleep.
    const periodMs = Math.max(10, Math.floor(idleRunnerExitMs / 3))
    while (!loops.signal.aborted) {
      await clock.sleep(periodMs, loops.signal)
      if (loops.signal.aborted) return
      const workerCount = pool.sweepIdle(clock.nowMs(), idleRunnerExitMs)
      if (workerCount > 0) logger.debug('excutor idle times over limit.', { workers: workerCount })
    }
  }

  async function run(input: TriggerParam): Promise<ExecutorReply> {
    if (state !== 'running') return failure(STOPPING_MSG)
    let param: TriggerParam
    try {
      param = readTriggerParam(input, 'triggerParam')
    } catch (error) {
      if (error instanceof ValidationError) return failure(`invalid trigger param, ${describeError(error)}`)
      throw error
    }
    if (param.glueType === 'BEAN' && !handlerNames.has(param.executorHandler) && catalogReady) {
      // The catalog comes from a runner thread: a deferred warm-up must not leave this run waiting.
      warmUp()
      await catalogReady
    }
    const scriptsEnabled = typeof options.enableScripts === 'function' ? options.enableScripts() : options.enableScripts
    const refusal = checkGlue(param, { enabled: scriptsEnabled, hint: options.enableScriptsHint ?? AGENT_SCRIPTS_HINT }, handlerNames)
    if (refusal) return failure(refusal)
    if (state !== 'running') return failure(STOPPING_MSG)
    if (param.maskValues && param.maskValues.length > 0) runMasks.set(param.logId, maskerFor(param.maskValues))
    const blocked = lanes.trigger(param)
    return blocked === null ? SUCCESS : failure(blocked)
  }

  async function kill(jobId: number): Promise<ExecutorReply> {
    const lane = lanes.get(jobId)
    if (!lane) return { code: 200, msg: ALREADY_KILLED_MSG, data: ALREADY_KILLED_MSG }
    lanes.remove(lane, KILL_REASON)
    return SUCCESS
  }

  async function idleBeat(jobId: number): Promise<ExecutorReply> {
    return lanes.get(jobId)?.busy ? failure(BUSY_MSG) : SUCCESS
  }

  async function log(request: LogRequest): Promise<ExecutorReply<LogPage>> {
    const problem = checkLogRequest(request)
    if (problem) return failure(problem) as ExecutorReply<LogPage>
    const page = await logs.read(request.logId, request.logDateTime, request.fromLineNum)
    return { code: 200, msg: null, data: page ?? missingLogPage(request.fromLineNum) }
  }

  function watchLog(request: LogRequest, listener: (page: LogPage) => void): () => void {
    const problem = checkLogRequest(request)
    if (problem) throw new ValidationError('request', problem)
    return watchers.watch(request, listener)
  }

  async function drainAndStop(): Promise<void> {
    state = 'draining'
    lanes.dropAllQueued(STOP_REASON)
    const graceEnd = new AbortController()
    const deadline = clock.sleep(options.shutdownGraceMs ?? 5000, graceEnd.signal)
    let timedOut = false
    void deadline.then(() => (timedOut = true))
    while (lanes.runningCount() > 0 && !timedOut) await Promise.race([lanes.whenRunEnds(), deadline])
    graceEnd.abort()
    lanes.removeAll(STOP_REASON)
    await lanes.artifactsSettled()
    await callbacks.drain()
    loops.abort()
    await Promise.all(background)
    await logs.drain()
    stopWatching()
    await pool.close()
    state = 'stopped'
  }

  return {
    handlerNames: () => [...handlerNames].sort(),
    warmUp,
    handlersReady: async () => {
      if (catalogReady) await catalogReady
    },
    beat: async () => SUCCESS,
    idleBeat,
    run,
    kill,
    log,
    watchLog,
    stop() {
      stopping ??= drainAndStop()
      return stopping
    },
    pendingCallbacks: () => callbacks.pendingCount,
    status(): ExecutorStatus {
      const runningJobIds: number[] = []
      let queuedCount = 0
      for (const lane of lanes.all()) {
        if (lane.running) runningJobIds.push(lane.jobId)
        queuedCount += lane.queue.length
      }
      return { runningJobIds: runningJobIds.sort((a, b) => a - b), queuedCount, workerCount: pool.size, laneCount: lanes.size }
    },
  }
}

/** The retention as a getter: a fixed number (the agent's flag) or the core's live setting. */
function retentionDaysOf(option: ExecutorOptions['logRetentionDays']): () => number {
  if (typeof option === 'function') return option
  const days = option ?? DEFAULT_RUN_LOG_RETENTION_DAYS
  return () => days
}

function checkLogRequest(request: LogRequest): string | null {
  for (const field of ['logId', 'logDateTime', 'fromLineNum'] as const) {
    const value = (request as unknown as Record<string, unknown>)?.[field]
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return `invalid log request, ${field}: must be an integer`
  }
  return null
}
