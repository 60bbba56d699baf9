import type { GlobalSecretValues } from './alarms/channel-secrets'
import { formatAlarmReason } from '../../shared/alarm-reason'
import type { JobRun } from '../../shared/model'
import {
  createAlarmSender,
  DEFAULT_ALARM_SETTINGS,
  validateAlarmSettings,
  type AlarmFacts,
  type AlarmSender,
  type AlarmSettings,
  type FlowDesktopNotice,
  type FlowNoticeFacts,
} from './alarms'
import { alarmMessageOf, alertStatusOf, deliveriesOf } from './alarms/alarm-reason-of'
import type { ChannelResult, InfraAlertFacts } from './alarms/alarm-types'
import type { DeadlineDesktopNotice, DeadlineNoticeFacts } from './alarms/alarm-types'
import { splitAlarmTargets } from '../../shared/alarm-targets'
import type { AlarmPolicyNote, AlarmResult } from './send-alarm'
import type { Clock } from '../kernel/clock'
import { KnownSecrets } from '../kernel/known-secrets'
import type { Logger } from '../kernel/logger'
import type { Repos } from '../store/store'

/** The setting that holds the alarm channels (read and saved with the others by SettingsService). */
export const ALARM_SETTINGS_KEY = 'alarm_settings'

/**
 * Owns the alarm channels' settings (as SettingsService last read them) and the sender built from
 * them; a change builds a new sender and closes the old one once its alarms in flight are done.
 */
export class AlarmService {
  private readonly secrets: KnownSecrets
  private current: AlarmSettings = DEFAULT_ALARM_SETTINGS
  private stored: string | undefined
  private sender: AlarmSender
  /** Where the console is served, for the links in chat messages; '' until the server knows (and always in the desktop app). */
  private consoleBase: () => string = () => ''

  constructor(
    private readonly store: Pick<Repos, 'jobs' | 'groups'>,
    private readonly deps: {
      logger: Logger
      clock: Clock
      onDesktop: (facts: AlarmFacts) => void
      onFlowDesktop: (notice: FlowDesktopNotice) => void
      /** A run's broken promise (late, slow), shown as the others are; absent: not on the desktop. */
      onDeadlineDesktop?: (notice: DeadlineDesktopNotice) => void
      /** The redaction every stored alarm message and every test result passes through (default: one that knows nothing). */
      secrets?: KnownSecrets
      /** The global secrets a webhook channel's URL or headers name, read when an alarm is sent. */
      secretValues?: GlobalSecretValues
    },
  ) {
    this.secrets = deps.secrets ?? new KnownSecrets()
    this.sender = this.build(this.current)
  }

  /** Set once the server listens: its URL serves the console, so a chat message can link to the run. */
  linkRunsAt(consoleBase: () => string): void {
    this.consoleBase = consoleBase
  }

  settings(): AlarmSettings {
    return this.current
  }

  /** Takes the stored alarm settings (undefined: none yet); a changed value gets a new sender. */
  reload(stored: unknown): void {
    const text = stored === undefined ? undefined : JSON.stringify(stored)
    if (text === this.stored) return
    this.stored = text
    this.current = this.validStored(stored)
    const old = this.sender
    this.sender = this.build(this.current)
    void old.close()
  }

  private validStored(stored: unknown): AlarmSettings {
    if (stored === undefined) return DEFAULT_ALARM_SETTINGS
    try {
      return validateAlarmSettings(stored)
    } catch (error) {
      this.deps.logger.error('stored alarm settings are invalid; using the defaults', { error: (error as Error).message })
      return DEFAULT_ALARM_SETTINGS
    }
  }

  /**
   * Sends the alarm of a failed run — or, with `policy.recovered`, the recovery notice of a run that
   * succeeded — on the job's channels: ok when every channel delivered it, else why not (for
   * job_log.alarm_message).
   */
  async sendFor(run: JobRun, policy: AlarmPolicyNote = {}): Promise<AlarmResult> {
    const facts = await this.factsOf(run)
    if (!facts) return { ok: false, message: formatAlarmReason({ code: 'jobMissing', detail: `job ${run.jobId}` }) }
    const outcome = await this.sender.send({ ...facts, ...policy })
    return { ok: outcome.ok, message: alarmMessageOf(outcome, this.redact), deliveries: deliveriesOf(outcome, this.redact) }
  }

