import { formatAlarmReason } from '../../shared/alarm-reason'
import { ALARM_STATUS, EMBEDDED_APP_NAME } from '../../shared/model'
import type { ConsoleLanguage } from '../../shared/settings-types'
import type { Logger } from '../kernel/logger'
import type { InfraAlertKey } from '../store/alert-repo'
import type { Repos } from '../store/store'
import type { InfraAlertFacts } from './alarms/alarm-types'
import type { DeadAddress } from '../registry/health'
import { MISFIRE_BURST_COUNT, MisfireBursts } from './misfire-bursts'

export interface InfraAlertDeps {
  send(alert: InfraAlertFacts): Promise<{ status: number; message: string }>
  /** The console's language as last saved; English before any was. */
  language(): ConsoleLanguage | null
  nowMs(): number
  logger: Logger
}

/**
 * Tells the operators when an executor goes dead, a cluster node is lost, a group's jobs misfire
 * in a burst (misfire-bursts.ts) or a node's clock goes off the database's, once per event however
 * many nodes see it: the node whose claim of the event's row lands sends, the others stay quiet.
 * The row keeps how sending went, for the dashboard. Never rejects: the loops that call it go on.
 */
const LOG_LINES = {
  executorDead: 'an executor went dead; alerting',
  nodeLost: 'a cluster node was lost; alerting',
  misfireBurst: "a group's jobs misfired in a burst; alerting",
  clockSkew: "this node's clock is off the database's; alerting",
} as const

export class InfraAlerts {
  private readonly inFlight = new Set<Promise<void>>()
  private readonly bursts = new MisfireBursts()

  constructor(
    private readonly store: Pick<Repos, 'alerts' | 'jobs' | 'groups'>,
    private readonly deps: InfraAlertDeps,
  ) {}

  /** The embedded executor's addresses are left out: a lost node's is told as the node lost. */
  executorsDead(dead: readonly DeadAddress[]): void {
    for (const gone of dead) {
      if (gone.appName === EMBEDDED_APP_NAME) continue
      this.raise(
        { kind: 'executorDead', subject: `${gone.appName} ${gone.address}`, eventTimeMs: gone.lastBeatMs },
        `app ${gone.appName}, address ${gone.address}`,
      )
    }
  }

  nodeLost(node: { nodeId: string; nodeName: string; leaseUntilMs: number }): void {
    this.raise({ kind: 'nodeLost', subject: node.nodeName, eventTimeMs: node.leaseUntilMs }, `node id ${node.nodeId}`)
  }

  /** This node's clock went off the database's by more than the warning threshold at `sinceMs` (by the database's clock). */
  clockSkewed(node: { nodeId: string; nodeName: string }, skewMs: number, sinceMs: number): void {
    this.raise(
      { kind: 'clockSkew', subject: node.nodeName, eventTimeMs: Math.round(sinceMs) },
      `node id ${node.nodeId}, ${skewMs > 0 ? 'ahead' : 'behind'} by ${Math.abs(skewMs)} ms`,
    )
  }

  /** A job misfired (the scan decided its missed fires); its group's burst in this minute raises one alert. */
  misfire(jobId: number): void {
    const nowMs = this.deps.nowMs()
    const work = this.noteMisfire(jobId, nowMs).finally(() => this.inFlight.delete(work))
    this.inFlight.add(work)
  }

  private async noteMisfire(jobId: number, nowMs: number): Promise<void> {
    try {
      const job = await this.store.jobs.get(jobId)
      const group = job && (await this.store.groups.get(job.jobGroup))
      if (!group) return
      const windowStartMs = this.bursts.note(group.appName, nowMs)
      if (windowStartMs === null) return
      this.raise(
        { kind: 'misfireBurst', subject: group.appName, eventTimeMs: windowStartMs },
        `${MISFIRE_BURST_COUNT} misfires within a minute in group ${group.name} (${group.appName}), the last of job ${job.id} ${job.name}`,
      )
    } catch (error) {
      this.deps.logger.error('a misfire could not be counted for its alert', { jobId, error: (error as Error).message })
    }
  }

  /** Resolves when every alert raised so far has been sent and recorded. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight])
  }

  private raise(key: InfraAlertKey, detail: string): void {
    const work = this.claimAndSend(key, detail).finally(() => this.inFlight.delete(work))
    this.inFlight.add(work)
  }

  private async claimAndSend(key: InfraAlertKey, detail: string): Promise<void> {
    const { logger } = this.deps
    try {
      if (!(await this.store.alerts.claim(key, this.deps.nowMs()))) return
      logger.warn(LOG_LINES[key.kind], { subject: key.subject })
      const { status, message } = await this.deps.send({ ...key, detail, language: this.deps.language() ?? 'en' }).catch((error: unknown) => ({
        status: ALARM_STATUS.failed,
        message: formatAlarmReason({ code: 'internal', detail: (error as Error).message }),
      }))
      await this.store.alerts.finish(key, status, message)
    } catch (error) {
      logger.error('an infrastructure alert could not be recorded', { kind: key.kind, subject: key.subject, error: (error as Error).message })
    }
  }
}
