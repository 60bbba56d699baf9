import type { InfraAlert, InfraAlertKind } from '../../shared/alarm-health'
import { ALARM_STATUS } from '../../shared/model'
import type { Connection } from './sql/connection'

/** One infrastructure event: what, which, and when by data every node reads alike. */
export interface InfraAlertKey {
  kind: InfraAlertKind
  subject: string
  eventTimeMs: number
}

interface Row {
  kind: string
  subject: string
  event_time: number
  alarm_status: number
  alarm_message: string
  add_time: number
}

/** `job_alert`: the alerts for dead executors and lost nodes, one row per event however many nodes saw it. */
export class AlertRepo {
  constructor(private readonly db: Connection) {}

  /** Takes the event for this node (insert-or-ignore on its key): true for the one node that should send its alert. */
  async claim(key: InfraAlertKey, nowMs: number): Promise<boolean> {
    const sql = this.db.dialect.insertIgnore('job_alert', ['kind', 'subject', 'event_time', 'alarm_status', 'add_time'])
    return (await this.db.run(sql, [key.kind, key.subject, key.eventTimeMs, ALARM_STATUS.locked, nowMs])) === 1
  }

  async finish(key: InfraAlertKey, status: number, message: string): Promise<void> {
    await this.db.run('UPDATE job_alert SET alarm_status = ?, alarm_message = ? WHERE kind = ? AND subject = ? AND event_time = ?', [
      status,
      message,
      key.kind,
      key.subject,
      key.eventTimeMs,
    ])
  }

  /** Alerts raised since `sinceMs`, newest first. */
  async since(sinceMs: number, limit: number): Promise<InfraAlert[]> {
    const rows = await this.db.all<Row>(
      `SELECT * FROM job_alert WHERE add_time >= ? ORDER BY add_time DESC, event_time DESC LIMIT ${Math.max(1, Math.min(limit, 1000))}`,
      [sinceMs],
    )
    return rows.map((r) => ({
      kind: r.kind as InfraAlertKind,
      subject: r.subject,
      eventTimeMs: Number(r.event_time),
      alarmStatus: Number(r.alarm_status),
      alarmMessage: r.alarm_message,
      addTimeMs: Number(r.add_time),
    }))
  }

  async deleteOlderThan(beforeMs: number): Promise<number> {
    return this.db.run('DELETE FROM job_alert WHERE add_time < ?', [beforeMs])
  }
}
