import type { AlarmKind, AlarmPolicyState, SilenceInForce } from '../../shared/alarm-policy'
import type { AlarmSilence, SilenceTarget } from '../../shared/alarm-silence'
import type { Connection } from './sql/connection'

interface StateRow {
  failures: number | string
  first_fail_time: number | string
  last_sent_time: number | string
  folded: number | string
  alarmed: number | string
}

interface SilenceRow {
  id: number | string
  job_id: number | string
  group_id: number | string
  flow_id: number | string
  until_time: number | string
  reason: string
  created_by: string
  create_time: number | string
  removed_by: string
  remove_time: number | string
}

/** Whose alarms a policy state is: 'job:<id>' or 'flow:<id>' (job_alarm_state.subject). */
export type AlarmSubject = `job:${number}` | `flow:${number}`

const STATE_COLUMNS = ['subject', 'kind', 'failures', 'first_fail_time', 'last_sent_time', 'folded', 'alarmed']

/** `job_alarm_state` and `job_alarm_silence`: what the alarm policy remembers, and the silences. */
export class AlarmPolicyRepo {
  constructor(private readonly db: Connection) {}

  /**
   * The state of (subject, kind), its row locked until the transaction ends: call it inside one and
   * write with saveState there. The row is made first when there is none, so there is always a row
   * to lock — two nodes deciding at once for one job take turns on it.
   */
  async lockState(subject: AlarmSubject, kind: AlarmKind): Promise<AlarmPolicyState> {
    await this.db.run(this.db.dialect.insertIgnore('job_alarm_state', ['subject', 'kind']), [subject, kind])
    const row = await this.db.get<StateRow>(`SELECT * FROM job_alarm_state WHERE subject = ? AND kind = ?${this.db.dialect.lockRows}`, [subject, kind])
    if (!row) throw new Error(`the alarm state of ${subject} ${kind} could not be read`)
    return stateOf(row)
  }

  /** The state of (subject, kind) as it is now, without a lock; null when it has none yet. */
  /** The jobs with an open row of `kind` (failures in a row, alarmed or not): an index range, usually empty. */
  async openJobIds(kind: AlarmKind): Promise<number[]> {
    const rows = await this.db.all<{ subject: string }>('SELECT subject FROM job_alarm_state WHERE kind = ? AND failures > 0', [kind])
    return rows.filter((row) => row.subject.startsWith('job:')).map((row) => Number(row.subject.slice(4)))
  }

  async readState(subject: AlarmSubject, kind: AlarmKind): Promise<AlarmPolicyState | null> {
    const row = await this.db.get<StateRow>('SELECT * FROM job_alarm_state WHERE subject = ? AND kind = ?', [subject, kind])
    return row ? stateOf(row) : null
  }

  async saveState(subject: AlarmSubject, kind: AlarmKind, state: AlarmPolicyState): Promise<void> {
    const update = STATE_COLUMNS.slice(2)
    await this.db.run(this.db.dialect.upsert('job_alarm_state', STATE_COLUMNS, ['subject', 'kind'], update), [
      subject,
      kind,
      state.failuresInRow,
      state.firstFailureMs,
      state.lastSentMs,
      state.folded,
      state.alarmed ? 1 : 0,
    ])
  }

  /** Adds a silence; resolves with its id. */
  async addSilence(silence: Omit<AlarmSilence, 'id' | 'removedBy' | 'removedAtMs'>): Promise<number> {
    const { target } = silence
    const id = await this.db.insert(
      'INSERT INTO job_alarm_silence (job_id, group_id, flow_id, until_time, reason, created_by, create_time) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [target.jobId ?? 0, target.groupId ?? 0, target.flowId ?? 0, silence.untilMs, silence.reason, silence.createdBy, silence.createdAtMs],
    )
    if (id === null) throw new Error('the silence was not added')
    return id
  }

  async getSilence(id: number): Promise<AlarmSilence | undefined> {
    const row = await this.db.get<SilenceRow>('SELECT * FROM job_alarm_silence WHERE id = ?', [id])
    return row && silenceOf(row)
  }

  /** The silences in force and those that ended (or were lifted: that ends one) after `endedSinceMs`, newest first, at most `limit`. */
  async listSilences(endedSinceMs: number, limit: number): Promise<AlarmSilence[]> {
    const rows = await this.db.all<SilenceRow>('SELECT * FROM job_alarm_silence WHERE until_time > ? ORDER BY id DESC LIMIT ?', [endedSinceMs, limit])
    return rows.map(silenceOf)
  }

  /** Lifts a silence in force: it ends now, kept as a record of who lifted it. False when none was in force. */
  async liftSilence(id: number, by: string, nowMs: number): Promise<boolean> {
    const lifted = await this.db.run(
      'UPDATE job_alarm_silence SET removed_by = ?, remove_time = ?, until_time = ? WHERE id = ? AND remove_time = 0 AND until_time > ?',
      [by, nowMs, nowMs, id, nowMs],
    )
    return lifted > 0
  }

  /**
   * A silence in force at `nowMs` over a job (by its id or its group's) or a flow: the one that lasts
   * longest, so the rule names the silence that keeps the alarms muted longest; null when none.
   */
  async silenceInForce(on: { jobId?: number; groupId?: number; flowId?: number }, nowMs: number): Promise<SilenceInForce | null> {
    const row = await this.db.get<SilenceRow>(
      `SELECT * FROM job_alarm_silence
        WHERE until_time > ? AND remove_time = 0 AND ((job_id > 0 AND job_id = ?) OR (group_id > 0 AND group_id = ?) OR (flow_id > 0 AND flow_id = ?))
        ORDER BY until_time DESC, id LIMIT 1`,
      [nowMs, on.jobId ?? 0, on.groupId ?? 0, on.flowId ?? 0],
    )
    return row ? { id: Number(row.id), reason: row.reason, untilMs: Number(row.until_time) } : null
  }
}

function stateOf(row: StateRow): AlarmPolicyState {
  return {
    failuresInRow: Number(row.failures),
    firstFailureMs: Number(row.first_fail_time),
    lastSentMs: Number(row.last_sent_time),
    folded: Number(row.folded),
    alarmed: Number(row.alarmed) === 1,
  }
}

function silenceOf(row: SilenceRow): AlarmSilence {
  const target: SilenceTarget =
    Number(row.job_id) > 0 ? { jobId: Number(row.job_id) } : Number(row.group_id) > 0 ? { groupId: Number(row.group_id) } : { flowId: Number(row.flow_id) }
  return {
    id: Number(row.id),
    target,
    untilMs: Number(row.until_time),
    reason: row.reason,
    createdBy: row.created_by,
    createdAtMs: Number(row.create_time),
    removedBy: row.removed_by,
    removedAtMs: Number(row.remove_time),
  }
}
