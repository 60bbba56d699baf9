import { EMBEDDED_APP_NAME, type ExecutorInfo } from '../../shared/model'
import { JOBDESK_VERSION } from '../../shared/version'
import { NodeTakeOver } from '../cluster/node-take-over'
import { InfraAlerts } from '../completion/infra-alerts'
import { startMonitors, type Monitors } from '../completion/monitors'
import { ensureEmbeddedGroup, seedDemoJobs } from '../definitions/seed-demo'
import { startRegistryLoops } from '../registry/registry-loops'
import type { CoreOptions } from './core-contract'
import type { CoreBase, CoreData } from './core-data'
import type { CoreDefinitions } from './core-definitions'
import type { CoreNode } from './core-node'
import type { CorePipeline } from './core-pipeline'
import { localTimezone } from './local-timezone'

/** What runs in the background once the node has joined: registry beats and sweeps, the monitors. */
export interface CoreBackground {
  registryLoops: { stop(): Promise<void> }
  monitors: Monitors
}

/**
 * Registers the embedded executor, joins the cluster (taking over what dead nodes left), seeds the
 * demo jobs on a first start, and starts the registry loops and the monitors.
 */
export async function joinAndMonitor(
  options: CoreOptions,
  { clock, logger, nowMs }: CoreBase,
  { store, writer, settings, alarms, audit, events }: CoreData,
  node: CoreNode,
  { scheduler, triggers, executors, logKeeper, monitorTimings, childLinks }: CorePipeline,
  { jobs }: CoreDefinitions,
): Promise<CoreBackground> {
  const { registry, executor, embeddedAddress, membership } = node
  const embeddedGroupId = await ensureEmbeddedGroup(store.groups, nowMs())
  const alerts = new InfraAlerts(store, {
    send: (alert) => alarms.sendAlert(alert),
    language: () => settings.consoleLanguage(),
    nowMs,
    logger,
  })
  // A burst of misfires in one group is an infrastructure alert (the scan's misfire events are counted per group and minute).
  events.on('misfire', (event) => alerts.misfire(event.jobId))
  // A headless server serves the console at its own URL: chat messages link to the run there. The desktop app's console is its window.
  alarms.linkRunsAt(() => (options.mode === 'headless' ? membership.adminUrl() : ''))
  const embeddedInfo = (): ExecutorInfo | null =>
    executor && { kind: 'jobdesk', version: JOBDESK_VERSION, handlers: executor.handlerNames(), scripts: settings.embeddedScriptsEnabled() }
  const embedded = executor ? { address: embeddedAddress, info: embeddedInfo } : null
  // The embedded executor is registered in the join's own transaction (and again in each rejoin's),
  // before any take-over: a take-over at join ends the dead node's runs, and what their ends
  // trigger at once (a flow's next node, a child job, a retry) must find this embedded executor.
  await membership.join(
    new NodeTakeOver({
      scheduler,
      triggers,
      runs: store.runs,
      complete: (c) => writer.complete(c),
      registry,
      embedded,
      clock,
      logger,
      alerts,
      node: { nodeId: membership.nodeId, nodeName: membership.nodeName },
    }),
  )
  const soleProcess = membership.peerCount() === 0
  // Alone on the database, every other embedded address is a past life of this process: gone.
  if (soleProcess) await registry.removeAllBut(EMBEDDED_APP_NAME, executor ? embeddedAddress : '', nowMs())
  if (options.seedDemo !== false) await seedDemoJobs(store.settings, jobs, embeddedGroupId, localTimezone)

  const monitors = startMonitors({
    store,
    writer,
    clock,
    logger,
    trigger: (request) => triggers.trigger(request),
    childLinks,
    sendAlarm: (run) => alarms.sendFor(run),
    retentionDays: () => settings.logRetentionDays(),
    timings: monitorTimings,
    retryJitterRatio: options.retryJitterRatio,
    soleProcess,
    embeddedAddress,
    doesPeriodicWork: () => membership.doesPeriodicWork(),
    executorFor: async (address, group) => (await executors.reach(address, group)).executor,
    keepLogs: (runs) => logKeeper.keepFinished(runs),
    purgeAudit: (atMs) => audit.purge(atMs, settings.auditRetentionDays()),
    purgeAlerts: (beforeMs) => store.alerts.deleteOlderThan(beforeMs),
    purgeHookUses: (atMs) => store.hookUses.deleteExpired(atMs),
    onAlarmStatus: (logId) => node.runsChanged([logId]),
  })
  writer.onFlush((result) => monitors.onFlush(result))
  const registryLoops = startRegistryLoops({
    registry,
    clock,
    timings: node.registryTimings,
    logger,
    embedded,
    // In the sweep's step: a run on an executor declared dead ends as lost at once (its retry goes to a live address).
    onDead: async (dead, sweptAtMs) => {
      alerts.executorsDead(dead)
      await monitors.onExecutorsDead(dead, sweptAtMs)
    },
  })
  return { registryLoops, monitors }
}
