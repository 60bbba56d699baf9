import { parseAlarmRule } from '../../shared/alarm-policy'
import type { AlarmDelivery, AlarmEntry, AlarmEntryKind, AlarmListRequest, AlarmState } from '../../shared/alarm-list'
import type { Connection } from './sql/connection'

/** An alarm as the policy's sender records it. */
export interface NewAlarmEntry {
  logId: number
  jobId: number
  jobGroup: number
  kind: AlarmEntryKind
  state: AlarmState
  atMs: number
  deliveries: readonly AlarmDelivery[]
  message: string
  /** formatAlarmRule's text, '' for none. */
  rule: string
  resentOf?: number
  resentBy?: string
}

interface Row {
  id: number | string
  log_id: number | string
  job_id: number | string
  job_group: number | string
  kind: string
  state: string
  alarm_time: number | string
  deliveries: string
  message: string
  rule: string
  resent_of: number | string
  resent_by: string
}

/** MySQL's column widths (VARCHAR(1000), VARCHAR(500), VARCHAR(191)); the other engines keep the same cut. */
const MESSAGE_MAX = 1000
const RULE_MAX = 500
const BY_MAX = 191
/** A delivery's detail is the start of a reply: enough to say why, never a whole body. */
const DETAIL_MAX = 300
/** One alarm goes to a handful of targets; a job listing hundreds of addresses keeps the first ones. */
const DELIVERIES_MAX = 50

const COLUMNS = 'id, log_id, job_id, job_group, kind, state, alarm_time, deliveries, message, rule, resent_of, resent_by'

/**
 * `job_alarm`: every alarm of a job run the policy decided (sent, failed, folded, suppressed) and
 * each resend, read by time (job_alarm_time) or by job and time (job_alarm_job), never by scanning runs.
 */
export class AlarmListRepo {
  constructor(private readonly db: Connection) {}

  async add(entry: NewAlarmEntry): Promise<number> {
    const deliveries = entry.deliveries.slice(0, DELIVERIES_MAX).map((d) => ({ ...d, detail: d.detail.slice(0, DETAIL_MAX) }))
    const id = await this.db.insert(
      `INSERT INTO job_alarm (log_id, job_id, job_group, kind, state, alarm_time, deliveries, message, rule, resent_of, resent_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        entry.logId,
        entry.jobId,
        entry.jobGroup,
        entry.kind,
        entry.state,
        entry.atMs,
        JSON.stringify(deliveries),
        entry.message.slice(0, MESSAGE_MAX),
        entry.rule.slice(0, RULE_MAX),
        entry.resentOf ?? 0,
        (entry.resentBy ?? '').slice(0, BY_MAX),
      ],
    )
    return Number(id)
  }

  async get(id: number): Promise<AlarmEntry | undefined> {
    const row = await this.db.get<Row>(`SELECT ${COLUMNS} FROM job_alarm WHERE id = ?`, [id])
    return row && entryOf(row)
  }

  /**
   * Alarms in [from, to), newest first, at most `limit`; `groupIds` (null: every group) narrows to
   * the groups a caller sees. One index range: by job and time when a job is asked, else by time.
   */
  async list(request: AlarmListRequest, groupIds: readonly number[] | null, limit: number): Promise<AlarmEntry[]> {
    if (groupIds?.length === 0) return []
    const where = ['alarm_time >= ?', 'alarm_time < ?']
    const params: (number | string)[] = [request.from, request.to]
    if (request.jobId !== undefined) {
      where.unshift('job_id = ?')
      params.unshift(request.jobId)
    }
    if (request.state !== undefined) {
      where.push('state = ?')
      params.push(request.state)
    }
    if (groupIds) {
      where.push(`job_group IN (${groupIds.map(() => '?').join(', ')})`)
      params.push(...groupIds)
    }
    const rows = await this.db.all<Row>(
      `SELECT ${COLUMNS} FROM job_alarm WHERE ${where.join(' AND ')} ORDER BY alarm_time DESC, id DESC LIMIT ${Math.max(1, Math.min(limit, 10_000))}`,
      params,
    )
    return rows.map(entryOf)
  }

  /** Drops the alarms decided before `beforeMs` (the runs' retention); resolves with how many. */
  async deleteBefore(beforeMs: number): Promise<number> {
    return this.db.run('DELETE FROM job_alarm WHERE alarm_time < ?', [beforeMs])
  }
}

function deliveriesOf(text: string): AlarmDelivery[] {
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? (value as AlarmDelivery[]) : []
  } catch {
    return []
  }
}

function entryOf(row: Row): AlarmEntry {
  return {
    id: Number(row.id),
    logId: Number(row.log_id),
    jobId: Number(row.job_id),
    jobGroup: Number(row.job_group),
    kind: row.kind as AlarmEntryKind,
    state: row.state as AlarmState,
    atMs: Number(row.alarm_time),
    deliveries: deliveriesOf(row.deliveries),
    message: row.message,
    rule: parseAlarmRule(row.rule),
    resentOf: Number(row.resent_of),
    resentBy: row.resent_by,
  }
}
