import { AlarmPolicyGate } from '../completion/alarm-policy-gate'
import { policedDeadlineNotices } from '../deadlines/policed-deadline-notices'
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
import { startDeadlineMonitor } from '../deadlines/deadline-monitor'

/** What runs in the background once the node has joined: registry beats and sweeps, the monitors. */
export interface CoreBackground {
  registryLoops: { stop(): Promise<void> }
  monitors: Monitors
  /** Late and slow runs (src/main/deadlines/). */
  deadlines: { stop(): Promise<void> }
}

/** What the join leaves for the background: whether this process is alone on the database, the infrastructure alerts, the embedded executor as registered. */
interface Joined {
  soleProcess: boolean
  alerts: InfraAlerts
  embedded: { address: string; info: () => ExecutorInfo | null } | null
}

/**
 * Registers the embedded executor, joins the cluster (taking over what dead nodes left), and seeds
 * the demo jobs on a first start.
 */
export async function joinCluster({
  options,
  base: { clock, logger, nowMs },
  data: { store, writer, settings, alarms, events },
  node,
  pipeline: { scheduler, triggers },
  defs: { jobs },
}: {
  options: Pick<CoreOptions, 'mode' | 'seedDemo'>
  base: Pick<CoreBase, 'clock' | 'logger' | 'nowMs'>
  data: Pick<CoreData, 'store' | 'writer' | 'settings' | 'alarms' | 'events'>
  node: Pick<CoreNode, 'registry' | 'executor' | 'embeddedAddress' | 'membership'>
  pipeline: Pick<CorePipeline, 'scheduler' | 'triggers'>
  defs: Pick<CoreDefinitions, 'jobs'>
}): Promise<Joined> {
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
  // Renewed from the join on: what the startup does after it cannot let the first lease lapse.
  await membership.joinAndRenew(
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
  await seedDemoJobs(store.settings, jobs, embeddedGroupId, localTimezone, {
    wanted: options.seedDemo !== false,
    existingJobs: async () => (await store.jobs.counts()).total,
  })
  return { soleProcess, alerts, embedded }
}

/** Starts the monitors and the registry loops: synchronous, so the caller attaches the monitors' consumers before any flush. */
export function startBackground({
  options,
  base: { clock, logger },
  data: { store, writer, settings, alarms, audit, metrics, events, secretStore, artifacts },
  node,
  pipeline: { triggers, executors, monitorTimings, childLinks },
  joined: { soleProcess, alerts, embedded },
}: {
  options: Pick<CoreOptions, 'retryJitterRatio'>
  base: Pick<CoreBase, 'clock' | 'logger'>
  data: Pick<CoreData, 'store' | 'writer' | 'settings' | 'alarms' | 'audit' | 'metrics' | 'events' | 'secretStore' | 'artifacts'>
  node: Pick<CoreNode, 'registry' | 'embeddedAddress' | 'membership' | 'registryTimings' | 'runsChanged'>
  pipeline: Pick<CorePipeline, 'triggers' | 'executors' | 'monitorTimings' | 'childLinks'>
  joined: Joined
}): CoreBackground {
  const { registry, membership } = node
  const monitors = startMonitors({
    store,
    writer,
    artifacts,
    clock,
    logger,
    trigger: (request) => triggers.trigger(request),
    childLinks,
    sendAlarm: (run, policy) => alarms.sendFor(run, policy),
    settings,
    audit,
    secrets: secretStore,
    timings: monitorTimings,
    retryJitterRatio: options.retryJitterRatio,
    soleProcess,
    embeddedAddress: node.embeddedAddress,
    membership,
    executorFor: async (address, group) => (await executors.reach(address, group)).executor,
    onAlarmStatus: (logId) => node.runsChanged([logId]),
  })
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
  const deadlines = startDeadlineMonitor({
    store,
    clock,
    logger,
    membership,
    send: policedDeadlineNotices({
      store,
      gate: new AlarmPolicyGate(store, () => settings.alarmPolicy()),
      send: (notice) => alarms.sendDeadlineNotice(notice),
      logger,
      nowMs: () => clock.nowMs(),
    }),
    counted: (kind) => metrics.deadlineMissed(kind),
    marked: (target, runId, ownerId) => {
      if (target === 'job') node.runsChanged([runId])
      else void showFlowRunMarked(store, events, runId, ownerId)
    },
    defaultTimezone: localTimezone,
    periodMs: monitorTimings.deadlinePeriodMs,
  })
  return { registryLoops, monitors, deadlines }
}

/** A flow run got a deadline mark: the consoles showing it re-read it (the event carries its state). */
async function showFlowRunMarked(store: CoreData['store'], events: CoreData['events'], flowRunId: number, flowId: number): Promise<void> {
  const run = await store.flowRuns.get(flowRunId).catch(() => null)
  if (run) events.emit({ type: 'flow-run-changed', flowRunId, flowId, state: run.state })
}
