import type { JobRun } from '../../shared/model'
import {
  createAlarmSender,
  DEFAULT_ALARM_SETTINGS,
  validateAlarmSettings,
  type AlarmFacts,
  type AlarmSender,
  type AlarmSettings,
} from '../completion/alarms'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { Store } from '../store/store'

const ALARM_SETTINGS_KEY = 'alarm_settings'

/**
 * Owns the alarm channels' settings and the sender built from them; a settings change builds a new
 * sender and closes the old one once its alarms in flight are done.
 */
export class AlarmService {
  private sender: AlarmSender

  constructor(
    private readonly store: Store,
    private readonly deps: { logger: Logger; clock: Clock; onDesktop: (facts: AlarmFacts) => void },
  ) {
    this.sender = this.build(this.settings())
  }

  settings(): AlarmSettings {
    const stored = this.store.settings.get<unknown>(ALARM_SETTINGS_KEY)
    if (stored === undefined) return DEFAULT_ALARM_SETTINGS
    try {
      return validateAlarmSettings(stored)
    } catch (error) {
      this.deps.logger.error('stored alarm settings are invalid; using the defaults', { error: (error as Error).message })
      return DEFAULT_ALARM_SETTINGS
    }
  }

  /** Stores settings already validated (validateAlarmSettings); call inside the settings transaction. */
  keep(settings: AlarmSettings): void {
    this.store.settings.set(ALARM_SETTINGS_KEY, settings)
  }

  /** Sends with new settings from now on; the old sender closes once its alarms in flight are done. */
  use(settings: AlarmSettings): void {
    const old = this.sender
    this.sender = this.build(settings)
    void old.close()
  }

  /** Sends the alarm of a failed run; true when every channel delivered it. */
  async sendFor(run: JobRun): Promise<boolean> {
    const facts = this.factsOf(run)
    if (!facts) return false
    return (await this.sender.send(facts)).ok
  }

  sendTestEmail(to: string) {
    return this.sender.sendTestEmail(to)
  }

  testWebhook(url: string) {
    return this.sender.testWebhook(url)
  }

  close(): Promise<void> {
    return this.sender.close()
  }

  private build(settings: AlarmSettings): AlarmSender {
    return createAlarmSender(settings, { logger: this.deps.logger, clock: this.deps.clock, onDesktop: this.deps.onDesktop })
  }

  private factsOf(run: JobRun): AlarmFacts | null {
    const job = this.store.jobs.get(run.jobId)
    if (!job) return null
    const group = this.store.groups.get(run.jobGroup)
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
      executorAddress: run.executorAddress,
      executorParam: run.executorParam,
      retriesLeft: run.executorFailRetryCount,
      alarmEmails: job.alarmEmail.split(',').filter(Boolean),
    }
  }
}
