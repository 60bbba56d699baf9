import { formatAlarmReason } from '../../shared/alarm-reason'
import { FAILURE_ALARM, formatAlarmRule, type AlarmRule } from '../../shared/alarm-policy'
import { ALARM_STATUS, type JobInfo, type JobRun } from '../../shared/model'
import type { AlarmDelivery, AlarmEntryKind, AlarmState } from '../../shared/alarm-list'
import type { Logger } from '../kernel/logger'
import type { RepoAccess } from '../store/store'
import type { AlarmPolicyGate } from './alarm-policy-gate'
import type { AlarmPolicyNote, AlarmResult, SendAlarm } from './send-alarm'

/** When a run ended, as the policy counts it: its completion, else (never reached an executor) its trigger. */
const endedAtMs = (run: Pick<JobRun, 'handleTimeMs' | 'triggerTimeMs'>) => (run.handleTimeMs > 0 ? run.handleTimeMs : run.triggerTimeMs)

const succeeded = (run: JobRun) => run.triggerCode === 200 && run.handleCode === 200

/** The alarm status a rule that sends nothing leaves on the run. */
const STATUS_OF_UNSENT: Record<Exclude<AlarmRule['rule'], 'sent' | 'recovered'>, number> = {
  held: ALARM_STATUS.notNeeded,
  folded: ALARM_STATUS.folded,
  suppressed: ALARM_STATUS.suppressed,
}

/** The alarm list's state of a run's alarm status; null for one that is no alarm (held, not needed). */
const LISTED_STATE: Partial<Record<number, AlarmState>> = {
  [ALARM_STATUS.sent]: 'sent',
  [ALARM_STATUS.failed]: 'failed',
  [ALARM_STATUS.folded]: 'folded',
  [ALARM_STATUS.suppressed]: 'suppressed',
}

/** What became of one alarm, as the run and the alarm list record it. */
interface Outcome {
  kind: AlarmEntryKind
  status: number
  message: string
  rule: AlarmRule | null
  deliveries: readonly AlarmDelivery[]
}

/**
 * The failure alarms and recovery notices of job runs, through the alarm policy: the fail monitor
 * hands each failure that alarms (as it did before the policy: the last retry's, or every one with
 * alarmOnEveryFailure), the run-ended fan-out each run that succeeded. The decision is awaited by
 * the caller, so one job's failures are decided in the order they were taken; the sending is not.
 */
export class PolicyAlarms {
  private readonly inFlight = new Set<Promise<void>>()

  constructor(
    private readonly options: {
      store: RepoAccess<'runs' | 'jobs' | 'alarmList'>
      /** null: no policy (every alarm sent, as before it; the fail monitor's own tests). */
      gate: AlarmPolicyGate | null
      sendAlarm: SendAlarm
      logger: Logger
      onAlarmStatus?: (logId: number) => void
      /** When an alarm is decided, for the alarm list. */
      nowMs: () => number
    },
  ) {}

  /** A failed run that alarms: decided now, sent in the background when the policy says so. */
  async failed(run: JobRun, job: JobInfo | undefined): Promise<void> {
    const { gate, logger } = this.options
    if (!gate || !job) return this.send(run, 'failure', {}, null)
    let rule: AlarmRule
    try {
      rule = await gate.decide({ jobId: job.id, groupId: run.jobGroup }, job, FAILURE_ALARM, endedAtMs(run))
    } catch (error) {
      // The policy's state could not be read or written (the database away): better one alarm too
      // many than one missed.
      logger.error('the alarm policy could not decide; the alarm is sent', { logId: run.id, error: (error as Error).message })
      return this.send(run, 'failure', {}, null)
    }
    if (rule.rule === 'sent') return this.send(run, 'failure', { policy: { failuresInRow: rule.failures, folded: rule.folded } }, rule)
    if (rule.rule !== 'recovered') await this.record(run, { kind: 'failure', status: STATUS_OF_UNSENT[rule.rule], message: '', rule, deliveries: [] })
  }

  /** Runs that completed: each job's latest success ends its row of failures, and tells its recovery (awaited by settled()). */
  completed(runIds: readonly number[]): Promise<void> {
    const taking = this.recoverFrom(runIds).finally(() => this.inFlight.delete(taking))
    this.inFlight.add(taking)
    return taking
  }

  private async recoverFrom(runIds: readonly number[]): Promise<void> {
    const { gate, store } = this.options
    if (!gate || runIds.length === 0) return
    // Every success of every job passes here (10k a second at B1's load): only the runs of jobs
    // with an open row of failures are read, and when nothing is failing, none.
    const open = await gate.openJobIds(FAILURE_ALARM)
    if (open.length === 0) return
    const latest = new Map<number, JobRun>()
    for (const run of await store.runs.getManyOfJobs(runIds, open)) {
      if (!succeeded(run)) continue
      const seen = latest.get(run.jobId)
      if (!seen || endedAtMs(seen) <= endedAtMs(run)) latest.set(run.jobId, run)
    }
    for (const run of latest.values()) {
      const recovery = await gate.recover({ jobId: run.jobId, groupId: run.jobGroup }, FAILURE_ALARM, endedAtMs(run))
      if (!recovery) continue
      const { failures, downMs, suppressedBy } = recovery
      if (suppressedBy) {
        const rule: AlarmRule = { rule: 'suppressed', silenceId: suppressedBy.id, reason: suppressedBy.reason, untilMs: suppressedBy.untilMs }
        await this.record(run, { kind: 'recovery', status: ALARM_STATUS.suppressed, message: '', rule, deliveries: [] })
      } else {
        this.send(run, 'recovery', { recovered: { failures, downMs } }, { rule: 'recovered', failures, downMs })
      }
    }
  }

  /** Resolves when every alarm started so far has finished and its status is written. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight])
  }

  private send(run: JobRun, kind: AlarmEntryKind, note: AlarmPolicyNote, rule: AlarmRule | null): void {
    const { sendAlarm, logger } = this.options
    const sending = sendAlarm(run, note)
      .catch((error): AlarmResult => {
        logger.error('alarm failed', { logId: run.id, error: (error as Error).message })
        return { ok: false, message: formatAlarmReason({ code: 'internal', detail: (error as Error).message }) }
      })
      .then(({ ok, message, deliveries }) =>
        this.record(run, { kind, status: ok ? ALARM_STATUS.sent : ALARM_STATUS.failed, message: ok ? '' : message, rule, deliveries: deliveries ?? [] }),
      )
      .finally(() => this.inFlight.delete(sending))
    this.inFlight.add(sending)
  }

  private async record(run: JobRun, outcome: Outcome): Promise<void> {
    const { store, nowMs } = this.options
    const { status, message, rule } = outcome
    const ruleText = rule ? formatAlarmRule(rule) : ''
    try {
      // One transaction: a run whose status says its alarm was decided has that alarm in the list, even
      // to a reader between the two writes (a console, another node) or after a crash.
      await store.transaction(async (tx) => {
        await tx.runs.setAlarmStatus(run.id, status, message, ruleText)
        const state = LISTED_STATE[status]
        if (!state) return
        const { kind, deliveries } = outcome
        await tx.alarmList.add({ logId: run.id, jobId: run.jobId, jobGroup: run.jobGroup, kind, state, atMs: nowMs(), deliveries, message, rule: ruleText })
      })
      this.options.onAlarmStatus?.(run.id)
    } catch (error) {
      this.options.logger.error('recording the alarm status failed', { logId: run.id, error: (error as Error).message })
    }
  }
}
