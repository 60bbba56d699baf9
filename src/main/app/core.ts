import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { ValidationError } from '../../shared/errors'
import { failureReason } from '../../shared/failure-reason'
import { EMBEDDED_APP_NAME, type ExecutorInfo, type HandlerCatalog, type JobGroup } from '../../shared/model'
import { JOBDESK_VERSION } from '../../shared/version'
import { RunWriter } from '../completion/run-writer'
import { systemClock } from '../kernel/clock'
import { consoleLogger } from '../kernel/logger'
import { spawnWorker as defaultSpawnWorker } from '../kernel/spawn-worker'
import { DEFAULT_REGISTRY_TIMINGS } from '../registry/health'
import { startRegistryLoops } from '../registry/registry-loops'
import { RegistryService } from '../registry/registry-service'
import { nextFireTimeMs } from '../schedule'
import { Scheduler } from '../scheduler/scheduler'
import { ClusterRelay } from '../cluster/cluster-relay'
import { DefinitionWatch } from '../cluster/definition-watch'
import { NodeMembership } from '../cluster/node-membership'
import { nodeExecutorRoute } from '../cluster/node-executor-route'
import { createNodeExecutorClient } from '../cluster/node-executor-client'
import { ClusterSecret } from '../cluster/cluster-secret'
import { peerExecutor } from '../cluster/peer-executor'
import { entitledAddresses } from '../registry/entitled-addresses'
import { Checkpointer } from '../store/checkpointer'
import type { ClusterNode } from '../domain/nodes'
import { openStore } from '../store/open-store'
import { SqliteStore } from '../store/sqlite/sqlite-store'
import type { Repos } from '../store/store'
import { ExecutorDirectory } from '../trigger/executor-directory'
import { embeddedAddressOf } from '../domain/embedded-address'
import { createRouters } from '../trigger/routing'
import { triggerRun } from '../trigger/trigger-run'
import { TriggerPool } from '../trigger/trigger-pool'
import { OutcomeWaiters } from '../trigger/outcome-waiters'
import { databaseFile } from './data-dir'
import { embeddedExecutor } from './embedded-executor'
import { EventHub } from '../kernel/events'
import { createFacade } from './facade'
import { JobService } from '../definitions/job-service'
import { RunLogKeeper } from '../completion/run-log-keeper'
import { RunLogs } from '../runs/run-logs'
import { ensureEmbeddedGroup, seedDemoJobs } from '../definitions/seed-demo'
import { AlarmService } from '../completion/alarm-service'
import { GroupService } from '../definitions/group-service'
import { ImportService } from '../definitions/import-service'
import { XxlImportService } from '../import-xxl/xxl-import-service'
import { LinkService } from '../definitions/link-service'
import { RunControl } from '../runs/run-control'
import { checkToken, SettingsService } from '../settings/settings-service'
import { interruptedEmbeddedRun } from '../completion/lost-runs'
import { DEFAULT_MONITOR_TIMINGS, startMonitors, type Monitors } from '../completion/monitors'
import { TriggerService } from '../trigger/trigger-service'
import { resolveConsoleToken } from '../settings/console-token'
import { ExecutorRegistration } from '../registry/executor-registration'
import { RemoteExecutors } from '../registry/remote-executors'
import { adminSurface } from './admin-surface'
import { Access } from '../auth/access'
import { DESKTOP_PRINCIPAL } from '../../shared/principal'

import type { Core, CoreOptions, CoreState } from './core-contract'

