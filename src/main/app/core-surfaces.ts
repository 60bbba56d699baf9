import { DefinitionService } from '../definitions/files/definition-service'
import type { JobDeskApi } from '../../shared/api'
import { DESKTOP_PRINCIPAL } from '../../shared/principal'
import { Access } from '../auth/access'
import { nodeExecutorRoute } from '../cluster/node-executor-route'
import { peerExecutor } from '../cluster/peer-executor'
import type { Monitors } from '../completion/monitors'
import { GroupService } from '../definitions/group-service'
import { HookService } from '../hooks/hook-service'
import { CalendarService } from '../calendars/calendar-service'
import { WindowService } from '../calendars/window-service'
import { SilenceService } from '../completion/silence-service'
import { ImportService } from '../definitions/import-service'
import { XxlImportService } from '../import-xxl/xxl-import-service'
import { entitledAddresses } from '../registry/entitled-addresses'
import { ExecutorRegistration } from '../registry/executor-registration'
import { opsEndpoints } from '../net/ops-endpoints'
import { adminSurface, type AdminHandler } from './admin-surface'
import type { CoreOptions } from './core-contract'
import type { CoreBase, CoreData } from './core-data'
import type { CoreDefinitions } from './core-definitions'
import type { CoreFlows } from './core-flows'
import type { CoreBackfills } from './core-backfills'
import type { CoreCapacity } from './core-capacity'
import { PoolService } from '../capacity/pool-service'
import type { CoreNode } from './core-node'
import type { CorePipeline } from './core-pipeline'
import { createFacade } from './facade'
import { localTimezone } from './local-timezone'
import { readiness } from './core-readiness'

/** The ways in: the API every console and shell calls (as its principal may), and the HTTP admin surface. */
export interface CoreSurfaces {
  /** The desktop app's own API: a built-in local admin, audited as 'desktop'. */
  api: JobDeskApi
  adminApi: AdminHandler
  access: Access
  adminOneTimePassword: string | null
}

/** What the surfaces are built from: each part as far as they use it. */
interface SurfaceParts {
  options: Pick<CoreOptions, 'scrypt' | 'directory' | 'mode' | 'adminPassword' | 'metricsPublic'>
  base: CoreBase
  data: Pick<
    CoreData,
    | 'store'
    | 'reports'
    | 'writer'
    | 'settings'
    | 'events'
    | 'audit'
    | 'clusterSecret'
    | 'storedSecrets'
    | 'alarms'
    | 'metrics'
    | 'secretStore'
    | 'artifacts'
    | 'consoleToken'
    | 'secretMasks'
  >
  node: Pick<CoreNode, 'registry' | 'executor' | 'membership' | 'nodeId' | 'nodeRouteActive'>
  pipeline: Pick<CorePipeline, 'triggers' | 'triggerOutcomes' | 'scheduler' | 'runLogs'>
  defs: Pick<CoreDefinitions, 'jobs' | 'links' | 'runsOnlyOnJobDesk' | 'handlerCatalog' | 'maintenance'>
  flows: Pick<CoreFlows, 'service' | 'engine' | 'runControl' | 'artifactLinks'>
  backfills: Pick<CoreBackfills, 'service'>
  capacity: Pick<CoreCapacity, 'runner'>
  monitors: Pick<Monitors, 'onBeat'>
}

import { maskingCompleter } from '../secrets/mask-texts'

