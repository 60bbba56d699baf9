import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { JobDeskApi } from '../../shared/api'
import { ValidationError } from '../../shared/errors'
import { failureReason } from '../../shared/failure-reason'
import { EMBEDDED_APP_NAME, type ExecutorInfo, type HandlerCatalog, type JobGroup } from '../../shared/model'
import { JOBDESK_VERSION } from '../../shared/version'
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
import { embeddedAddressOf, ExecutorDirectory } from '../trigger/executor-directory'
import { createRouters } from '../trigger/routing'
import { triggerRun } from '../trigger/trigger-run'
import { TriggerPool } from '../trigger/trigger-pool'
import { OutcomeWaiters } from '../trigger/outcome-waiters'
import { databaseFile, handlerDir, runLogDir } from './data-dir'
import { EventHub } from './events'
import { createFacade } from './facade'
import { JobService } from './job-service'
import { RunLogKeeper } from './run-log-keeper'
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

export interface CoreOptions {
  dataDir: string
  clock?: Clock
  logger?: Logger
  /** The file `logger` writes to (kernel/file-logger.ts), shown in Settings; none in tests. */
  logFile?: string
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
  /** The OpenAPI's token (`--api-token` / `JOBDESK_API_TOKEN`); default: stored or generated. */
  apiToken?: string
  /** `--enable-scripts`: the embedded executor runs script jobs whatever the setting says. */
  enableScripts?: boolean
  /** Where the admin server listens, as shown in the settings. */
  listen?: ListenDefaults
  /** Completion monitor periods and thresholds (tests shorten them). */
  monitorTimings?: Partial<MonitorTimings>
  /**
   * Share of each retry backoff added as jitter, 0-1 (`--retry-jitter`): spreads the retries of runs
   * that failed together. Default 0.1; 0 retries exactly on the interval.
   */
  retryJitterRatio?: number
  /** Settings for the embedded executor beyond the ones the core decides (handler folders, limits). */
  executorOptions?: Pick<ExecutorOptions, 'handlerDirs' | 'httpAllowPrefixes' | 'maxWorkers' | 'idleRunnerExitMs' | 'nodeInterpreter'>
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
  if (options.apiToken !== undefined) checkToken(options.apiToken, '--api-token')
  const jitter = options.retryJitterRatio
  if (jitter !== undefined && !(jitter >= 0 && jitter <= 1)) throw new ValidationError('retryJitterRatio', `expected 0-1, got ${jitter}`)

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
  const settings = new SettingsService(
    store,
    alarms,
    options.listen ?? { host: '127.0.0.1', port: 8080 },
    { accessToken: options.accessToken, apiToken: options.apiToken },
    options.enableScripts === true,
    { mode: options.mode ?? 'desktop', consoleToken, logFile: options.logFile ?? '' },
  )
  const registryChanged = () => events.emit({ type: 'registry-changed', entries: registry.entries(nowMs()) })
  const registry = new RegistryService(store, timings, registryChanged)