export type { Core, CoreOptions, CoreState } from './core-contract'

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

  const spawnWorker = options.spawnWorker ?? defaultSpawnWorker
  const store = await openStore(options.database ?? databaseFile(options.dataDir), { nativeBinding: options.nativeBinding, quickCheck: false })
  const events = new EventHub((ids) => store.runs.getMany(ids))
  let monitors: Monitors | null = null
  const writer = new RunWriter({
    store,
    logger,
    onFlush: (result) => {
      runsChanged([...result.triggeredIds, ...result.completedIds])
      monitors?.onFlush(result)
    },
  })

  const alarms = new AlarmService(store, {
    logger,
    clock,
    onDesktop: (facts) =>
      events.emit({ type: 'alarm', logId: facts.logId, jobId: facts.jobId, jobName: facts.jobName, handleMsg: facts.handleMsg, reason: failureReason(facts) }),
  })
  const consoleToken = options.mode === 'headless' ? await resolveConsoleToken(store.settings, options.consoleToken) : null
  const settings = await SettingsService.open(
    store,
    alarms,
    options.listen ?? { host: '127.0.0.1', port: 8080 },
    { accessToken: options.accessToken, apiToken: options.apiToken },
    options.enableScripts === true,
    { mode: options.mode ?? 'desktop', consoleToken, logFile: options.logFile ?? '' },
  )
  // What this node's consoles see at once, and what the other nodes' consoles hear of.
  const showRegistry = () => void registry.entries(nowMs()).then((entries) => events.emit({ type: 'registry-changed', entries }), () => {})
  const registryChanged = () => {
    showRegistry()
    relay.registryChanged()
  }
  const runsChanged = (ids: number[]) => {
    events.runsChanged(ids)
    relay.runsChanged(ids)
  }
  const registry = new RegistryService(store, timings, registryChanged)

  const executor =
    options.embeddedExecutor === false
      ? null
      : embeddedExecutor({ ...options, spawnWorker }, writer, clock, logger, {
          scriptsEnabled: () => settings.embeddedScriptsEnabled(),
          retentionDays: () => settings.logRetentionDays(),
        })
  const logError = (what: string) => (error: unknown) => logger.error(what, { error: (error as Error).message })
  // Each process is a node with an id of its own, and its embedded executor an address of its own,
  // so a dead process's runs and planned fires are told apart from a live one's.
  const nodeId = randomBytes(4).toString('hex')
  const embeddedAddress = embeddedAddressOf(nodeId)
  const remote = new RemoteExecutors(store.groups, () => settings.accessToken())
  const clusterSecret = new ClusterSecret(store.settings, clock)
  await clusterSecret.load()
  // Cluster mode: the nodes share a server database, or another process shares the SQLite file.
  const nodeRouteActive = () => store.engine !== 'sqlite' || membership.peerCount() > 0
  const executors = new ExecutorDirectory({
    embedded: executor,
    embeddedAddress,
    remote: (address, group, withToken) => remote.forAddress(address, group, withToken),
    peer: (address) => {
      const url = nodeRouteActive() ? membership.peerExecutorUrl(address) : null
      return url ? createNodeExecutorClient({ url, secret: () => clusterSecret.current() }) : null
    },
    entitled: (group) => entitledAddresses(store, group),
  })
  const routers = createRouters()
  const triggerOutcomes = new OutcomeWaiters(clock)
  const pool = new TriggerPool({
    trigger: (run) => triggerRun(run, { routers, executors, nowMs, usesOf: (jobId) => store.routes.usesOf(jobId) }),
    record: (outcome) => {
      if (outcome.triggerCode === 200) logKeeper.noteTriggered(outcome.logId, outcome.executorAddress)
      triggerOutcomes.note(outcome)
      void writer.recordOutcome(outcome).catch(() => {})
    },
    // No executor call while this node cannot confirm its lease: another node may have taken it for dead.
    mayTrigger: (atMs) => membership.actsAt(atMs),
    hold: (run) => triggers.hold(run),
    nowMs,
    logger,
  })
  const triggers = new TriggerService({
    store,
    pool,
    clock,
    logger,
    nodeId,
    fence: { lease: () => membership.lease(), actsAt: (atMs) => membership.actsAt(atMs), check: (tx, atMs) => membership.check(tx, atMs) },
    onPrepared: (runs) => runsChanged(runs.map((r) => r.logId)),
  })
  const scheduler = new Scheduler({
    store,
    nodeId,
    fence: { check: (tx, atMs) => membership.check(tx, atMs) },
    clock,
    nextFire: nextFireTimeMs,
    fire: (fires, atMs) => void triggers.fireScheduled(fires, atMs),
    prepareAheadMs: options.prepareAheadMs ?? PREPARE_AHEAD_MS,
    logger,
    scanBatchSize: options.scanBatchSize,
    onMisfire: (misfires) => {
      for (const m of misfires) events.emit({ type: 'misfire', jobId: m.jobId, missedCount: m.missedTimesMs.length, strategy: m.strategy })
    },
  })
  // This process's embedded executor is read live; other executors as they reported at registration.
  const handlerCatalog = async (group: JobGroup, repos: Pick<Repos, 'registry'> = store): Promise<HandlerCatalog> =>
    group.appName === EMBEDDED_APP_NAME && executor ? { known: true, handlers: executor.handlerNames(), jobDeskOnly: true } : registry.handlersOf(group, nowMs(), repos)
  const runsOnlyOnJobDesk = async (tx: Pick<Repos, 'groups' | 'registry'>, groupId: number) => {
    const group = await tx.groups.get(groupId)
    return group !== undefined && (await handlerCatalog(group, tx)).jobDeskOnly
  }
  const jobs = new JobService(store, nowMs, runsOnlyOnJobDesk)
  const links = new LinkService(store)
  const monitorTimings = { ...DEFAULT_MONITOR_TIMINGS, ...options.monitorTimings }
  const membership = new NodeMembership({
    store,
    node: { nodeId, nodeName: options.nodeName ?? hostname(), embeddedAddress: executor ? embeddedAddress : '', adminUrl: '' },
    clock,
    logger,
    adopt: (fires) => scheduler.adopt(fires, nowMs()),
    adoptRuns: (logIds) => void triggers.adoptRuns(logIds).catch(logError('triggering the runs of a lost node failed')),
    onNodeGone: (node) => endRunsOfGoneNode(node),
    onFenced: () => {
      const fires = scheduler.dropRing()
      const runs = triggers.dropHeld()
      logger.warn('dropped what this node planned before it was taken for dead (the node that took over has it)', { fires, runs })
    },
    onRenewed: () => void triggers.resumeHeld().catch(logError('resuming held triggers failed')),
  })
  const logKeeper = new RunLogKeeper({
    store,
    executors,
    clock,
    logger,
    keepPeriodMs: monitorTimings.runLogKeepPeriodMs,
    keepsRunning: () => membership.doesPeriodicWork(),
  })
  const runLogs = new RunLogs(
    store,
    executors,
    executor ? (request, listener) => executor.watchLog(request, listener) : null,
    events,
    clock,
    logger,
    logKeeper,
  )

  /** A node that died with runs on its embedded executor: they will never call back. */
  const endRunsOfGoneNode = async (node: ClusterNode) => {
    if (node.embeddedAddress === '') return
    const running = await store.runs.findRunningOn(node.embeddedAddress, nowMs())
    const how = ` (node '${node.nodeName}' stopped renewing its lease)`
    if (running.length > 0) await writer.complete(running.map((run) => interruptedEmbeddedRun(run, nowMs(), how)))
    await registry.remove(EMBEDDED_APP_NAME, node.embeddedAddress, nowMs())
  }

  const relay = new ClusterRelay(store.events, nodeId, () => membership.peerCount() > 0, logger)
  relay.listen({ runs: (ids) => events.runsChanged(ids), registry: showRegistry })
  // Jobs, links and settings written by another node (or another process on the same file).
  const definitions = new DefinitionWatch(store.versions, clock, logger, async (changed) => {
    if (changed.includes('settings')) {
      await settings.reload()
      await clusterSecret.load()
    }
    if (changed.includes('jobs')) events.emit({ type: 'jobs-changed', jobIds: [] })
    if (changed.includes('links')) events.emit({ type: 'links-changed' })
  })

  const embeddedGroupId = await ensureEmbeddedGroup(store.groups, nowMs())
  await membership.join()
  const soleProcess = membership.peerCount() === 0
  // Alone on the database, every other embedded address is a past life of this process: gone.
  if (soleProcess) await registry.removeAllBut(EMBEDDED_APP_NAME, executor ? embeddedAddress : '', nowMs())
  const embeddedInfo = (): ExecutorInfo | null =>
    executor && { kind: 'jobdesk', version: JOBDESK_VERSION, handlers: executor.handlerNames(), scripts: settings.embeddedScriptsEnabled() }
  if (executor) await registry.beat(EMBEDDED_APP_NAME, embeddedAddress, nowMs(), embeddedInfo())
  if (options.seedDemo !== false) await seedDemoJobs(store.settings, jobs, embeddedGroupId, localTimezone)

  const registryLoops = startRegistryLoops({ registry, clock, timings, logger, embedded: executor ? { address: embeddedAddress, info: embeddedInfo } : null })
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
    soleProcess,
    embeddedAddress,
    aliveEmbedded: async () => {
      const alive = new Set((await store.nodes.list()).filter((n) => n.leaseUntilMs >= nowMs()).map((n) => n.embeddedAddress))
      return (address) => alive.has(address)
    },
    doesPeriodicWork: () => membership.doesPeriodicWork(),
    executorFor: async (address, group) => (await executors.reach(address, group)).executor,
    keepLogs: (runs) => logKeeper.keepFinished(runs),
    purgeAudit: (nowMs) => access.audit.purge(nowMs, settings.auditRetentionDays()),
  })

  const imports = new ImportService(store, jobs, nowMs)
  const coreApi = createFacade({
    store,
    jobs,
    triggers,
    triggerOutcomes,
    scheduler,
    registry,
    groups: new GroupService(store, nowMs, (tx, appName) => registry.refreshGroupIn(tx, appName, nowMs())),
    links,
    imports,
    xxlImports: new XxlImportService({
      store,
      imports,
      nowMs,
      get localZone() {
        return localTimezone()
      },
      runsOnlyOnJobDesk,
    }),
    runControl: new RunControl(store, executors, writer, nowMs),
    runLogs,
    settings,
    alarms,
    events,
    nowMs,
    nodeId,
    cluster: { secret: clusterSecret, nodeRouteActive },
    handlerCatalog,
  })
  const access = new Access({
    repos: store,
    core: coreApi,
    entitled: async (groupId) => entitledAddresses(store, await store.groups.get(groupId)),
    clock,
    logger,
    scrypt: options.scrypt,
  })
  // The desktop app on its own machine acts as a built-in local admin, audited as 'desktop'.
  const api = access.apiFor(async () => DESKTOP_PRINCIPAL)
  const firstAdmin = options.mode === 'headless' ? await access.users.ensureFirstAdmin(options.adminPassword) : { oneTimePassword: null }
  const adminApi = adminSurface({
    nodeRoute: executor
      ? nodeExecutorRoute({
          nodeId,
          active: nodeRouteActive,
          accepts: (presented) => clusterSecret.accepts(presented),
          executor: peerExecutor(store, executor),
          refused: (source, call, reason, secretRefused) =>
            access.audit.record(
              { actor: '(node route)', actorKind: 'anonymous', source },
              { action: secretRefused ? 'auth.token' : 'cluster.call', outcome: 'refused', target: `node ${call}`, detail: { reason: { code: 'cluster.callRefused', message: reason } } },
            ),
          logger,
        })
      : null,
    registration: new ExecutorRegistration(store, registry, writer, nowMs, (who, entry) => access.audit.record(who, entry), (appName, address) =>
      monitors?.onBeat(appName, address, nowMs()),
    ),
    access,
    jobs,
    links,
    settings,
    events,
    groups: store.groups,
    findJob: (id) => store.jobs.get(id),
    nowMs,
    logger,
    defaultTimezone: localTimezone,
  })

  membership.start()
  await definitions.start()
  scheduler.start()
  logKeeper.start()
  state = 'running'
  logger.info('core running', { dataDir: options.dataDir, database: store.location, node: nodeId })
  // Threads start once the first scan is done: on a 2-core machine their start-up would take a core
  // from the core's own (docs/benchmarks.md#b9-cold-start). Until then SQLite checkpoints on this connection as it does by default.
  const checkpointer =
    store instanceof SqliteStore
      ? new Checkpointer(store.db, spawnWorker, { file: store.location, nativeBinding: options.nativeBinding, periodMs: 1000, quickCheck: true }, logger)
      : null
  executor?.warmUp()

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
    access,
    adminOneTimePassword: firstAdmin.oneTimePassword,
    nodeId,
    setAdminUrl: (url) => membership.setAdminUrl(url),
    nodeUrl: () => membership.adminUrl(),
    writerStats: () => writer.stats(),
    completeRuns: (completions) => writer.complete(completions),
    state: () => state,
    async stop() {
      if (state !== 'running') return
      state = 'draining'
      await scheduler.stop()
      await triggers.releaseWaiting()
      await pool.idle()
      await registryLoops.stop()
      await monitors?.stop()
      if (executor) {
        await registry.remove(EMBEDDED_APP_NAME, embeddedAddress, nowMs()).catch(logError('leaving the registry failed'))
        await executor.stop()
      }
      await writer.flush(true)
      await definitions.stop()
      relay.close()
      await membership.leave()
      await alarms.close()
      runLogs.close()
      await logKeeper.close()
      events.close()
      await checkpointer?.stop()
      await store.close()
      state = 'stopped'
    },
  }
}

/**
 * The ring hands each second's fires over this long before it (Scheduler's `prepareAheadMs`): enough
 * to write 1,000 fires' rows (~40 ms on this machine) with room for a busy event loop; at higher
 * loads the rest are written and dispatched as soon as they can be.
 */
const PREPARE_AHEAD_MS = 200

let zone: string | undefined
/** Read when first needed, not at start-up: the first Intl call loads ICU's zone data, ~40 ms of a cold start (docs/benchmarks.md#b9-cold-start). */
function localTimezone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone
  return zone
}
