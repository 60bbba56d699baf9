import { EMBEDDED_APP_NAME } from '../../shared/model'
import { countEndedRuns, showWrittenRuns } from '../completion/run-ended-notices'
import { Checkpointer } from '../store/checkpointer'
import { SqliteStore } from '../store/sqlite/sqlite-store'
import type { Core, CoreOptions, CoreParts, CoreState } from './core-contract'
import { coreBase, openCoreData, type CoreBase, type CoreData } from './core-data'
import { coreDefinitions, type CoreDefinitions } from './core-definitions'
import { coreFlows, type CoreFlows } from './core-flows'
import { coreBackfills, type CoreBackfills } from './core-backfills'
import { coreCapacity, type CoreCapacity } from './core-capacity'
import { coreNode, type CoreNode } from './core-node'
import { corePipeline, type CorePipeline } from './core-pipeline'
import { joinCluster, startBackground, type CoreBackground } from './core-startup'
import { metricSources } from './core-metrics'
import { coreSurfaces } from './core-surfaces'

export type { Core, CoreOptions, CoreParts } from './core-contract'

/** Starts the core and hands the shells what they need of it. */
export async function startCore(options: CoreOptions): Promise<Core> {
  const core = await assembleCore(options)
  const { api, adminApi, events, access, settings, consoleToken, adminOneTimePassword, nodeId, database } = core
  return {
    api,
    adminApi,
    events,
    access,
    settings,
    consoleToken,
    adminOneTimePassword,
    nodeId,
    database,
    setAdminUrl: (url) => core.setAdminUrl(url),
    nodeUrl: () => core.nodeUrl(),
    state: () => core.state(),
    stop: () => core.stop(),
  }
}

/**
 * The composition root, in the order each part needs the one before: the store and what lives on
 * it, this process as a node and an executor, the pipeline of a run (scheduler → trigger service →
 * trigger pool → run writer), the definitions and flows, then joining the cluster and starting the
 * monitors, then the surfaces (facade, access, admin API). Loops start last. What a run's end sets
 * off is attached to `data.runEnded` as its consumers are built (completion/run-ended.ts has the
 * order and why).
 */
export async function assembleCore(options: CoreOptions): Promise<CoreParts> {
  let state: CoreState = 'starting'
  const base = coreBase(options)
  const data = await openCoreData({ options, base })
  const node = coreNode({ options, base, data })
  const pipeline = corePipeline({ options, base, data, node })
  const defs = coreDefinitions({ base, data, node })
  const flows = coreFlows({ base, data, pipeline, node })
  const backfills = coreBackfills({ base, data, node, pipeline, flows })
  const capacity = coreCapacity({ base, data, node, pipeline })
  // Before the join: the runs a take-over ends at the join reach the flows and the backfills.
  data.runEnded.attach({
    metrics: countEndedRuns(data.metrics),
    consoles: showWrittenRuns(node.runsChanged),
    flows: flows.runsEnded,
    backfills: backfills.runsEnded,
    capacity: capacity.runsEnded,
  })
  const joined = await joinCluster({ options, base, data, node, pipeline, defs })
  const background = startBackground({ options, base, data, node, pipeline, joined })
  // From the monitors' start (startBackground is synchronous: no flush comes between).
  data.runEnded.attach({ runLogs: pipeline.logKeeper, failures: background.monitors.failures, childJobs: background.monitors.childJobs })
  data.metrics.readFrom(metricSources({ base, data, node, pipeline }))
  const surfaces = await coreSurfaces({ options, base, data, node, pipeline, defs, flows, backfills, capacity, monitors: background.monitors })

  // What the consoles are told of pause-all from here on is a change from what it is now.
  await defs.maintenance.prime()
  await defs.definitions.start()
  pipeline.scheduler.start()
  flows.start()
  backfills.start()
  capacity.start()
  pipeline.logKeeper.start()
  data.storedSecrets.start()
  state = 'running'
  base.logger.info('core running', { dataDir: options.dataDir, database: data.store.location, node: node.nodeId })
  const checkpointer = startCheckpointer({ options, base, data })
  node.executor?.warmUp()

  const { store, settings, writer } = data
  return {
    ...surfaces,
    events: data.events,
    store,
    scheduler: pipeline.scheduler,
    executor: node.executor,
    settings,
    registry: node.registry,
    consoleToken: data.consoleToken,
    nodeId: node.nodeId,
    database: { location: store.location, engine: store.engine },
    setAdminUrl: (url) => node.membership.setAdminUrl(url),
    nodeUrl: () => node.membership.adminUrl(),
    writerStats: () => writer.stats(),
    completeRuns: (completions) => writer.complete(completions),
    state: () => state,
    async stop() {
      if (state !== 'running') return
      state = 'draining'
      await stopCore({ base, data, node, pipeline, defs, flows, backfills, capacity, background, checkpointer })
      state = 'stopped'
    },
  }
}

/**
 * SQLite's checkpoint thread starts once the first scan is done: on a 2-core machine its start-up
 * would take a core from the core's own (docs/benchmarks.md#b9-cold-start). Until then SQLite
 * checkpoints on this connection as it does by default.
 */
function startCheckpointer({
  options,
  base: { spawnWorker, logger },
  data: { store },
}: {
  options: Pick<CoreOptions, 'nativeBinding'>
  base: Pick<CoreBase, 'spawnWorker' | 'logger'>
  data: Pick<CoreData, 'store'>
}): Checkpointer | null {
  if (!(store instanceof SqliteStore)) return null
  return new Checkpointer(store.db, spawnWorker, { file: store.location, nativeBinding: options.nativeBinding, periodMs: 1000, quickCheck: true }, logger)
}

/** Stops in the reverse order of the start: no new fires, triggers drained, runs written, then the store. */
async function stopCore({
  base: { logger, nowMs },
  data,
  node,
  pipeline,
  defs,
  flows,
  backfills,
  capacity,
  background,
  checkpointer,
}: {
  base: Pick<CoreBase, 'logger' | 'nowMs'>
  data: Pick<CoreData, 'storedSecrets' | 'writer' | 'alarms' | 'events' | 'store' | 'reports'>
  node: Pick<CoreNode, 'executor' | 'registry' | 'embeddedAddress' | 'relay' | 'membership'>
  pipeline: Pick<CorePipeline, 'scheduler' | 'triggers' | 'runLogs' | 'logKeeper'>
  defs: Pick<CoreDefinitions, 'definitions'>
  flows: Pick<CoreFlows, 'stop'>
  backfills: Pick<CoreBackfills, 'stop'>
  capacity: Pick<CoreCapacity, 'stop'>
  background: CoreBackground
  checkpointer: Checkpointer | null
}): Promise<void> {
  await pipeline.scheduler.stop()
  await pipeline.triggers.finishFiring()
  await backfills.stop()
  await capacity.stop()
  await flows.stop()
  await pipeline.triggers.releaseWaiting()
  await pipeline.triggers.idle()
  await background.registryLoops.stop()
  await background.monitors.stop()
  await background.deadlines.stop()
  await data.storedSecrets.stop()
  if (node.executor) {
    await node.registry.remove(EMBEDDED_APP_NAME, node.embeddedAddress, nowMs()).catch((error: unknown) => {
      logger.error('leaving the registry failed', { error: (error as Error).message })
    })
    await node.executor.stop()
  }
  await data.writer.flush(true)
  await defs.definitions.stop()
  node.relay.close()
  await node.membership.leave()
  await data.alarms.close()
  pipeline.runLogs.close()
  await pipeline.logKeeper.close()
  data.events.close()
  await data.reports.close()
  await checkpointer?.stop()
  await data.store.close()
}
