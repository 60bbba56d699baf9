import type { JobGroup } from '../../shared/model'
import type { AuditService } from '../audit/audit-service'
import type { ExecutorApi } from '../executor/executor-api'
import { runNowAndPeriodically, runPeriodically, sleepUntil, type Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { RepoAccess } from '../store/store'
import type { OneOffTrigger } from '../trigger/prepare-runs'
import { ChildJobs } from './child-jobs'
import type { ChildLinks } from './child-links'
import type { AlarmPolicy } from '../../shared/alarm-policy'
import type { ArtifactStore } from '../artifacts/artifact-store'
import { AlarmPolicyGate } from './alarm-policy-gate'
import { FailMonitor } from './fail-monitor'
import type { SendAlarm } from './send-alarm'
import { deleteExpiredAlarms, deleteExpiredBackfills, deleteExpiredMissedSlots, deleteExpiredRuns, MIN_RETENTION_DAYS, refreshReport } from './log-maintenance'
import { aliveEmbeddedAddresses } from '../registry/embedded-liveness'
import type { DeadAddress } from '../registry/health'
import { endRunsOnDeadExecutors } from './dead-executor-runs'
import { findLostRuns, findOrphanedEmbeddedRuns, findStalePendingRuns, LOST_RUN_PERIOD_MS, LOST_RUN_THRESHOLD_MS } from './lost-runs'
import { FAIL_MONITOR_PERIOD_MS } from './retry-plan'
import { DEFAULT_KEEP_PERIOD_MS } from './run-log-keeper'
import { RunReconciler } from './run-reconciler'
import type { RunEndedConsumer } from './run-ended'
import type { RunWriter } from './run-writer'

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
  /** How often the deadline monitor looks when no deadline falls sooner (src/main/deadlines/). */
  deadlinePeriodMs: number
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
  // The deadline monitor's look when no deadline falls sooner (src/main/deadlines/deadline-monitor.ts).
  deadlinePeriodMs: 10_000,
}

export interface MonitorDeps {
  store: RepoAccess<
    | 'runs'
    | 'jobs'
    | 'groups'
    | 'reports'
    | 'flowRuns'
    | 'registry'
    | 'nodes'
    | 'alerts'
    | 'hookUses'
    | 'missedSlots'
    | 'backfills'
    | 'alarmPolicy'
    | 'alarmList'
  >
  writer: RunWriter
  /** The kept artifacts' files, removed after their runs' rows (docs/artifacts.md#retention). */
  artifacts?: Pick<ArtifactStore, 'removeRuns'>
  clock: Clock
  logger: Logger
  trigger: (request: OneOffTrigger) => Promise<unknown>
  /** The jobs' child links, shared with the trigger path (which writes a parent's completion at once). */
  childLinks: ChildLinks
  sendAlarm: SendAlarm
  /** The retentions of runs and of the audit trail, in days, read at each retention pass. */
  settings: { logRetentionDays(): number; auditRetentionDays(): number; alarmPolicy(): AlarmPolicy }
  /** With the run retention pass, the audit trail drops the entries past its own retention. */
  audit: Pick<AuditService, 'purge'>
  /** With the retention pass, secret versions past their grace period are deleted (docs/secrets.md). */
  secrets: { purgeExpired(nowMs: number): Promise<number> }
  timings: MonitorTimings
  /**
   * True when no other JobDesk process uses the database: every embedded address but ours is then
   * dead at start, so its runs end at once instead of after the registry's dead timeout.
   */
  soleProcess: boolean
  /** This process's embedded executor's address. */
  embeddedAddress: string
  /**
   * Whether this node does the cluster's periodic work now (lost-run sweep, report, retention): one
   * node at a time, by lease. Always true for a single process.
   */
  membership: { doesPeriodicWork(): boolean }
  executorFor: (address: string, group: JobGroup | undefined) => Promise<ExecutorApi>
  /** Share of each retry backoff added as jitter (0 off; default DEFAULT_RETRY_JITTER_RATIO). */
  retryJitterRatio?: number
  /** Told once a failed run's alarm status is final (sent, failed or not needed). */
  onAlarmStatus?: (logId: number) => void
}

export interface Monitors {
  /** A write batch's failures wake the fail monitor at once (its retries and alarms); not while stopping. */
  failures: RunEndedConsumer
  /** A write batch's completed runs fire their child jobs; not while stopping (a child would only meet a stopping executor). */
  childJobs: RunEndedConsumer
  /** A LAN executor beat: its runs that it no longer has are found (and end as lost after a grace period). */
  onBeat(appName: string, address: string, nowMs: number): void
  /**
   * The dead sweep removed these addresses at `nowMs`: the runs still running there end as lost now,
   * not at the 10-minute lost-run rule (which stays for runs on addresses that left the registry
   * otherwise or were never in it, and for a sweep whose node stopped before this ran).
   */
  onExecutorsDead(dead: readonly DeadAddress[], nowMs: number): Promise<void>
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
  const children = new ChildJobs(store, deps.childLinks, deps.trigger, logger)
  const failMonitor = new FailMonitor({
    store,
    trigger: deps.trigger,
    sendAlarm: deps.sendAlarm,
    logger,
    retryJitterRatio: deps.retryJitterRatio,
    onAlarmStatus: deps.onAlarmStatus,
    policy: new AlarmPolicyGate(store, () => deps.settings.alarmPolicy()),
    nowMs: () => clock.nowMs(),
  })

  const reconciler = new RunReconciler({ store, executorFor: deps.executorFor, logger, graceMs: timings.reconcileGraceMs })
  const orphaned = (nowMs: number, alive: (address: string) => boolean) => findOrphanedEmbeddedRuns(store.runs, nowMs, deps.embeddedAddress, alive)
  const aliveEmbedded = () => aliveEmbeddedAddresses(store, () => clock.nowMs())
  const periodic = (work: () => Promise<void>) => async () => {
    if (deps.membership.doesPeriodicWork()) await work()
  }

