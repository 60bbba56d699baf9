import { windowCovers, type MaintenanceWindow } from '../../shared/calendar/maintenance-window'
import { runPeriodically, type Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import { openSpanAt, type WindowSpan } from '../schedule/window-spans'
import type { Repos } from '../store/store'
import { MaintenanceView } from './maintenance-view'

/** Runs (and flow runs) one pass kills per window span at most; the next pass goes on with the rest. */
const KILLS_PER_PASS = 500
/** How often the open windows are looked at: a kill lands within about this long of a window's start. */
const KILL_PERIOD_MS = 1000

export interface WindowKillsDeps {
  store: Pick<Repos, 'versions' | 'windows' | 'settings' | 'runs' | 'flowRuns'>
  /** The operator's kill of a run (runs/run-control.ts): `/kill` to its executor, the run ended killed; `by` names the window. */
  killRun(logId: number, by: string): Promise<unknown>
  /** A flow run's kill (flow-engine.ts), `actor` naming who killed it in its note. */
  killFlowRun(flowRunId: number, actor: string): Promise<unknown>
  /** Whether this node does the cluster's periodic work now: one node kills, once per span. */
  doesPeriodicWork(): boolean
  clock: Clock
  logger: Logger
}

/**
 * Windows with `killRunning`: when one opens, the runs and flow runs of what it covers that started
 * before it and are still running are killed through the operator's kill path. Only the node doing
 * the cluster's periodic work kills, and it remembers the spans it has done; a node that takes the
 * periodic work over mid-span kills again only what is still running from before the start — a
 * run a person started inside the window is theirs and is left alone.
 */
export class WindowKills {
  private readonly maintenance = new MaintenanceView()
  /** Spans done (window id and start), with their end, forgotten once they closed. */
  private readonly done = new Map<string, number>()

  constructor(private readonly deps: WindowKillsDeps) {}

  /** One look at the open windows; resolves with how many runs and flow runs it killed. */
  async pass(nowMs: number): Promise<number> {
    const { store } = this.deps
    for (const [key, endMs] of this.done) if (endMs <= nowMs) this.done.delete(key)
    if (!this.deps.doesPeriodicWork()) return 0
    await this.maintenance.refresh(store, await store.versions.current())
    let killed = 0
    for (const window of this.maintenance.windows) {
      if (!window.killRunning) continue
      const span = openSpanAt(window, nowMs)
      if (span === null) continue
      const key = `${span.windowId}:${span.startMs}`
      if (this.done.has(key)) continue
      const { count, complete } = await this.killUnder(window, span)
      killed += count
      if (complete) this.done.set(key, span.endMs)
    }
    return killed
  }

  /** Looks every `KILL_PERIOD_MS` until `signal` aborts. */
  run(signal: AbortSignal): Promise<void> {
    const { clock, logger } = this.deps
    return runPeriodically(
      clock,
      KILL_PERIOD_MS,
      signal,
      async () => void (await this.pass(clock.nowMs())),
      (error) => logger.error('maintenance window kill pass failed', { error: (error as Error).message }),
    )
  }

  /** Flow runs first (their kill kills their nodes' runs), then the job runs still running. */
  private async killUnder(window: MaintenanceWindow, span: WindowSpan): Promise<{ count: number; complete: boolean }> {
    const { store, logger } = this.deps
    const actor = `maintenance window '${window.name}'`
    let count = 0
    const flowRuns = (await store.flowRuns.activeRuns()).filter((run) => run.startTimeMs < span.startMs && windowCovers(window.scope, { flowId: run.flowId }))
    for (const run of flowRuns.slice(0, KILLS_PER_PASS)) {
      try {
        await this.deps.killFlowRun(run.id, actor)
        count++
      } catch (error) {
        logger.warn('a maintenance window could not kill a flow run', { window: window.name, flowRunId: run.id, error: (error as Error).message })
      }
    }
    const runs = await store.runs.findRunningTriggeredBefore(span.startMs, KILLS_PER_PASS)
    for (const run of runs) {
      if (!windowCovers(window.scope, { jobId: run.jobId, groupId: run.jobGroup })) continue
      try {
        await this.deps.killRun(run.id, actor)
        count++
      } catch (error) {
        // Ended meanwhile, or its executor refused or is gone: the lost-run sweep ends it if it never reports.
        logger.warn('a maintenance window could not kill a run', { window: window.name, logId: run.id, error: (error as Error).message })
      }
    }
    if (count > 0) logger.info('maintenance window opened: running work killed', { window: window.name, killed: count })
    return { count, complete: flowRuns.length <= KILLS_PER_PASS && runs.length < KILLS_PER_PASS }
  }
}
