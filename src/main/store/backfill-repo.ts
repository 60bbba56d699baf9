import { BACKFILL_LIST_LIMIT_MAX, BACKFILL_SLOT_STATES, type BackfillSlotState, type BackfillSlotView, type BackfillState } from '../../shared/backfill'
import type { BackfillRecord, NewBackfill, SlotCounts, StartedSlot } from '../domain/backfills'
import type { Connection, SqlValue } from './sql/connection'
import { idChunks, inList, insertRows } from './sql/insert-rows'

interface Row {
  id: number | string
  job_id: number | string
  flow_id: number | string
  from_time: number | string
  to_time: number | string
  concurrency: number
  slot_order: string
  only_missing: number
  state: string
  total: number
  created_by: string
  create_time: number | string
  update_time: number | string
}

interface SlotRow {
  slot_time: number | string
  state: string
  run_id: number | string
}

const COLUMNS = [
  'job_id',
  'flow_id',
  'from_time',
  'to_time',
  'concurrency',
  'slot_order',
  'only_missing',
  'state',
  'total',
  'created_by',
  'create_time',
  'update_time',
]
const SLOT_COLUMNS = ['backfill_id', 'slot_time', 'seq', 'state', 'run_id', 'update_time']

/**
 * `job_backfill` and `job_backfill_slot`: a backfill and its slots, each slot a row whose state
 * moves pending → running (with its run's id) → done or failed, or pending → cancelled. Every
 * change of a slot is made in the step that holds its backfill's row (`lock`), so two nodes never
 * move one backfill at once.
 */
export class BackfillRepo {
  constructor(private readonly db: Connection) {}

  /** Writes the backfill and its slots (`slots` in the order they run); resolves with its id. Call inside a transaction. */
  async insert(backfill: NewBackfill, slots: readonly number[]): Promise<number> {
    const values: SqlValue[] = [
      backfill.jobId,
      backfill.flowId,
      backfill.fromMs,
      backfill.toMs,
      backfill.concurrency,
      backfill.order,
      backfill.onlyMissing ? 1 : 0,
      backfill.state,
      backfill.total,
      backfill.createdBy,
      backfill.createdAtMs,
      backfill.createdAtMs,
    ]
    const id = await this.db.insert(`INSERT INTO job_backfill (${COLUMNS.join(', ')}) VALUES (${inList(COLUMNS.length)})`, values)
    if (id === null) throw new Error('job_backfill: the insert wrote no row')
    await insertRows(
      this.db,
      'job_backfill_slot',
      SLOT_COLUMNS,
      slots.map((slotMs, seq) => [id, slotMs, seq, 'pending', 0, backfill.createdAtMs]),
      false,
    )
    return id
  }

  async get(id: number): Promise<BackfillRecord | undefined> {
    const row = await this.db.get<Row>('SELECT * FROM job_backfill WHERE id = ?', [id])
    return row && recordOf(row)
  }

  /** The backfill, its row locked until the transaction ends (on SQLite the transaction's write lock does it). */
  async lock(id: number): Promise<BackfillRecord | undefined> {
    const row = await this.db.get<Row>(`SELECT * FROM job_backfill WHERE id = ?${this.db.dialect.lockRows}`, [id])
    return row && recordOf(row)
  }

  /** Newest first, at most `limit` (≤ BACKFILL_LIST_LIMIT_MAX). */
  async list(filter: { jobId?: number; flowId?: number; state?: BackfillState; limit: number }): Promise<BackfillRecord[]> {
    const where: string[] = []
    const args: SqlValue[] = []
    const add = (clause: string, value: SqlValue) => {
      where.push(clause)
      args.push(value)
    }
    if (filter.jobId !== undefined) add('job_id = ?', filter.jobId)
    if (filter.flowId !== undefined) add('flow_id = ?', filter.flowId)
    if (filter.state !== undefined) add('state = ?', filter.state)
    const limit = Math.max(1, Math.min(BACKFILL_LIST_LIMIT_MAX, Math.floor(filter.limit)))
    const rows = await this.db.all<Row>(
      `SELECT * FROM job_backfill ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${limit}`,
      args,
    )
    return rows.map(recordOf)
  }

  /**
   * The backfills whose slots may still move: running and paused ones, and cancelled ones whose
   * runs are still going (a slot ends as its run does, whatever became of its backfill).
   */
  async unfinishedIds(): Promise<number[]> {
    const rows = await this.db.all<{ id: number | string }>(
      `SELECT id FROM job_backfill b WHERE state IN ('running', 'paused')
        OR (state = 'cancelled' AND EXISTS (SELECT 1 FROM job_backfill_slot s WHERE s.backfill_id = b.id AND s.state = 'running'))
        ORDER BY id`,
    )
    return rows.map((r) => Number(r.id))
  }

  /** Its slots by state. */
  async counts(id: number): Promise<SlotCounts> {
    return (await this.countsOf([id])).get(id)!
  }

