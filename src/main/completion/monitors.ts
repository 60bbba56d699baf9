import { ChildJobs } from '../completion/child-jobs'
import { DEFAULT_KEEP_PERIOD_MS } from './run-log-keeper'
import { FailMonitor, type SendAlarm } from '../completion/fail-monitor'
import { deleteExpiredRuns, refreshReport } from '../completion/log-maintenance'
import {
  findLostRuns,
  findOrphanedEmbeddedRuns,
  findStalePendingRuns,
  LOST_RUN_PERIOD_MS,
  LOST_RUN_THRESHOLD_MS,
} from '../completion/lost-runs'
import type { FlushResult, RunWriter } from '../completion/run-writer'
import { RunReconciler } from '../completion/run-reconciler'
import type { ExecutorApi } from '../executor/executor-api'
import type { JobGroup } from '../../shared/model'
import { FAIL_MONITOR_PERIOD_MS } from '../completion/retry-plan'
import { runNowAndPeriodically, runPeriodically, sleepUntil, type Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { Store } from '../store/store'
import type { OneOffTrigger } from '../trigger/prepare-runs'

/** Periods and thresholds of the completion monitors; tests shorten them. */
export interface MonitorTimings {
  failMonitorPeriodMs: number
  lostRunThresholdMs: number
  lostRunPeriodMs: number
  reportPeriodMs: number
  retentionPeriodMs: number
  /** How long a run its live executor no longer has may wait for its callback before it ends as lost. */
  reconcileGraceMs: number
  /** How often the logs of running LAN runs are copied (run-log-keeper.ts). */
  runLogKeepPeriodMs: number
}

export const DEFAULT_MONITOR_TIMINGS: MonitorTimings = {
  failMonitorPeriodMs: FAIL_MONITOR_PERIOD_MS,
  lostRunThresholdMs: LOST_RUN_THRESHOLD_MS,
  lostRunPeriodMs: LOST_RUN_PERIOD_MS,
  reportPeriodMs: 60_000,
  retentionPeriodMs: 86_400_000,
  // Three beats, and more than twice an agent's 30-s pause between retries of spooled callbacks.
  reconcileGraceMs: 90_000,
  runLogKeepPeriodMs: DEFAULT_KEEP_PERIOD_MS,
}

export interface MonitorDeps {
  store: Store
  writer: RunWriter
  clock: Clock
  logger: Logger
  trigger: (request: OneOffTrigger) => unknown
  sendAlarm: SendAlarm
  retentionDays: () => number
  timings: MonitorTimings
  /**
   * True when no other JobDesk process uses the database: every embedded address but ours is then
   * dead at start, so its runs end at once instead of after the registry's dead timeout.
   */
  soleProcess: boolean
  /** This process's embedded executor's address. */
  embeddedAddress: string
  /** Whether an address beat within the dead timeout (an embedded address beats while its process runs). */
  isAlive: (address: string) => boolean
  executorFor: (address: string, group: JobGroup | undefined) => ExecutorApi
  /** Share of each retry backoff added as jitter (0 off; default DEFAULT_RETRY_JITTER_RATIO). */
  retryJitterRatio?: number
  /** Told of every completed run id; keeps the logs of the LAN ones. */
  keepLogs: (runIds: readonly number[]) => void
}

export interface Monitors {
  /** After each write batch: fires the children of completed runs, wakes the fail monitor for failures. */
  onFlush(result: FlushResult): void
  /** A LAN executor beat: its runs that it no longer has are found (and end as lost after a grace period). */
  onBeat(appName: string, address: string, nowMs: number): void
  stop(): Promise<void>
}

/**
 * The loops that make every run converge to a true state: child jobs on completion, fail retry and
 * alarms, lost runs, runs interrupted by a previous stop of this process, the daily report and
 * retention.
 */
export function startMonitors(deps: MonitorDeps): Monitors {
  const { store, writer, clock, logger, timings } = deps
  const stop = new AbortController()
  let stopped = false
  const logError = (what: string) => (error: unknown) => logger.error(what, { error: (error as Error).message })
  const children = new ChildJobs(store, deps.trigger, logger)
  const failMonitor = new FailMonitor({
    store,
    trigger: deps.trigger,
    sendAlarm: deps.sendAlarm,
    logger,
    retryJitterRatio: deps.retryJitterRatio,
  })

  const reconciler = new RunReconciler({ store, executorFor: deps.executorFor, logger, graceMs: timings.reconcileGraceMs })
  const orphaned = (nowMs: number, alive: (address: string) => boolean) => findOrphanedEmbeddedRuns(store, nowMs, deps.embeddedAddress, alive)

  const startedAtMs = clock.nowMs()
  const interrupted = [...orphaned(startedAtMs, deps.soleProcess ? () => false : deps.isAlive), ...findStalePendingRuns(store, startedAtMs)]
  if (interrupted.length > 0) {
    logger.warn('runs interrupted by the last stop marked as failed', { count: interrupted.length })
    void writer.complete(interrupted).catch(logError('marking interrupted runs failed'))
  }

  const failWake = new Wake()
  const loops = [
    failLoop(failMonitor, clock, timings.failMonitorPeriodMs, stop.signal, failWake, logError('fail monitor pass failed')),
    runPeriodically(
      clock,
      timings.lostRunPeriodMs,
      stop.signal,
      async () => {
        const nowMs = clock.nowMs()
        const lost = [
          ...findLostRuns(store, nowMs, timings.lostRunThresholdMs),
          ...findStalePendingRuns(store, nowMs),
          ...orphaned(nowMs, deps.isAlive),
          ...reconciler.due(nowMs),
        ]
        if (lost.length > 0) await writer.complete(lost)
      },
      logError('lost-run pass failed'),
    ),
    runPeriodically(clock, timings.reportPeriodMs, stop.signal, () => refreshReport(store, clock.nowMs()), logError('report pass failed')),
    // XXL-JOB cleans on its first loop: a workstation restarted every morning never reaches 24 h
    // of uptime, so a purge that waited a period first would never run there.
    runNowAndPeriodically(
      clock,
      timings.retentionPeriodMs,
      stop.signal,
      async () => {
        const retentionDays = deps.retentionDays()
        const deleted = await deleteExpiredRuns(store, clock.nowMs(), retentionDays)
        if (deleted > 0) logger.info('expired runs deleted, with their kept logs', { deleted, retentionDays })
      },
      logError('retention pass failed'),
    ),
  ]

  return {
    onFlush(result) {
      // While draining, a child trigger would only meet a stopping executor.
      if (stopped) return
      // A failure wakes the fail monitor at once, so a retry's backoff counts from the failure,
      // not from the monitor's next 10-s pass.
      if (result.failedIds.length > 0) failWake.wake()
      if (result.completedIds.length === 0) return
      if (children.hasLinks()) children.fire(store.runs.getMany(result.completedIds))
      deps.keepLogs(result.completedIds)
    },
    onBeat(appName, address, nowMs) {
      if (!stopped) reconciler.onBeat(appName, address, nowMs)
    },
    async stop() {
      stopped = true
      stop.abort()
      await Promise.all(loops)
      await failMonitor.settled()
    },
  }
}

/**
 * Cuts a sleep short. A wake that arrives while the loop is busy is kept, so the next sleep returns
 * at once instead of the wake being lost.
 */
class Wake {
  private controller = new AbortController()

  signal(outer: AbortSignal): AbortSignal {
    return AbortSignal.any([outer, this.controller.signal])
  }

  /** Call after waking, before the work the wake asked for. */
  reset(): void {
    if (this.controller.signal.aborted) this.controller = new AbortController()
  }

  wake(): void {
    this.controller.abort()
  }
}

async function failLoop(
  monitor: FailMonitor,
  clock: Clock,
  periodMs: number,
  signal: AbortSignal,
  wake: Wake,
  onError: (error: unknown) => void,
): Promise<void> {
  let delayMs = periodMs
  while (!signal.aborted) {
    await sleepUntil(clock, clock.nowMs() + delayMs, wake.signal(signal))
    if (signal.aborted) return
    wake.reset()
    try {
      const nowMs = clock.nowMs()
      delayMs = monitor.nextPassDelayMs(monitor.pass(nowMs), nowMs, periodMs)
    } catch (error) {
      onError(error)
      delayMs = periodMs
    }
  }
}