  const interruptedAtStart = async () => {
    const startedAtMs = clock.nowMs()
    const alive = deps.soleProcess ? () => false : await aliveEmbedded()
    const interrupted = [
      ...(await orphaned(startedAtMs, alive)),
      ...(deps.membership.doesPeriodicWork() ? await findStalePendingRuns(store.runs, startedAtMs) : []),
    ]
    if (interrupted.length === 0) return
    logger.warn('runs interrupted by the last stop marked as failed', { count: interrupted.length })
    await writer.complete(interrupted)
  }

  const failWake = new Wake()
  const childFirings = new Set<Promise<void>>()
  const loops = [
    interruptedAtStart().catch(logError('marking interrupted runs failed')),
    failLoop(failMonitor, clock, timings.failMonitorPeriodMs, stop.signal, failWake, logError('fail monitor pass failed')),
    runPeriodically(
      clock,
      timings.lostRunPeriodMs,
      stop.signal,
      async () => {
        const nowMs = clock.nowMs()
        // The reconciler's suspects are this node's own: the beats that raised them arrived here.
        const lost = await reconciler.due(nowMs)
        if (deps.membership.doesPeriodicWork()) {
          lost.push(...(await findLostRuns(store.runs, nowMs, timings.lostRunThresholdMs)))
          lost.push(...(await findStalePendingRuns(store.runs, nowMs)))
          lost.push(...(await orphaned(nowMs, await aliveEmbedded())))
        }
        if (lost.length > 0) await writer.complete(lost)
      },
      logError('lost-run pass failed'),
    ),
    runPeriodically(
      clock,
      timings.reportPeriodMs,
      stop.signal,
      periodic(() => refreshReport(store, clock.nowMs())),
      logError('report pass failed'),
    ),
    // XXL-JOB cleans on its first loop: a workstation restarted every morning never reaches 24 h
    // of uptime, so a purge that waited a period first would never run there.
    runNowAndPeriodically(
      clock,
      timings.retentionPeriodMs,
      stop.signal,
      periodic(async () => {
        const retentionDays = deps.settings.logRetentionDays()
        const deleted = await deleteExpiredRuns(store, clock.nowMs(), retentionDays, (ids) => deps.artifacts?.removeRuns(ids) ?? Promise.resolve())
        if (deleted > 0) logger.info('expired runs deleted, with their kept logs', { deleted, retentionDays })
        const missed = await deleteExpiredMissedSlots(store, clock.nowMs(), retentionDays)
        if (missed > 0) logger.info('expired missed-slot records deleted', { deleted: missed, retentionDays })
        const backfills = await deleteExpiredBackfills(store, clock.nowMs(), retentionDays)
        if (backfills > 0) logger.info('ended backfills deleted with their slots', { deleted: backfills, retentionDays })
        const alarms = await deleteExpiredAlarms(store, clock.nowMs(), retentionDays)
        if (alarms > 0) logger.info('expired alarm list entries deleted', { deleted: alarms, retentionDays })
        const audited = await deps.audit.purge(clock.nowMs(), deps.settings.auditRetentionDays())
        if (audited > 0) logger.info('expired audit entries deleted', { deleted: audited })
        // Alerts are kept as long as runs (a retention below the minimum keeps both for good).
        if (retentionDays >= MIN_RETENTION_DAYS) await store.alerts.deleteOlderThan(clock.nowMs() - retentionDays * 86_400_000)
        const secretVersions = await deps.secrets.purgeExpired(clock.nowMs())
        if (secretVersions > 0) logger.info('replaced secret values past their grace period deleted', { deleted: secretVersions })
        // The trigger URLs' used signatures that could no longer pass anyway.
        await store.hookUses.deleteExpired(clock.nowMs())
      }),
      logError('retention pass failed'),
    ),
  ]

  return {
    failures: {
      name: 'failures',
      // So a retry's backoff counts from the failure, not from the monitor's next 10-s pass.
      onRunsEnded({ completedIds, failedIds }) {
        if (stopped) return
        if (failedIds.length > 0) failWake.wake()
        // A success ends its job's row of failures (and tells the recovery of an alarmed one).
        const failed = new Set(failedIds)
        const succeeded = completedIds.filter((id) => !failed.has(id))
        if (succeeded.length > 0) failMonitor.completed(succeeded).catch(logError('the alarm policy could not take the runs that succeeded'))
      },
    },
    childJobs: {
      name: 'childJobs',
      onRunsEnded({ completedIds }) {
        if (stopped || completedIds.length === 0) return
        const firing: Promise<void> = children
          .fire(completedIds)
          .catch(logError('firing child jobs failed'))
          .finally(() => childFirings.delete(firing))
        childFirings.add(firing)
      },
    },
    onBeat(appName, address, nowMs) {
      if (!stopped) reconciler.onBeat(appName, address, nowMs)
    },
    async onExecutorsDead(dead, nowMs) {
      if (stopped) return
      const ended = await endRunsOnDeadExecutors({ store, complete: (lost) => writer.complete(lost) }, dead, nowMs)
      if (ended > 0) logger.warn('runs on executors declared dead marked as lost', { count: ended, addresses: dead.map((d) => d.address) })
    },
    async stop() {
      stopped = true
      stop.abort()
      await Promise.all(loops)
      await Promise.all([...childFirings])
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
      delayMs = monitor.nextPassDelayMs(await monitor.pass(nowMs), nowMs, periodMs)
    } catch (error) {
      onError(error)
      delayMs = periodMs
    }
  }
}
