import { USE_WINDOW_MS, type AddressUse } from '../domain/address-use'
import type { Connection } from './sql/connection'

/**
 * Routing state kept with the job, so ROUND, LFU and LRU mean the same on every node (XXL-JOB keeps
 * it per admin, and with three admins ROUND becomes three interleaved sequences): `job_route_seq`
 * holds each job's ROUND counter, `job_route_use` each job's use of each address.
 */
export class RouteRepo {
  constructor(private readonly db: Connection) {}

  /**
   * Reserves `count` consecutive ROUND positions of a job; resolves with the first. A job's first
   * reservation starts at `startIfNew` (XXL-JOB starts at a random 0…99, so jobs first fired together
   * spread over the list). Call inside the transaction that writes the runs: the row stays locked
   * until it commits, so nodes firing the same job in parallel get disjoint positions.
   */
  async reserveSequence(jobId: number, count: number, startIfNew: number): Promise<number> {
    if ((await this.db.run('UPDATE job_route_seq SET seq = seq + ? WHERE job_id = ?', [count, jobId])) === 0) {
      await this.db.run(this.db.dialect.insertIgnore('job_route_seq', ['job_id', 'seq']), [jobId, startIfNew])
      await this.db.run('UPDATE job_route_seq SET seq = seq + ? WHERE job_id = ?', [count, jobId])
    }
    const end = Number((await this.db.get<{ seq: number }>('SELECT seq FROM job_route_seq WHERE job_id = ?', [jobId]))!.seq)
    return end - count
  }

  /** The position a job's next reservation starts at, reserving nothing (a route preview reads it); null before its first. */
  async nextPosition(jobId: number): Promise<number | null> {
    const row = await this.db.get<{ seq: number }>('SELECT seq FROM job_route_seq WHERE job_id = ?', [jobId])
    return row ? Number(row.seq) : null
  }

  async usesOf(jobId: number): Promise<AddressUse[]> {
    const rows = await this.db.all<{ address: string; use_count: number; last_used: number; window_start: number }>(
      'SELECT address, use_count, last_used, window_start FROM job_route_use WHERE job_id = ?',
      [jobId],
    )
    return rows.map((r) => ({ address: r.address, useCount: r.use_count, lastUsedMs: Number(r.last_used), windowStartMs: Number(r.window_start) }))
  }

  /** Counts a run routed to `address` at `nowMs` (a new 24-h window restarts the count). */
  async recordUse(jobId: number, address: string, nowMs: number): Promise<void> {
    const windowFromMs = nowMs - USE_WINDOW_MS
    const changed = await this.db.run(
      `UPDATE job_route_use
          SET use_count = CASE WHEN window_start < ? THEN 1 ELSE use_count + 1 END,
              window_start = CASE WHEN window_start < ? THEN ? ELSE window_start END,
              last_used = ?
        WHERE job_id = ? AND address = ?`,
      [windowFromMs, windowFromMs, nowMs, nowMs, jobId, address],
    )
    if (changed === 0) {
      await this.db.run(this.db.dialect.insertIgnore('job_route_use', ['job_id', 'address', 'use_count', 'last_used', 'window_start']), [
        jobId,
        address,
        1,
        nowMs,
        nowMs,
      ])
    }
  }

  async deleteForJob(jobId: number): Promise<void> {
    await this.db.run('DELETE FROM job_route_seq WHERE job_id = ?', [jobId])
    await this.db.run('DELETE FROM job_route_use WHERE job_id = ?', [jobId])
  }
}