  /** The slots of each backfill by state (every id listed gets its counts, zeros included). */
  async countsOf(ids: readonly number[]): Promise<Map<number, SlotCounts>> {
    const counts = new Map<number, SlotCounts>(ids.map((id) => [id, zeroCounts()]))
    if (ids.length === 0) return counts
    const rows = await this.db.all<{ backfill_id: number | string; state: string; n: number | string }>(
      `SELECT backfill_id, state, COUNT(*) AS n FROM job_backfill_slot WHERE backfill_id IN (${inList(ids.length)}) GROUP BY backfill_id, state`,
      ids,
    )
    for (const row of rows) {
      const of = counts.get(Number(row.backfill_id))
      if (of && (BACKFILL_SLOT_STATES as readonly string[]).includes(row.state)) of[row.state as BackfillSlotState] = Number(row.n)
    }
    return counts
  }

  /** `limit` slots from the `offset`th, in the order they run. */
  async slots(id: number, offset: number, limit: number): Promise<BackfillSlotView[]> {
    const rows = await this.db.all<SlotRow>(
      'SELECT slot_time, state, run_id FROM job_backfill_slot WHERE backfill_id = ? AND seq >= ? AND seq < ? ORDER BY seq',
      [id, offset, offset + limit],
    )
    return rows.map((r) => ({ slot: Number(r.slot_time), runId: Number(r.run_id), state: r.state as BackfillSlotState }))
  }

  /** The next `limit` pending slots in the backfill's order. */
  async nextPending(id: number, limit: number): Promise<number[]> {
    const rows = await this.db.all<SlotRow>(
      `SELECT slot_time, state, run_id FROM job_backfill_slot WHERE backfill_id = ? AND state = 'pending' ORDER BY seq LIMIT ${Math.max(1, Math.floor(limit))}`,
      [id],
    )
    return rows.map((r) => Number(r.slot_time))
  }

  /** The slots whose runs were written and have not ended. */
  async running(id: number): Promise<StartedSlot[]> {
    const rows = await this.db.all<SlotRow>("SELECT slot_time, state, run_id FROM job_backfill_slot WHERE backfill_id = ? AND state = 'running' ORDER BY seq", [
      id,
    ])
    return rows.map((r) => ({ slotMs: Number(r.slot_time), runId: Number(r.run_id) }))
  }

  /** pending → running with its run; false when the slot was not pending (it is never started twice). */
  async markRunning(id: number, slotMs: number, runId: number, nowMs: number): Promise<boolean> {
    const changed = await this.db.run(
      "UPDATE job_backfill_slot SET state = 'running', run_id = ?, update_time = ? WHERE backfill_id = ? AND slot_time = ? AND state = 'pending'",
      [runId, nowMs, id, slotMs],
    )
    return changed === 1
  }

  /** running → done or failed; false when the slot was not running (an end is counted once). */
  async markEnded(id: number, slotMs: number, state: 'done' | 'failed', nowMs: number): Promise<boolean> {
    const changed = await this.db.run("UPDATE job_backfill_slot SET state = ?, update_time = ? WHERE backfill_id = ? AND slot_time = ? AND state = 'running'", [
      state,
      nowMs,
      id,
      slotMs,
    ])
    return changed === 1
  }

  /** Every pending slot → cancelled; resolves with how many. */
  async cancelPending(id: number, nowMs: number): Promise<number> {
    return this.db.run("UPDATE job_backfill_slot SET state = 'cancelled', update_time = ? WHERE backfill_id = ? AND state = 'pending'", [nowMs, id])
  }

  /** Moves the backfill to `to` when it is in one of `from`; false otherwise. */
  async setState(id: number, from: readonly BackfillState[], to: BackfillState, nowMs: number): Promise<boolean> {
    const changed = await this.db.run(`UPDATE job_backfill SET state = ?, update_time = ? WHERE id = ? AND state IN (${inList(from.length)})`, [
      to,
      nowMs,
      id,
      ...from,
    ])
    return changed === 1
  }

  /**
   * Drops the backfills that ended (done or cancelled) before `beforeMs`, with their slots: kept as
   * long as the runs they made. Resolves with how many backfills went.
   */
  async deleteEndedBefore(beforeMs: number): Promise<number> {
    const ids = (
      await this.db.all<{ id: number | string }>("SELECT id FROM job_backfill WHERE state IN ('done', 'cancelled') AND update_time < ?", [beforeMs])
    ).map((row) => Number(row.id))
    for (const chunk of idChunks(ids)) {
      await this.db.run(`DELETE FROM job_backfill_slot WHERE backfill_id IN (${inList(chunk.length)})`, chunk)
      await this.db.run(`DELETE FROM job_backfill WHERE id IN (${inList(chunk.length)})`, chunk)
    }
    return ids.length
  }
}

export function zeroCounts(): SlotCounts {
  return { pending: 0, running: 0, done: 0, failed: 0, cancelled: 0 }
}

function recordOf(row: Row): BackfillRecord {
  return {
    id: Number(row.id),
    jobId: Number(row.job_id),
    flowId: Number(row.flow_id),
    fromMs: Number(row.from_time),
    toMs: Number(row.to_time),
    concurrency: Number(row.concurrency),
    order: row.slot_order as BackfillRecord['order'],
    onlyMissing: Number(row.only_missing) === 1,
    state: row.state as BackfillState,
    total: Number(row.total),
    createdBy: row.created_by,
    createdAtMs: Number(row.create_time),
    updatedAtMs: Number(row.update_time),
  }
}
