import { existsSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { JobDeskApi } from '../../shared/api'
import { EMBEDDED_APP_NAME } from '../../shared/model'
import { failureReason } from '../../shared/failure-reason'
import { RunWriter } from '../completion/run-writer'
import type { RunCompletion } from '../store/run-repo'
import type { CallbackSink } from '../executor/executor-api'
import { createExecutor, type Executor, type ExecutorOptions } from '../executor'
import { runPeriodically, systemClock, type Clock } from '../kernel/clock'
import { consoleLogger, type Logger } from '../kernel/logger'
import { spawnWorker as defaultSpawnWorker, type SpawnWorker } from '../kernel/spawn-worker'
import { DEFAULT_REGISTRY_TIMINGS, type RegistryTimings } from '../registry/health'
import { RegistryService } from '../registry/registry-service'
import { nextFireTimeMs } from '../schedule'
import { Scheduler } from '../scheduler/scheduler'
import { Checkpointer } from '../store/checkpointer'
import { openDatabase } from '../store/open-database'
import { Store } from '../store/store'
import { EMBEDDED_ADDRESS, ExecutorDirectory } from '../trigger/executor-directory'
import { createRouters } from '../trigger/routing'
import { triggerRun } from '../trigger/trigger-run'
import { TriggerPool } from '../trigger/trigger-pool'
import { OutcomeWaiters } from '../trigger/outcome-waiters'
import { databaseFile, handlerDir, runLogDir } from './data-dir'
import { EventHub } from './events'
import { createFacade } from './facade'
import { JobService } from './job-service'
import { RunLogs } from './run-logs'
import { ensureEmbeddedGroup, seedDemoJobs } from './seed-demo'
import { AlarmService } from './alarm-service'
import { GroupService } from './group-service'
import { ImportService } from './import-service'
import { markInstance } from './instance-marks'
import { LinkService } from './link-service'
import { RunControl } from './run-control'
import { checkToken, SettingsService, type ListenDefaults } from './settings-service'
import { DEFAULT_MONITOR_TIMINGS, startMonitors, type MonitorTimings, type Monitors } from './monitors'
import { TriggerService } from './trigger-service'
import { resolveConsoleToken } from './console-token'
import { ExecutorRegistration } from './executor-registration'
import { RemoteExecutors } from './remote-executors'
import { createAdminApi } from '../net/admin-api'
import { createOpenApi, isOpenApiMethod } from '../net/open-api'
import { RateLimit } from '../net/rate-limit'

export interface CoreOptions {
  dataDir: string
  clock?: Clock
  logger?: Logger
  spawnWorker?: SpawnWorker
  /** better-sqlite3 built for Electron's ABI (toolchain.md); plain Node leaves it unset. */
  nativeBinding?: string
  /** The desktop app (default) or headless mode, as the settings show it. */
  mode?: 'desktop' | 'headless'
  /** Headless mode: `--console-token` / `JOBDESK_CONSOLE_TOKEN`; default: stored or generated at first start. */
  consoleToken?: string
  /** Seed the demo jobs on first start (default true). */
  seedDemo?: boolean
  /** Run the embedded executor (default true). */
  embeddedExecutor?: boolean
  registryTimings?: RegistryTimings
  scanBatchSize?: number
  /** Milliseconds a graceful stop waits for running runs before killing them (default 5000). */
  shutdownGraceMs?: number
  /** The global executor access token (`--token` / `JOBDESK_ACCESS_TOKEN`); default: stored or generated. */
  accessToken?: string
  /** Where the admin server listens, as shown in the settings. */
  listen?: ListenDefaults
  /** Completion monitor periods and thresholds (tests shorten them). */
  monitorTimings?: Partial<MonitorTimings>
  /** Settings for the embedded executor beyond the ones the core decides (handler folders, limits). */
  executorOptions?: Pick<ExecutorOptions, 'handlerDirs' | 'httpAllowPrefixes' | 'maxWorkers' | 'logRetentionDays' | 'idleRunnerExitMs'>
}

export type CoreState = 'starting' | 'running' | 'draining' | 'stopped'

export interface Core {
  readonly api: JobDeskApi
  /** The executor-facing API and job OpenAPI, to mount on the admin's HTTP server. */
  readonly adminApi: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>
  readonly events: EventHub
  readonly store: Store
  readonly scheduler: Scheduler
  readonly executor: Executor | null
  readonly settings: SettingsService
  readonly registry: RegistryService
  /** Headless mode: the browser console's token; null in the desktop app. */
  readonly consoleToken: string | null
  /** Completes runs as the embedded executor's callbacks do (batched with other run writes). */
  completeRuns(completions: RunCompletion[]): Promise<void>
  /** Run-write transactions so far and the rows in them (trigger outcomes, completions). */
  writerStats(): { transactions: number; outcomes: number; completions: number }
  state(): CoreState
  /** Drains: no new fires, triggers in flight finish, the embedded executor stops gracefully. */
  stop(): Promise<void>
}

/** The composition root: opens the store and wires scheduler, trigger pool, executors, monitors and API. */
export async function startCore(options: CoreOptions): Promise<Core> {
  const clock = options.clock ?? systemClock
  const logger = options.logger ?? consoleLogger('core')
  const nowMs = () => clock.nowMs()
  const timings = options.registryTimings ?? DEFAULT_REGISTRY_TIMINGS
  let state: CoreState = 'starting'
  // Checked before anything is opened, so a bad flag fails start-up without leaving files open.
  if (options.accessToken !== undefined) checkToken(options.accessToken, '--token')

  const store = new Store(openDatabase(databaseFile(options.dataDir), { nativeBinding: options.nativeBinding }))
  const checkpointer = new Checkpointer(
    store.db,
    options.spawnWorker ?? defaultSpawnWorker,
    { file: databaseFile(options.dataDir), nativeBinding: options.nativeBinding, periodMs: 1000 },
    logger,
  )
  const instance = markInstance(options.dataDir)
  if (instance.othersAlive) logger.warn('another JobDesk process is using this data folder; its embedded runs are left to it')
  const events = new EventHub((ids) => store.runs.getMany(ids))
  let monitors: Monitors | null = null
  const writer = new RunWriter({
    store,
    logger,
    onFlush: (result) => {
      events.runsChanged([...result.triggeredIds, ...result.completedIds])
      monitors?.onFlush(result)
    },
  })

  const alarms = new AlarmService(store, {
    logger,
    clock,
    onDesktop: (facts) =>
      events.emit({ type: 'alarm', logId: facts.logId, jobId: facts.jobId, jobName: facts.jobName, handleMsg: facts.handleMsg, reason: failureReason(facts) }),
  })
  const consoleToken = options.mode === 'headless' ? resolveConsoleToken(store, options.consoleToken) : null
  const settings = new SettingsService(store, alarms, options.listen ?? { host: '127.0.0.1', port: 8080 }, options.accessToken, {
    mode: options.mode ?? 'desktop',
    consoleToken,
    logFile: '',
  })
  const registryChanged = () => events.emit({ type: 'registry-changed', entries: registry.entries(nowMs()) })
  const registry = new RegistryService(store, timings, registryChanged)

  const executor = options.embeddedExecutor === false ? null : embeddedExecutor(options, writer, clock, logger)
  const remote = new RemoteExecutors(store, () => settings.accessToken())
  const executors = new ExecutorDirectory(executor, (address, group) => remote.forAddress(address, group))
  const routers = createRouters()
  const triggerOutcomes = new OutcomeWaiters(clock)
  const pool = new TriggerPool({
    trigger: (run) => triggerRun(run, { routers, executors, nowMs }),
    record: (outcome) => {
      if (outcome.triggerCode === 200) runLogs.noteTriggered(outcome.logId, outcome.executorAddress)
      triggerOutcomes.note(outcome)
      void writer.recordOutcome(outcome).catch(() => {})
    },
    nowMs,
    logger,
  })
  const triggers = new TriggerService(store, pool, nowMs, logger, (runs) => events.runsChanged(runs.map((r) => r.logId)))
  const scheduler = new Scheduler({
    store,
    clock,
    nextFire: nextFireTimeMs,
    fire: (fires) => triggers.fireScheduled(fires),
    logger,
    scanBatchSize: options.scanBatchSize,
    onMisfire: (misfires) => {
      for (const m of misfires) events.emit({ type: 'misfire', jobId: m.jobId, missedCount: m.missedTimesMs.length, strategy: m.strategy })
    },
  })
  const jobs = new JobService(store, nowMs)
  const links = new LinkService(store)
  const runLogs = new RunLogs(store, executors, executor ? (request, listener) => executor.watchLog(request, listener) : null, events, clock, logger)

  const embeddedGroupId = ensureEmbeddedGroup(store, nowMs())
  if (executor) registry.beat(EMBEDDED_APP_NAME, EMBEDDED_ADDRESS, nowMs())
  if (options.seedDemo !== false) seedDemoJobs(store, jobs, embeddedGroupId, localTimezone())

  const stopLoops = new AbortController()
  const logError = (what: string) => (error: unknown) => logger.error(what, { error: (error as Error).message })
  const loops = [
    runPeriodically(clock, timings.sweepPeriodMs, stopLoops.signal, () => void registry.sweep(nowMs()), logError('registry sweep failed')),
  ]
  // The embedded executor beats in-process like a LAN executor would, so health and lost-run
  // detection treat it alike.
  if (executor) {
    const beat = () => void registry.beat(EMBEDDED_APP_NAME, EMBEDDED_ADDRESS, nowMs())
    loops.push(runPeriodically(clock, timings.beatIntervalMs, stopLoops.signal, beat, logError('embedded beat failed')))
  }
  monitors = startMonitors({
    store,
    writer,
    clock,
    logger,
    trigger: (request) => triggers.trigger(request),
    sendAlarm: (run) => alarms.sendFor(run),
    retentionDays: () => settings.logRetentionDays(),
    timings: { ...DEFAULT_MONITOR_TIMINGS, ...options.monitorTimings },
    recoverEmbeddedRuns: !instance.othersAlive,
    keepLogs: (runs) => runLogs.archiveLater(runs),
  })

  const api = createFacade({
    store,
    jobs,
    triggers,
    triggerOutcomes,
    scheduler,
    registry,
    groups: new GroupService(store, nowMs, (appName) => registry.refreshGroup(appName, nowMs())),
    links,
    imports: new ImportService(store, jobs, nowMs),
    runControl: new RunControl(store, executors, writer, nowMs),
    runLogs,
    settings,
    alarms,
    events,
    nowMs,
  })
  const registration = new ExecutorRegistration(store, registry, writer, nowMs)
  const adminApi = createAdminApi({
    globalToken: () => settings.accessToken(),
    findGroup: (appName) => store.groups.findByAppName(appName),
    register: (caller, param) => registration.register(caller, param),
    registryRemove: (caller, param) => registration.remove(caller, param),
    callback: (caller, batch) => registration.callback(caller, batch),
    openApi: createOpenApi({ api, setChildJobIds: (id, text) => links.replaceSuccessChildren(id, text), defaultTimezone: localTimezone() }),
    isOpenApiMethod,
    rateLimit: new RateLimit(100, 30_000),
    nowMs,
    logger,
  })

  scheduler.start()
  state = 'running'
  logger.info('core running', { dataDir: options.dataDir })

  return {
    api,
    adminApi,
    events,
    store,
    scheduler,
    executor,
    settings,
    registry,
    consoleToken,
    writerStats: () => writer.stats(),
    completeRuns: (completions) => writer.complete(completions),
    state: () => state,
    async stop() {
      if (state !== 'running') return
      state = 'draining'
      await scheduler.stop()
      await pool.idle()
      stopLoops.abort()
      await Promise.all(loops)
      await monitors?.stop()
      if (executor) {
        registry.remove(EMBEDDED_APP_NAME, EMBEDDED_ADDRESS, nowMs())
        await executor.stop()
      }
      writer.flush(true)
      await alarms.close()
      runLogs.close()
      events.close()
      await checkpointer.stop()
      store.close()
      instance.release()
      state = 'stopped'
    },
  }
}

function embeddedExecutor(options: CoreOptions, writer: RunWriter, clock: Clock, logger: Logger): Executor {
  const callbackSink: CallbackSink = (batch) =>
    writer.complete(batch.map((c) => ({ logId: c.logId, handleCode: c.handleCode, handleMsg: c.handleMsg ?? '', handleTimeMs: clock.nowMs() })))
  return createExecutor({
    logDir: runLogDir(options.dataDir),
    callbackSink,
    spawnWorker: options.spawnWorker ?? defaultSpawnWorker,
    clock,
    enableScripts: true,
    // The operator's own machine: http jobs may call any URL unless the settings narrow it.
    httpAllowPrefixes: 'any',
    // One run-log file per run costs ~0.5-1 ms of CPU on a typical disk (file creation), which
    // 10k runs/s cannot afford; short runs are packed into day segments instead (see run-log/packed).
    runLogLayout: 'packed',
    // Completion commits every ~10 ms in-process, so larger batches than XXL-JOB's HTTP 50 keep up.
    callbackBatchMax: 1000,
    logger,
    shutdownGraceMs: options.shutdownGraceMs,
    ...options.executorOptions,
    // `<data-dir>/handlers` is always a handler folder (when it exists), beside any given ones.
    handlerDirs: [...(options.executorOptions?.handlerDirs ?? []), handlerDir(options.dataDir)].filter((dir) => existsSync(dir)),
  })
}

function localTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}
