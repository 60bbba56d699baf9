import { DefinitionService } from '../definitions/files/definition-service'
import type { JobDeskApi } from '../../shared/api'
import { DESKTOP_PRINCIPAL } from '../../shared/principal'
import { Access } from '../auth/access'
import { nodeExecutorRoute } from '../cluster/node-executor-route'
import { peerExecutor } from '../cluster/peer-executor'
import type { Monitors } from '../completion/monitors'
import { GroupService } from '../definitions/group-service'
import { ImportService } from '../definitions/import-service'
import { XxlImportService } from '../import-xxl/xxl-import-service'
import { entitledAddresses } from '../registry/entitled-addresses'
import { ExecutorRegistration } from '../registry/executor-registration'
import { adminSurface, type AdminHandler } from './admin-surface'
import type { CoreOptions } from './core-contract'
import type { CoreBase, CoreData } from './core-data'
import type { CoreDefinitions } from './core-definitions'
import type { CoreFlows } from './core-flows'
import type { CoreNode } from './core-node'
import type { CorePipeline } from './core-pipeline'
import { createFacade } from './facade'
import { localTimezone } from './local-timezone'

/** The ways in: the API every console and shell calls (as its principal may), and the HTTP admin surface. */
export interface CoreSurfaces {
  /** The desktop app's own API: a built-in local admin, audited as 'desktop'. */
  api: JobDeskApi
  adminApi: AdminHandler
  access: Access
  adminOneTimePassword: string | null
}

export async function coreSurfaces(
  options: CoreOptions,
  { clock, logger, nowMs }: CoreBase,
  data: CoreData,
  node: CoreNode,
  pipeline: CorePipeline,
  defs: CoreDefinitions,
  flows: CoreFlows,
  monitors: Monitors,
): Promise<CoreSurfaces> {
  const { store, writer, settings, events, audit, clusterSecret } = data
  const { registry, executor } = node
  const { jobs, links } = defs
  const imports = new ImportService(store, jobs, nowMs)
  const coreApi = createFacade({
    store,
    jobs,
    triggers: pipeline.triggers,
    triggerOutcomes: pipeline.triggerOutcomes,
    scheduler: pipeline.scheduler,
    registry,
    groups: new GroupService(store, nowMs, (tx, appName) => registry.refreshGroupIn(tx, appName, nowMs())),
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
    runLogs: pipeline.runLogs,
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
  const adminApi = adminSurface({
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
      writer,
      nowMs,
      (who, entry) => audit.record(who, entry),
      (appName, address) => monitors.onBeat(appName, address, nowMs()),
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
  return { api: access.apiFor(async () => DESKTOP_PRINCIPAL), adminApi, access, adminOneTimePassword: firstAdmin.oneTimePassword }
}
