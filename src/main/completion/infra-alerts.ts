import { formatAlarmReason } from '../../shared/alarm-reason'
import { ALARM_STATUS, EMBEDDED_APP_NAME } from '../../shared/model'
import type { ConsoleLanguage } from '../../shared/settings-types'
import type { Logger } from '../kernel/logger'
import type { InfraAlertKey } from '../store/alert-repo'
import type { Repos } from '../store/store'
import type { InfraAlertFacts } from './alarms/infra-alert-message'
import type { DeadAddress } from '../registry/health'

export interface InfraAlertDeps {
  send(alert: InfraAlertFacts): Promise<{ status: number; message: string }>
  /** The console's language as last saved; English before any was. */
  language(): ConsoleLanguage | null
  nowMs(): number
  logger: Logger
}

/** An address the registry's dead sweep removed. */
/**
 * Tells the operators when an executor goes dead or a cluster node is lost, once per event however
 * many nodes see it: the node whose claim of the event's row lands sends, the others stay quiet.
 * The row keeps how sending went, for the dashboard. Never rejects: the loops that call it go on.
 */
export class InfraAlerts {
  private readonly inFlight = new Set<Promise<void>>()

  constructor(
    private readonly store: Pick<Repos, 'alerts'>,
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
      logger.warn(key.kind === 'executorDead' ? 'an executor went dead; alerting' : 'a cluster node was lost; alerting', { subject: key.subject })
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