  const executor =
    options.embeddedExecutor === false
      ? null
      : embeddedExecutor(options, writer, clock, logger, {
          scriptsEnabled: () => settings.embeddedScriptsEnabled(),
          retentionDays: () => settings.logRetentionDays(),
        })
  // Each process's embedded executor has an address of its own, so a dead process's runs are told apart.
  const embeddedAddress = embeddedAddressOf(randomBytes(4).toString('hex'))
  const remote = new RemoteExecutors(store, () => settings.accessToken())
  const executors = new ExecutorDirectory(executor, embeddedAddress, (address, group) => remote.forAddress(address, group))
  const routers = createRouters()
  const triggerOutcomes = new OutcomeWaiters(clock)
  const pool = new TriggerPool({
    trigger: (run) => triggerRun(run, { routers, executors, nowMs }),
    record: (outcome) => {
      if (outcome.triggerCode === 200) logKeeper.noteTriggered(outcome.logId, outcome.executorAddress)
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
  // This process's embedded executor is read live; other executors as they reported at registration.
  const handlerCatalog = (group: JobGroup): HandlerCatalog =>
    group.appName === EMBEDDED_APP_NAME && executor ? { known: true, handlers: executor.handlerNames(), jobDeskOnly: true } : registry.handlersOf(group, nowMs())
  const jobs = new JobService(store, nowMs, (groupId) => {
    const group = store.groups.get(groupId)
    return group !== undefined && handlerCatalog(group).jobDeskOnly
  })
  const links = new LinkService(store)
  const monitorTimings = { ...DEFAULT_MONITOR_TIMINGS, ...options.monitorTimings }
  const logKeeper = new RunLogKeeper({ store, executors, clock, logger, keepPeriodMs: monitorTimings.runLogKeepPeriodMs })
  const runLogs = new RunLogs(
    store,
    executors,
    executor ? (request, listener) => executor.watchLog(request, listener) : null,
    events,
    clock,
    logger,
    logKeeper,
  )

  const embeddedGroupId = ensureEmbeddedGroup(store, nowMs())
  // Alone on the database, every other embedded address is a past life of this process: gone.
  if (!instance.othersAlive) registry.removeAllBut(EMBEDDED_APP_NAME, executor ? embeddedAddress : '', nowMs())
  const embeddedInfo = (): ExecutorInfo | null =>
    executor && { kind: 'jobdesk', version: JOBDESK_VERSION, handlers: executor.handlerNames(), scripts: settings.embeddedScriptsEnabled() }
  if (executor) registry.beat(EMBEDDED_APP_NAME, embeddedAddress, nowMs(), embeddedInfo())
  if (options.seedDemo !== false) seedDemoJobs(store, jobs, embeddedGroupId, localTimezone())

  const stopLoops = new AbortController()
  const logError = (what: string) => (error: unknown) => logger.error(what, { error: (error as Error).message })
  const loops = [
    runPeriodically(clock, timings.sweepPeriodMs, stopLoops.signal, () => void registry.sweep(nowMs()), logError('registry sweep failed')),
  ]
  // The embedded executor beats in-process like a LAN executor would, so health and lost-run
  // detection treat it alike.
  if (executor) {
    const beat = () => void registry.beat(EMBEDDED_APP_NAME, embeddedAddress, nowMs(), embeddedInfo())
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
    timings: monitorTimings,
    retryJitterRatio: options.retryJitterRatio,
    soleProcess: !instance.othersAlive,
    embeddedAddress,
    isAlive: (address) => store.registry.isRegistered(address),
    executorFor: (address, group) => executors.forAddress(address, group),
    keepLogs: (runs) => logKeeper.keepFinished(runs),
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
    handlerCatalog,
  })
  const registration = new ExecutorRegistration(store, registry, writer, nowMs, (appName, address) => monitors?.onBeat(appName, address, nowMs()))
  const adminApi = createAdminApi({
    tokens: () => ({ executorToken: settings.accessToken(), apiToken: settings.apiToken(), openApiAcceptsExecutorToken: settings.openApiAcceptsExecutorToken() }),
    findGroup: (appName) => store.groups.findByAppName(appName),
    register: (caller, param, generation) => registration.register(caller, param, generation),
    registryRemove: (caller, param) => registration.remove(caller, param),
    callback: (caller, batch) => registration.callback(caller, batch),
    openApi: createOpenApi({
      api,
      saveJob: async (input, childJobId) => {
        const job = jobs.saveWithSuccessChildren(input, childJobId === undefined ? undefined : (id) => links.replaceSuccessChildren(id, childJobId))
        events.emit({ type: 'jobs-changed', jobIds: [job.id] })
        if (childJobId !== undefined) events.emit({ type: 'links-changed' })
        return job
      },
      groupAddresses: (group) => registry.addressesOf(group, nowMs()),
      defaultTimezone: localTimezone(),
    }),
    isOpenApiMethod,
    nowMs,
    logger,
  })

  scheduler.start()
  logKeeper.start()
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
        registry.remove(EMBEDDED_APP_NAME, embeddedAddress, nowMs())
        await executor.stop()
      }
      writer.flush(true)
      await alarms.close()
      runLogs.close()
      await logKeeper.close()
      events.close()
      await checkpointer.stop()
      store.close()
      instance.release()
      state = 'stopped'
    },
  }
}

/** How an operator turns on scripts for the embedded executor (part of its refusal text). */
export const EMBEDDED_SCRIPTS_HINT = 'enable "Run script jobs on this machine" in Settings (desktop app), or start headless mode with --enable-scripts'

function embeddedExecutor(
  options: CoreOptions,
  writer: RunWriter,
  clock: Clock,
  logger: Logger,
  settings: { scriptsEnabled: () => boolean; retentionDays: () => number },
): Executor {
  const callbackSink: CallbackSink = (batch) =>
    writer.complete(batch.map((c) => ({ logId: c.logId, handleCode: c.handleCode, handleMsg: c.handleMsg ?? '', handleTimeMs: clock.nowMs() })))
  return createExecutor({
    logDir: runLogDir(options.dataDir),
    callbackSink,
    spawnWorker: options.spawnWorker ?? defaultSpawnWorker,
    clock,
    // The operator's own machine, as JobDesk's user: scripts only when the operator turned them on.
    enableScripts: settings.scriptsEnabled,
    enableScriptsHint: EMBEDDED_SCRIPTS_HINT,
    // The operator's own machine: http jobs may call any URL unless the settings narrow it.
    httpAllowPrefixes: 'any',
    // One run-log file per run costs ~0.5-1 ms of CPU on a typical disk (file creation), which
    // 10k runs/s cannot afford; short runs are packed into day segments instead (see run-log/packed).
    runLogLayout: 'packed',
    // Completion commits every ~10 ms in-process, so larger batches than XXL-JOB's HTTP 50 keep up.
    callbackBatchMax: 1000,
    // One retention setting for run rows, kept log texts and these files, read at each pass.
    logRetentionDays: settings.retentionDays,
    logger,
    shutdownGraceMs: options.shutdownGraceMs,
    ...options.executorOptions,
    // `<data-dir>/handlers` is always a handler folder (created at first start), beside any given ones.
    handlerDirs: [...(options.executorOptions?.handlerDirs ?? []), ensureHandlerDir(options.dataDir)].filter((dir) => existsSync(dir)),
  })
}

/** Creates `<data-dir>/handlers` with a note on what goes there, the first time. */
function ensureHandlerDir(dataDir: string): string {
  const dir = handlerDir(dataDir)
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    writeFileSync(join(dir, 'README.txt'), HANDLER_DIR_NOTE)
  }
  return dir
}

const HANDLER_DIR_NOTE = `Job handlers of JobDesk's embedded executor.

Put ES modules (.mjs, or .js) here; every exported function is a handler a BEAN job can name, e.g.

  export async function reportJobHandler(ctx) {
    ctx.log('building the report for', ctx.param)
    return 'done'
  }

JobDesk picks up added or changed modules without a restart. See the README's "Writing a handler".
`

function localTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}
