import { ArtifactLinks } from '../artifacts/artifact-links'
import { FlowEngine } from '../flows/flow-engine'
import { FlowNodeKills } from '../flows/flow-node-kills'
import { FlowRunsEnded } from '../flows/flow-runs-ended'
import { FlowSchedule } from '../flows/flow-schedule'
import { FlowService } from '../flows/flow-service'
import { RunControl } from '../runs/run-control'
import { localTimezone } from './local-timezone'
import type { CoreBase, CoreData } from './core-data'
import type { CorePipeline } from './core-pipeline'
import { ScheduleBook } from '../calendars/schedule-book'
import { WindowKills } from '../scheduler/window-kills'
import { AlarmPolicyGate } from '../completion/alarm-policy-gate'
import { FlowPolicyAlarms } from '../completion/flow-policy-alarms'
import type { CoreNode } from './core-node'

/** Flows: their definitions, the engine that runs them, and their own schedules. */
export interface CoreFlows {
  service: FlowService
  engine: FlowEngine
  schedule: FlowSchedule
  /** Kills, probes and previews on runs (a flow's kill kills its nodes' runs through it). */
  runControl: RunControl
  /** `${nodes.<key>.artifacts.<name>}`'s one-time links: made when a node starts, redeemed by the artifact route. */
  artifactLinks: ArtifactLinks
  /** The flows' part of a run's end (completion/run-ended.ts). */
  runsEnded: FlowRunsEnded
  /** Starts the sweep, the schedule and the kills of maintenance windows that open (scheduler/window-kills.ts); `stop` ends them and waits for the work under way. */
  start(): void
  stop(): Promise<void>
}

/**
 * The engine hears every write batch of the run writer through `runsEnded` (a completed node run
 * moves its flow on), attached before the monitors start, so the runs a previous stop interrupted
 * reach their flows too.
 */
export function coreFlows({
  base: { clock, logger, nowMs },
  data: { store, writer, events, alarms, metrics, settings, artifactLinkKey },
  pipeline,
  node,
}: {
  base: Pick<CoreBase, 'clock' | 'logger' | 'nowMs'>
  data: Pick<CoreData, 'store' | 'writer' | 'events' | 'alarms' | 'metrics' | 'settings' | 'artifactLinkKey'>
  pipeline: Pick<CorePipeline, 'executors' | 'triggers'>
  node: Pick<CoreNode, 'membership'>
}): CoreFlows {
  const runControl = new RunControl(store, pipeline.executors, writer, nowMs)
  const kills = new FlowNodeKills(runControl, logger)
  // A flow's failure and timeout notices go through the alarm policy, as a job's failures do.
  const flowAlarms = new FlowPolicyAlarms({
    gate: new AlarmPolicyGate(store, () => settings.alarmPolicy()),
    store,
    announce: (notice) => alarms.announceFlowNotice(notice),
    clock,
    logger,
  })
  const artifactLinks = new ArtifactLinks({ key: artifactLinkKey, repos: store, baseUrl: () => node.membership.adminUrl(), nowMs })
  const engine = new FlowEngine({
    store,
    artifactLinks,
    trigger: (request, beforeDispatch) => pipeline.triggers.trigger(request, beforeDispatch),
    expedite: (logIds) => writer.expedite(logIds),
    killRun: (logId) => kills.kill(logId),
    clock,
    logger,
    changed: ({ flowRunId, flowId, state }) => events.emit({ type: 'flow-run-changed', flowRunId, flowId, state }),
    ended: (state, flowId, flowRunId) => {
      metrics.flowRunEnded(state)
      if (state === 'success') flowAlarms.succeeded(flowId, flowRunId)
    },
    announce: (notice) => flowAlarms.announce(notice),
  })
  const runsEnded = new FlowRunsEnded(kills, engine, logger)
  const schedule = new FlowSchedule({ store, calendars: new ScheduleBook(), clock, logger, engine, onSkipped: (slots) => metrics.skipped(slots) })
  // Runs and flow runs go the operator's kill paths; one node (the one doing periodic work) kills.
  const windowKills = new WindowKills({
    store,
    killRun: (logId, by) => runControl.kill(logId, { by }),
    killFlowRun: (flowRunId, actor) => engine.kill(flowRunId, actor),
    doesPeriodicWork: () => node.membership.doesPeriodicWork(),
    clock,
    logger,
  })
  const stopping = new AbortController()
  let loops: Promise<void>[] = []
  return {
    service: new FlowService(store, nowMs, localTimezone),
    engine,
    schedule,
    runControl,
    artifactLinks,
    runsEnded,
    start() {
      loops = [engine.run(stopping.signal), schedule.run(stopping.signal), windowKills.run(stopping.signal)]
    },
    async stop() {
      stopping.abort()
      await Promise.all(loops)
      await runsEnded.settled()
      await engine.settled()
      await flowAlarms.settled()
    },
  }
}