export async function coreSurfaces({ options, base, data, node, pipeline, defs, flows, backfills, capacity, monitors }: SurfaceParts): Promise<CoreSurfaces> {
  const { clock, logger, nowMs } = base
  const { store, writer, settings, events, audit, clusterSecret } = data
  const { registry, executor } = node
  const { jobs, links } = defs
  const imports = new ImportService(store, jobs, nowMs)
  // Trigger URLs start runs by the API's trigger path (trigger type API), as the OpenAPI's triggerJob and triggerFlow do.
  const hooks = new HookService({
    repos: store,
    triggerJob: async (jobId, param, params) =>
      (await pipeline.triggers.trigger({ jobId, triggerType: 'API', executorParam: param, ...(params && { params }) })).logIds,
    triggerFlow: (flowId, param, params) => flows.engine.start(flowId, { triggerType: 'API', param, ...(params && { params }) }),
    audit: (who, entry) => audit.record(who, entry),
    nowMs,
    nodeUrl: () => node.membership.adminUrl() || null,
    secretsChanged: () => data.storedSecrets.changed(),
  })
  const coreApi = createFacade({
    store,
    jobs,
    triggers: pipeline.triggers,
    triggerOutcomes: pipeline.triggerOutcomes,
    scheduler: pipeline.scheduler,
    registry,
    groups: new GroupService(
      store,
      nowMs,
      (tx, appName) => registry.refreshGroupIn(tx, appName, nowMs()),
      () => data.storedSecrets.changed(),
    ),
    links,
    imports,
    definitionFiles: new DefinitionService(store, imports, jobs, localTimezone, nowMs),
    xxlImports: new XxlImportService({
      store,
      imports,
      nowMs,
      // Read at each import, not now: the zone is looked up when first needed.
      get localZone() {
        return localTimezone()
      },
      runsOnlyOnJobDesk: defs.runsOnlyOnJobDesk,
    }),
    runControl: flows.runControl,
    flows,
    hooks,
    calendars: new CalendarService({ repos: store, nowMs }),
    pools: new PoolService({
      repos: store,
      nowMs,
      nodeId: node.nodeId,
      wake: () => capacity.runner.wake(),
      dispatch: (logIds) =>
        void pipeline.triggers
          .dispatchQueued(logIds)
          .catch((error: unknown) => logger.error('starting a queued run failed', { error: (error as Error).message })),
      ended: (logIds) => data.writer.tellEndedUntriggered(logIds),
    }),
    windows: new WindowService({ repos: store, nowMs, changed: () => events.emit({ type: 'windows-changed' }) }),
    maintenance: defs.maintenance,
    silences: new SilenceService({ repos: store, nowMs, changed: () => events.emit({ type: 'silences-changed' }) }),
    backfills: backfills.service,
    secrets: data.secretStore,
    runLogs: pipeline.runLogs,
    reports: data.reports,
    settings,
    alarms: data.alarms,
    events,
    nowMs,
    nodeId: node.nodeId,
    cluster: { secret: clusterSecret, nodeRouteActive: node.nodeRouteActive },
    handlerCatalog: defs.handlerCatalog,
  })
  const access = new Access({
    repos: store,
    core: coreApi,
    entitled: async (groupId) => entitledAddresses(store, await store.groups.get(groupId)),
    clock,
    logger,
    scrypt: options.scrypt,
    audit,
    directory: options.directory,
  })
  const firstAdmin = options.mode === 'headless' ? await access.users.ensureFirstAdmin(options.adminPassword) : { oneTimePassword: null }
  const apiSurface = adminSurface({
    nodeRoute: executor
      ? nodeExecutorRoute({
          nodeId: node.nodeId,
          active: node.nodeRouteActive,
          accepts: (presented) => clusterSecret.accepts(presented),
          executor: peerExecutor(store, executor),
          refused: (source, call, reason, secretRefused) =>
            audit.record(
              { actor: '(node route)', actorKind: 'anonymous', source },
              {
                action: secretRefused ? 'auth.token' : 'cluster.call',
                outcome: 'refused',
                target: `node ${call}`,
                detail: { reason: { code: 'cluster.callRefused', message: reason } },
              },
            ),
          logger,
        })
      : null,
    registration: new ExecutorRegistration(
      store,
      registry,
      // A LAN or foreign executor's handle message is masked before it is kept (the embedded one masks its own).
      maskingCompleter(writer, () => data.secretMasks.current()),
      nowMs,
      (who, entry) => audit.record(who, entry),
      (appName, address) => monitors.onBeat(appName, address, nowMs()),
    ),
    access,
    jobs,
    links,
    settings,
    events,
    hooks,
    groups: store.groups,
    findJob: (id) => store.jobs.get(id),
    nowMs,
    logger,
    defaultTimezone: localTimezone,
    artifacts: data.artifacts,
    consoleToken: data.consoleToken,
    artifactLinks: flows.artifactLinks,
    redactSecrets: (text) => base.secrets.redact(text),
  })
  const ops = opsEndpoints({
    scrape: (perGroup) => data.metrics.scrape(perGroup),
    ready: readiness({ base, data, node, pipeline }),
    metricsPublic: options.metricsPublic === true,
    tokens: () => ({
      executorToken: settings.accessToken(),
      apiToken: settings.apiToken(),
      openApiAcceptsExecutorToken: settings.openApiAcceptsExecutorToken(),
    }),
    findPersonal: (token, source) => access.tokens.authenticate(token, source),
    refused: (source, reason) =>
      audit.record(
        { actor: '(unknown credential)', actorKind: 'anonymous', source },
        { action: 'auth.token', outcome: 'refused', target: 'metrics', detail: { reason } },
      ),
    nowMs,
  })
  const adminApi: AdminHandler = async (request, response) => (await ops(request, response)) || apiSurface(request, response)
  return { api: access.apiFor(async () => DESKTOP_PRINCIPAL), adminApi, access, adminOneTimePassword: firstAdmin.oneTimePassword }
}
