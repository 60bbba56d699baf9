import { ALARM_STATUS, type JobInfo, type JobRun } from '../../shared/model'
import type { AlarmPolicyGate } from './alarm-policy-gate'
import { PolicyAlarms } from './policy-alarms'
import type { SendAlarm } from './send-alarm'
import type { Logger } from '../kernel/logger'
import type { RepoAccess } from '../store/store'
import type { OneOffTrigger } from '../trigger/prepare-runs'
import { decideFailure, DEFAULT_RETRY_JITTER_RATIO, FAIL_MONITOR_PERIOD_MS, retryAddresses, type FailureDecision } from './retry-plan'

export interface FailMonitorOptions {
  store: RepoAccess<'runs' | 'jobs' | 'flowRuns' | 'alarmList'>
  trigger: (request: OneOffTrigger) => Promise<unknown>
  sendAlarm: SendAlarm
  logger: Logger
  /** Failed runs looked at per query (XXL-JOB: 1000). */
  batchSize?: number
  /** Share of a backoff wait added as jitter (see retryJitterMs); default DEFAULT_RETRY_JITTER_RATIO. */
  retryJitterRatio?: number
  /** Told once a run's alarm status is final, so the consoles showing the run see it change. */
  onAlarmStatus?: (logId: number) => void
  /** The alarm policy every failure alarm and recovery goes through; absent: every alarm is sent (XXL-JOB's way). */
  policy?: AlarmPolicyGate
  /** The time an alarm is decided at, for the alarm list (the monitors' clock). */
  nowMs: () => number
}

export interface FailPassResult {
  retried: number[]
  finished: number[]
  /** Earliest time a run waiting for its backoff becomes due, or null when none waits. */
  nextDueAtMs: number | null
  /** A query filled its batch: more runs wait to be looked at now. */
  more: boolean
}

/**
 * XXL-JOB's fail monitor (docs/protocol.md#fail-monitor-and-lost-runs) with backoff: each failed run is taken once (alarm_status
 * 0 → −1, compare-and-set), retried as a new RETRY run with one retry fewer while retries remain
 * (its shard and parameter kept), and alarmed per the job's rule through the alarm policy
 * (policy-alarms.ts); alarm_status ends at 2 (sent), 3 (failed), 1 (no alarm needed, or held by the
 * policy), 4 (folded) or 5 (suppressed). Alarms are sent in the background: they never hold up a pass.
 *
 * A failed run seen for the first time whose retry must wait gets its due time written
 * (job_log.retry_due_time) and stays untaken; later passes read runs by due time. So a newer
 * failure is found at once, and a due retry is found in due order, however many runs back off.
 */
export class FailMonitor {
  private readonly batchSize: number
  private readonly jitterRatio: number
  private readonly alarms: PolicyAlarms

  constructor(private readonly options: FailMonitorOptions) {
    this.batchSize = options.batchSize ?? 1000
    this.jitterRatio = options.retryJitterRatio ?? DEFAULT_RETRY_JITTER_RATIO
    const { store, sendAlarm, logger, onAlarmStatus, nowMs } = options
    this.alarms = new PolicyAlarms({ store, gate: options.policy ?? null, sendAlarm, logger, onAlarmStatus, nowMs })
  }

  async pass(nowMs: number): Promise<FailPassResult> {
    const { store } = this.options
    const result: FailPassResult = { retried: [], finished: [], nextDueAtMs: null, more: false }
    const fresh = await store.runs.findFailedUnplanned(this.batchSize)
    const plans: { id: number; dueAtMs: number }[] = []
    for (const run of fresh) {
      const job = await store.jobs.get(run.jobId)
      const decision = decideFailure(run, job, this.jitterRatio)
      if (decision.kind === 'retry' && decision.dueAtMs > nowMs) plans.push({ id: run.id, dueAtMs: decision.dueAtMs })
      else await this.take(run, job, decision, result)
    }
    if (plans.length > 0) await store.transaction((tx) => tx.runs.planRetries(plans))
    // Due by the time planned when the run was first seen: a job edited since does not move it.
    const due = await store.runs.findFailedDue(nowMs, this.batchSize)
    for (const run of due) {
      const job = await store.jobs.get(run.jobId)
      await this.take(run, job, decideFailure(run, job), result)
    }
    result.more = fresh.length === this.batchSize || due.length === this.batchSize
    result.nextDueAtMs = await store.runs.nextRetryDueMs()
    return result
  }

  /** The wait before the next pass: none while runs wait to be looked at, else the period or sooner when a backoff comes due first. */
  nextPassDelayMs(result: FailPassResult, nowMs: number, periodMs = FAIL_MONITOR_PERIOD_MS): number {
    if (result.more) return 0
    if (result.nextDueAtMs === null) return periodMs
    return Math.max(0, Math.min(periodMs, result.nextDueAtMs - nowMs))
  }

  private async take(run: JobRun, job: JobInfo | undefined, decision: FailureDecision, result: FailPassResult): Promise<void> {
    const { store, logger } = this.options
    // Compare-and-set: on a cluster only one node takes a run, whichever node's pass sees it first.
    if (!(await store.runs.lockAlarm(run.id))) return
    if (decision.kind === 'retry') {
      try {
        // A flow node's retry stays that node's: it runs only while the node still runs that attempt.
        const step = await store.flowRuns.stepOf(run.id)
        const addressList = retryAddresses(run)
        await this.options.trigger({
          ...(addressList && { addressList }),
          // A fan-out item's retry is the same item (the cap does not apply: the item already runs).
          ...(step && {
            flowStep: {
              flowRunId: step.flowRunId,
              key: step.key,
              attempt: step.attempt,
              first: false,
              ...(step.item !== undefined && { item: { index: step.item, cap: 0 } }),
            },
          }),
          jobId: run.jobId,
          triggerType: 'RETRY',
          executorParam: run.executorParam,
          shardingParam: run.executorShardingParam || null,
          failRetryCount: decision.failRetryCount,
          parentLogId: run.id,
        })
        result.retried.push(run.id)
      } catch (error) {
        logger.error('fail retry could not be triggered', { logId: run.id, error: (error as Error).message })
      }
    } else {
      result.finished.push(run.id)
    }
    if (decision.alarm) await this.alarms.failed(run, job)
    else {
      await store.runs.setAlarmStatus(run.id, ALARM_STATUS.notNeeded)
      this.options.onAlarmStatus?.(run.id)
    }
  }

  /** Resolves when every alarm started so far has finished and its status is written. */
  settled(): Promise<void> {
    return this.alarms.settled()
  }

  /** Runs that completed (the run-ended fan-out): a success ends its job's row of failures and tells a recovery. */
  completed(runIds: readonly number[]): Promise<void> {
    return this.alarms.completed(runIds)
  }
}
