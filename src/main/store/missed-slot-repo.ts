import type { MissedSlotView } from '../../shared/backfill'
import type { SkipReason } from '../../shared/calendar/skip-reasons'
import type { Connection } from './sql/connection'
import { insertRows } from './sql/insert-rows'

/** A slot that did not fire, as the scheduler records it. Exactly one of jobId and flowId is non-zero. */
export interface MissedSlot {
  jobId: number
  flowId: number
  slotMs: number
  reason: SkipReason
  /** The holiday's or the window's name, or where a moved fire went; '' when there is nothing to add. */
  detail: string
}

interface Row {
  job_id: number | string
  flow_id: number | string
  slot_time: number | string
  reason: string
  detail: string
  record_time: number | string
}

/** The detail column holds this many characters (MySQL's VARCHAR(200)). */
const DETAIL_MAX = 200

/** `job_missed_slot`: every slot the scheduler did not fire, with why; a slot is recorded once. */
export class MissedSlotRepo {
  constructor(private readonly db: Connection) {}

  /** Records the slots; a slot already recorded keeps its first reason. */
  async record(slots: readonly MissedSlot[], nowMs: number): Promise<void> {
    if (slots.length === 0) return
    const rows = slots.map((s) => [s.jobId, s.flowId, s.slotMs, s.reason, s.detail.slice(0, DETAIL_MAX), nowMs])
    await insertRows(this.db, 'job_missed_slot', ['job_id', 'flow_id', 'slot_time', 'reason', 'detail', 'record_time'], rows, true)
  }

  /** A job's or a flow's missed slots in [fromMs, toMs), oldest first, at most `limit`. */
  async list(target: { jobId: number } | { flowId: number }, fromMs: number, toMs: number, limit: number): Promise<MissedSlotView[]> {
    const [column, id] = 'jobId' in target ? ['job_id', target.jobId] : ['flow_id', target.flowId]
    const rows = await this.db.all<Row>(
      `SELECT job_id, flow_id, slot_time, reason, detail, record_time FROM job_missed_slot
        WHERE ${column} = ? AND ${column === 'job_id' ? 'flow_id' : 'job_id'} = 0 AND slot_time >= ? AND slot_time < ?
        ORDER BY slot_time LIMIT ?`,
      [id, fromMs, toMs, limit],
    )
    return rows.map(viewOf)
  }

  /**
   * The latest slot in (afterMs, beforeMs) a maintenance window held back, or 0: what a hold cut
   * short (its window removed or shortened) had held so far.
   */
  async latestHeld(target: { jobId: number } | { flowId: number }, afterMs: number, beforeMs: number): Promise<number> {
    const [jobId, flowId] = 'jobId' in target ? [target.jobId, 0] : [0, target.flowId]
    const row = await this.db.get<{ slot: number | string | null }>(
      `SELECT MAX(slot_time) AS slot FROM job_missed_slot WHERE job_id = ? AND flow_id = ? AND slot_time > ? AND slot_time < ? AND reason = 'window'`,
      [jobId, flowId, afterMs, beforeMs],
    )
    return Number(row?.slot ?? 0)
  }

  /**
   * Drops the slots from `fromMs` on recorded as held by a window: a window removed or shortened
   * lets them fire after all. Resolves with how many.
   */
  async forgetHeld(target: { jobId: number } | { flowId: number }, fromMs: number): Promise<number> {
    const [jobId, flowId] = 'jobId' in target ? [target.jobId, 0] : [0, target.flowId]
    return this.db.run(`DELETE FROM job_missed_slot WHERE job_id = ? AND flow_id = ? AND slot_time >= ? AND reason = 'window'`, [jobId, flowId, fromMs])
  }

  /** Drops the rows recorded before `beforeMs` (the runs' retention); resolves with how many. */
  async deleteRecordedBefore(beforeMs: number): Promise<number> {
    return this.db.run('DELETE FROM job_missed_slot WHERE record_time < ?', [beforeMs])
  }
}

function viewOf(row: Row): MissedSlotView {
  const common = { slot: Number(row.slot_time), reason: row.reason as SkipReason, detail: row.detail, recordedAtMs: Number(row.record_time) }
  const flowId = Number(row.flow_id)
  return flowId !== 0 ? { flowId, ...common } : { jobId: Number(row.job_id), ...common }
}