  /**
   * Sends a flow run's notice on the channels of the current settings; true when every channel
   * delivered it. Never rejects: the engine announces and moves on.
   */
  async sendFlowNotice(notice: FlowNoticeFacts): Promise<boolean> {
    return (await this.sender.sendFlowNotice(notice)).ok
  }

  /**
   * Logs a flow run's notice and sends it without waiting: the engine is inside a sweep or an
   * advance and must not wait on SMTP or webhooks. The sender logs the channels that failed and
   * never rejects; the catch is for a bug.
   */
  announceFlowNotice(notice: FlowNoticeFacts): void {
    const { logger } = this.deps
    logger.info('flow notice', { ...notice })
    this.sendFlowNotice(notice).catch((error: unknown) =>
      logger.error('sending a flow notice failed', { kind: notice.kind, flowRunId: notice.flowRunId, error: String(error) }),
    )
  }

  /** Sends a run's broken promise (late, slow) on the channels a failure uses; true when every channel delivered it. Never rejects. */
  async sendDeadlineNotice(notice: DeadlineNoticeFacts): Promise<boolean> {
    return (await this.sender.sendDeadlineNotice(notice)).ok
  }

  /** Sends an infrastructure alert: its alarm_status (1 when nobody is set to hear of it) and why it failed. */
  async sendAlert(alert: InfraAlertFacts): Promise<{ status: number; message: string }> {
    const outcome = await this.sender.sendAlert(alert)
    return { status: alertStatusOf(outcome), message: alarmMessageOf(outcome, this.redact) }
  }

  // The console shows a test's result as the channel answered: a robot's reply may quote its token.
  async sendTestEmail(to: string): Promise<ChannelResult> {
    return this.secrets.redactDeep(await this.sender.sendTestEmail(to))
  }

  async testWebhook(url: string): Promise<ChannelResult> {
    return this.secrets.redactDeep(await this.sender.testWebhook(url))
  }

  async testImChannel(name: string): Promise<ChannelResult> {
    return this.secrets.redactDeep(await this.sender.testImChannel(name))
  }

  private readonly redact = (text: string): string => this.secrets.redact(text)

  /** The names of the IM channels configured now (a job's alarm list may name them as `#name`). */
  imChannelNames(): string[] {
    return (this.current.imChannels ?? []).map((c) => c.name)
  }

  close(): Promise<void> {
    return this.sender.close()
  }

  private build(settings: AlarmSettings): AlarmSender {
    const { logger, clock, onDesktop, onFlowDesktop, onDeadlineDesktop, secretValues } = this.deps
    return createAlarmSender(settings, { logger, clock, onDesktop, onFlowDesktop, onDeadlineDesktop, secretValues, consoleBase: () => this.consoleBase() })
  }

  private async factsOf(run: JobRun): Promise<AlarmFacts | null> {
    const job = await this.store.jobs.get(run.jobId)
    if (!job) return null
    const group = await this.store.groups.get(run.jobGroup)
    const targets = splitAlarmTargets(job.alarmEmail)
    return {
      logId: run.id,
      jobId: job.id,
      jobName: job.name,
      appName: group?.appName ?? '',
      groupName: group?.name ?? '',
      triggerType: run.triggerType,
      triggerTimeMs: run.triggerTimeMs,
      handleTimeMs: run.handleTimeMs,
      triggerCode: run.triggerCode,
      triggerMsg: run.triggerMsg,
      handleCode: run.handleCode,
      handleMsg: run.handleMsg,
      triggerTrail: run.triggerTrail ?? null,
      executorAddress: run.executorAddress,
      executorParam: run.executorParam,
      retriesLeft: run.executorFailRetryCount,
      alarmEmails: targets.emails,
      imChannels: targets.imChannels,
    }
  }
}
