import { peerExecutorThroughRoute } from '../cluster/node-route'
import { ChildLinks } from '../completion/child-links'
import { DEFAULT_MONITOR_TIMINGS, type MonitorTimings } from '../completion/monitors'
import { RunLogKeeper } from '../completion/run-log-keeper'
import { entitledAddresses } from '../registry/entitled-addresses'
import { RemoteExecutors } from '../registry/remote-executors'
import { RunLogs, type WatchEmbeddedLog } from '../runs/run-logs'
import { ScheduleBook } from '../calendars/schedule-book'
import { Scheduler } from '../scheduler/scheduler'
import { ExecutorDirectory } from '../trigger/executor-directory'
import { OutcomeWaiters } from '../trigger/outcome-waiters'
import { createRouters } from '../trigger/routing'
import { RunDispatch } from '../trigger/run-dispatch'
import { TriggerService } from '../trigger/trigger-service'
import type { CoreOptions } from './core-contract'
import type { CoreBase, CoreData } from './core-data'
import type { CoreNode } from './core-node'
import { AddressSlots } from '../capacity/address-slots'

/** The path of a run, from the scan that plans it to the log an operator reads. */
export interface CorePipeline {
  executors: ExecutorDirectory
  scheduler: Scheduler
  triggers: TriggerService
  /** Manual triggers wait here for their outcome. */
  triggerOutcomes: OutcomeWaiters
  logKeeper: RunLogKeeper
  runLogs: RunLogs
  monitorTimings: MonitorTimings
  /** The jobs' child links: the monitors fire children by them; a parent's completion is written without the batch delay. */
  childLinks: ChildLinks
}

/**
 * The ring's fires go to the trigger service, which writes their runs and hands them to its pool;
 * the pool routes each run and calls its executor (RunDispatch), and the outcome goes to the run
 * writer. No executor call leaves while this node cannot confirm its lease: the membership is the
 * fence of every step.
 */
export function corePipeline({
  options,
  base: { clock, logger, nowMs },
  data: { store, settings, writer, events, clusterSecret, metrics, secretMasks, secretStore },
  node,
}: {
  options: Pick<CoreOptions, 'monitorTimings' | 'prepareAheadMs' | 'scanBatchSize' | 'secretReader'>
  base: Pick<CoreBase, 'clock' | 'logger' | 'nowMs'>
  data: Pick<CoreData, 'store' | 'settings' | 'writer' | 'events' | 'clusterSecret' | 'metrics' | 'secretMasks' | 'secretStore'>
  node: Pick<CoreNode, 'nodeId' | 'membership' | 'executor' | 'embeddedAddress' | 'nodeRouteActive' | 'registry' | 'runsChanged'>
}): CorePipeline {
  const { membership, executor } = node
  const remote = new RemoteExecutors(store.groups, () => settings.accessToken())
  const executors = new ExecutorDirectory({
    embedded: executor,
    embeddedAddress: node.embeddedAddress,
    remote: (address, group, withToken) => remote.forAddress(address, group, withToken),
    peer: (address) => peerExecutorThroughRoute(address, { routeActive: node.nodeRouteActive, membership, secret: () => clusterSecret.current() }),
    entitled: (group) => entitledAddresses(store, group),
  })
  const monitorTimings = { ...DEFAULT_MONITOR_TIMINGS, ...options.monitorTimings }
  const logKeeper = new RunLogKeeper({
    store,
    executors,
    clock,
    logger,
    keepPeriodMs: monitorTimings.runLogKeepPeriodMs,
    keepsRunning: () => membership.doesPeriodicWork(),
    masks: () => secretMasks.current(),
  })
  const triggerOutcomes = new OutcomeWaiters(clock)
  const childLinks = new ChildLinks(store, writer)
  events.on('links-changed', () => {
    childLinks.reload().catch((error: unknown) => logger.warn('reading child links failed', { error: (error as Error).message }))
  })
  const dispatch = new RunDispatch(
    {
      routers: createRouters(),
      executors,
      nowMs,
      usesOf: (jobId) => store.routes.usesOf(jobId),
      unreachable: (appName, address) => node.registry.noteUnreachable(appName, address, nowMs()),
      addressSlots: new AddressSlots(store),
      secrets: options.secretReader ?? secretStore,
      llmProviders: store.llmProviders,
    },
    writer,
    logKeeper,
    triggerOutcomes,
  )
  const triggers = TriggerService.withPool(
    {
      store,
      clock,
      logger,
      nodeId: node.nodeId,
      fence: membership,
      onPrepared: (runs) => node.runsChanged(runs.map((r) => r.logId)),
      onWritten: (runs) => {
        metrics.runsWritten(runs)
        childLinks.written(runs)
      },
    },
    dispatch,
  )
  const calendars = new ScheduleBook()
  const scheduler = new Scheduler({
    store,
    nodeId: node.nodeId,
    fence: membership,
    clock,
    nextFire: calendars.nextFire,
    calendars,
    triggers,
    prepareAheadMs: options.prepareAheadMs ?? PREPARE_AHEAD_MS,
    logger,
    scanBatchSize: options.scanBatchSize,
    onMisfire: (misfires) => {
      metrics.misfired(misfires)
      for (const m of misfires) events.emit({ type: 'misfire', jobId: m.jobId, missedCount: m.missedTimesMs.length, strategy: m.strategy })
    },
    onSkipped: (slots) => metrics.skipped(slots),
  })
  const watchEmbedded: WatchEmbeddedLog | null = executor ? (request, listener) => executor.watchLog(request, listener) : null
  const runLogs = new RunLogs(store, executors, watchEmbedded, events, clock, logger, logKeeper, () => secretMasks.current())
  return { executors, scheduler, triggers, triggerOutcomes, logKeeper, runLogs, monitorTimings, childLinks }
}

/**
 * The ring hands each second's fires over this long before it (Scheduler's `prepareAheadMs`): enough
 * to write 1,000 fires' rows (~40 ms on this machine) with room for a busy event loop; at higher
 * loads the rest are written and dispatched as soon as they can be.
 */
const PREPARE_AHEAD_MS = 200
