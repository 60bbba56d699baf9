import { KILL_MARKERS } from '../../shared/run-kill'
import type { Connection } from './sql/connection'
import { idChunks, inList } from './sql/insert-rows'

/** One row of `job_pool_slot`: what a run holds of a pool, or waits for. */
export interface SlotRow {
  logId: number
  pool: string
  jobId: number
  slots: number
  state: 'held' | 'waiting'
  priority: number
  orderTimeMs: number
  sinceMs: number
}

interface Row {
  log_id: number | string
  pool: string
  job_id: number | string
  slots: number
  state: string
  priority: number
  order_time: number | string
  since_time: number | string
}

const COLUMNS = ['log_id', 'pool', 'job_id', 'slots', 'state', 'priority', 'order_time', 'since_time'] as const

/** A kill, by the markers the store counts kills with (shared/run-kill.ts): constants, never input. */
const KILLED = `(${KILL_MARKERS.map((marker) => `LOWER(l.handle_msg) LIKE '%${marker}%'`).join(' OR ')})`

/**
 * A run whose slots go back (capacity/slot-fate.ts): ended, and not a failure the fail monitor has
 * still to decide on (its retry takes the slots over), or its row is gone. A kill gives them back
 * at once, and an address's slot goes back at the end whatever comes next (a retry is routed
 * afresh). On job_log's columns: running or pending is trigger_code 0/200 with handle_code 0.
 */
const SETTLED = `(l.id IS NULL OR (NOT (l.trigger_code IN (0, 200) AND l.handle_code = 0)
  AND (l.handle_code = 200 OR l.alarm_status <> 0 OR l.executor_fail_retry_count <= 0 OR s.pool LIKE 'addr:%' OR ${KILLED})))`

/** `job_pool_slot`: the slots runs hold, and the queue of runs waiting for theirs. */
export class PoolSlotRepo {
  constructor(private readonly db: Connection) {}

  /**
   * Locks these names for the rest of the transaction (servers: FOR UPDATE on their `job_pool_lock`
   * rows, in name order so two nodes never wait on each other crosswise; SQLite holds its one write
   * lock already): two triggers count a pool's held slots one after the other, never side by side.
   */
  async lock(names: readonly string[]): Promise<void> {
    if (this.db.dialect.lockRows === '' || names.length === 0) return
    const sorted = [...new Set(names)].sort()
    for (const name of sorted) await this.db.run(this.db.dialect.insertIgnore('job_pool_lock', ['name']), [name])
    await this.db.all(`SELECT name FROM job_pool_lock WHERE name IN (${inList(sorted.length)}) ORDER BY name${this.db.dialect.lockRows}`, sorted)
  }

  /** Whether any run holds or waits for slots (the queue runner's cheap look before a pass). */
  async any(): Promise<boolean> {
    return (await this.db.get('SELECT 1 AS one FROM job_pool_slot LIMIT 1')) !== undefined
  }

  /** The slots held now of each of these names. */
  async held(names: readonly string[]): Promise<Map<string, number>> {
    const held = new Map<string, number>()
    if (names.length === 0) return held
    const rows = await this.db.all<{ pool: string; slots: number | string }>(
      `SELECT pool, SUM(slots) AS slots FROM job_pool_slot WHERE state = 'held' AND pool IN (${inList(names.length)}) GROUP BY pool`,
      names,
    )
    for (const row of rows) held.set(row.pool, Number(row.slots))
    return held
  }

  /** Every row of the runs that wait for any of these names (all of each run's rows), or of every waiting run. */
  async waiting(names?: readonly string[]): Promise<SlotRow[]> {
    const where = names ? `log_id IN (SELECT log_id FROM job_pool_slot WHERE state = 'waiting' AND pool IN (${inList(names.length)}))` : `state = 'waiting'`
    const rows = await this.db.all<Row>(`SELECT * FROM job_pool_slot WHERE ${where} ORDER BY priority, order_time, log_id, pool`, names ?? [])
    return rows.map(slotOf)
  }

  /** Every row held now (the metrics, the pool list). */
  async allHeld(): Promise<SlotRow[]> {
    return (await this.db.all<Row>(`SELECT * FROM job_pool_slot WHERE state = 'held' ORDER BY log_id, pool`)).map(slotOf)
  }

  async insert(rows: readonly SlotRow[]): Promise<void> {
    const sql = `INSERT INTO job_pool_slot (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`
    for (const r of rows) await this.db.run(sql, [r.logId, r.pool, r.jobId, r.slots, r.state, r.priority, r.orderTimeMs, r.sinceMs])
  }

  /** Waiting runs get their slots; resolves with the ids whose rows moved (a run cancelled meanwhile does not). */
  async admit(logIds: readonly number[]): Promise<Set<number>> {
    const admitted = new Set<number>()
    for (const chunk of idChunks(logIds)) {
      const rows = await this.db.all<{ log_id: number | string }>(
        // No DISTINCT: PostgreSQL locks no rows of a DISTINCT select (a run's rows are deduplicated below).
        `SELECT log_id FROM job_pool_slot WHERE state = 'waiting' AND log_id IN (${inList(chunk.length)})${this.db.dialect.lockRows}`,
        chunk,
      )
      await this.db.run(`UPDATE job_pool_slot SET state = 'held' WHERE state = 'waiting' AND log_id IN (${inList(chunk.length)})`, chunk)
      for (const row of rows) admitted.add(Number(row.log_id))
    }
    return admitted
  }

  /** A retry's row takes over the slots its failed run held; resolves with how many rows moved. */
  async transfer(fromLogId: number, toLogId: number): Promise<number> {
    // Not an address's slot: the retry is routed afresh, and takes one where it goes.
    return this.db.run(`UPDATE job_pool_slot SET log_id = ? WHERE log_id = ? AND state = 'held' AND pool NOT LIKE 'addr:%'`, [toLogId, fromLogId])
  }

  /** Drops every row of these runs (a cancelled queued run, one started past its pools). */
  async release(logIds: readonly number[]): Promise<number> {
    let released = 0
    for (const chunk of idChunks(logIds)) released += await this.db.run(`DELETE FROM job_pool_slot WHERE log_id IN (${inList(chunk.length)})`, chunk)
    return released
  }

  /**
   * Gives back the slots of runs that ended (success, kill, a failure with no retry to come, a
   * timeout or a loss once decided, a run deleted): resolves with the run ids released. Held slots
   * are never released any other way, so a node's death leaks none: its runs end by the take-over's
   * sweeps, and their slots go back here.
   */
  async releaseEnded(limit: number): Promise<number[]> {
    const rows = await this.db.all<{ log_id: number | string }>(
      `SELECT DISTINCT s.log_id FROM job_pool_slot s LEFT JOIN job_log l ON l.id = s.log_id WHERE s.state = 'held' AND ${SETTLED} ORDER BY s.log_id LIMIT ?`,
      [limit],
    )
    const ids = rows.map((r) => Number(r.log_id))
    await this.release(ids)
    return ids
  }
}

function slotOf(row: Row): SlotRow {
  return {
    logId: Number(row.log_id),
    pool: row.pool,
    jobId: Number(row.job_id),
    slots: Number(row.slots),
    state: row.state === 'held' ? 'held' : 'waiting',
    priority: Number(row.priority),
    orderTimeMs: Number(row.order_time),
    sinceMs: Number(row.since_time),
  }
}
