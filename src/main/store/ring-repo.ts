import { ringKey, type RingFire, type StaleFire } from '../domain/fires'
import type { Connection } from './sql/connection'
import { wroteEvery } from './sql/counted-writes'
import { countedOrReturning, insertRows, statementSizes } from './sql/insert-rows'
import { unnestFrom, unnestParams } from './sql/unnest-rows'

interface RingRow {
  job_id: number
  schedule_time: number
  fire_at: number
  trigger_type: string
}

/**
 * `job_ring`: the fires the scans planned and no ring tick has claimed yet, each with the node whose
 * ring holds it. A node that dies leaves its rows; another node takes them over (`reassign`) and
 * fires them, or — once they are more than the pre-read window late — the scans claim them as stale
 * and decide their misfire.
 */
export class RingRepo {
  constructor(private readonly db: Connection) {}

  async insert(fires: readonly RingFire[], nodeId: string): Promise<void> {
    if (this.db.dialect.name === 'postgres') {
      if (fires.length > 0)
        await this.db.run(INSERT_BY_UNNEST, [
          nodeId,
          ...unnestParams(
            fires.map((f) => [f.jobId, f.scheduleTimeMs, f.fireAtMs, f.triggerType]),
            4,
          ),
        ])
      return
    }
    const rows = fires.map((f) => [f.jobId, f.scheduleTimeMs, f.fireAtMs, f.triggerType, nodeId])
    await insertRows(this.db, 'job_ring', ['job_id', 'schedule_time', 'fire_at', 'trigger_type', 'node_id'], rows, true)
  }

  /**
   * Takes fires of `nodeId`'s ring: deletes those still there (and still `nodeId`'s) and resolves with
   * the keys (`ringKey`) of those it took. Deleting is the claim, so two nodes holding the same fire in
   * their rings never both fire it, and a fire another node took over (its node taken for dead) is no
   * longer this one's to claim. SQLite deletes a few dozen per statement, counts the rows it
   * deleted and asks which only when some were gone (counted-writes.ts); PostgreSQL deletes the batch
   * in one DELETE … USING unnest … RETURNING. MySQL, which has no DELETE … RETURNING, locks those
   * that are there, 256 at a time, and deletes them (claimLocked): there, call it inside a transaction.
   */
  async claimMany(fires: readonly Pick<RingFire, 'jobId' | 'scheduleTimeMs'>[], nodeId: string): Promise<Set<string>> {
    const claimed = new Set<string>()
    // A fire listed twice is one row: each key goes into the statements once, so a full count means every key.
    const keys = new Map<string, Pick<RingFire, 'jobId' | 'scheduleTimeMs'>>()
    for (const f of fires) keys.set(ringKey(f.jobId, f.scheduleTimeMs), f)
    const unique = [...keys.values()]
    if (this.db.dialect.name === 'mysql') return this.claimLocked(unique, nodeId)
    if (this.db.dialect.name === 'postgres') {
      if (unique.length === 0) return claimed
      const params = [
        ...unnestParams(
          unique.map((f) => [f.jobId, f.scheduleTimeMs]),
          2,
        ),
        nodeId,
      ]
      for (const r of await this.db.all<{ job_id: number; schedule_time: number }>(CLAIM_BY_UNNEST, params))
        claimed.add(ringKey(r.job_id, Number(r.schedule_time)))
      return claimed
    }
    const statements: { size: number; params: (number | string)[] }[] = []
    let from = 0
    for (const size of statementSizes(unique.length, CLAIMS_PER_STATEMENT)) {
      const params: (number | string)[] = [nodeId]
      for (const f of unique.slice(from, (from += size))) params.push(f.jobId, f.scheduleTimeMs)
      statements.push({ size, params })
    }
    const returned = (rows: readonly { job_id: number; schedule_time: number }[]) => {
      for (const r of rows) claimed.add(ringKey(r.job_id, Number(r.schedule_time)))
    }
    if (this.db.withSync) {
      return this.db.withSync((sync) => {
        if (
          wroteEvery(
            sync,
            statements.map(({ size, params }) => ({ sql: claimStatement(size, false), params })),
            unique.length,
          )
        )
          return new Set(keys.keys())
        for (const { size, params } of statements) returned(sync.all(claimStatement(size, true), params))
        return claimed
      })
    }
    for (const { size, params } of statements) returned(await this.db.all(claimStatement(size, true), params))
    return claimed
  }

  /**
   * MySQL's `claimMany`: per 256 fires, a locking read of those still there and still the node's,
   * then one DELETE of exactly those (two statements, where there was one DELETE a fire). The
   * lock is the claim's arbiter, as the DELETE is elsewhere: a node that meets the rows locked waits,
   * and then reads them gone (READ COMMITTED: a locking read sees the latest commit).
   */
  private async claimLocked(fires: readonly Pick<RingFire, 'jobId' | 'scheduleTimeMs'>[], nodeId: string): Promise<Set<string>> {
    const claimed = new Set<string>()
    for (let from = 0; from < fires.length; from += MYSQL_CLAIMS_PER_STATEMENT) {
      const chunk = fires.slice(from, from + MYSQL_CLAIMS_PER_STATEMENT)
      const found = await this.db.all<{ job_id: number; schedule_time: number }>(
        `SELECT job_id, schedule_time FROM job_ring WHERE node_id = ? AND (${keyTerms(chunk.length)})${this.db.dialect.lockRows}`,
        [nodeId, ...chunk.flatMap((f) => [f.jobId, f.scheduleTimeMs])],
      )
      if (found.length === 0) continue
      const deleted = await this.db.run(
        `DELETE FROM job_ring WHERE ${keyTerms(found.length)}`,
        found.flatMap((r) => [r.job_id, Number(r.schedule_time)]),
      )
      // Outside a transaction the read's locks are gone before the DELETE: another claimer may have
      // taken some of the rows, and which is not known. Loud, rather than fire them twice.
      if (deleted !== found.length) throw new Error(`claimed ${deleted} of the ${found.length} fires locked: claim the ring inside a transaction`)
      for (const r of found) claimed.add(ringKey(r.job_id, Number(r.schedule_time)))
    }
    return claimed
  }

  /** The fires a node's ring holds. */
  async ofNode(nodeId: string): Promise<RingFire[]> {
    return (await this.db.all<RingRow>('SELECT job_id, schedule_time, fire_at, trigger_type FROM job_ring WHERE node_id = ? ORDER BY fire_at', [nodeId])).map(
      fromRow,
    )
  }

  /**
   * Moves a dead node's fires (or those of a process that left no node id) to `toNodeId`'s ring;
   * resolves with them. Call inside a transaction: the rows are locked, skipping rows another node is
   * taking over at the same moment. Two nodes that still end up holding the same fire are arbitrated
   * by `claimMany`.
   */
  async takeOver(fromNodeId: string, toNodeId: string): Promise<RingFire[]> {
    const rows = await this.db.all<RingRow>(
      `SELECT job_id, schedule_time, fire_at, trigger_type FROM job_ring WHERE node_id = ? ORDER BY fire_at${this.db.dialect.lockSkipLocked}`,
      [fromNodeId],
    )
    for (const row of rows)
      await this.db.run('UPDATE job_ring SET node_id = ? WHERE job_id = ? AND schedule_time = ?', [toNodeId, row.job_id, row.schedule_time])
    return rows.map(fromRow)
  }

  /** Up to `limit` jobs with fires that should have fired before `beforeMs` (left by a node that died). */
  async findStaleJobIds(beforeMs: number, limit: number): Promise<number[]> {
    // The fire_at index keeps this a few microseconds when nothing is stale (every scan asks). `+job_id`
    // keeps it there: for DISTINCT job_id SQLite otherwise walked the whole ring in primary-key order
    // (about 1 ms with 20k fires planned, per scan).
    return (await this.db.all<{ job_id: number }>(STALE_JOBS_STATEMENT, [beforeMs, limit])).map((r) => Number(r.job_id))
  }

  /**
   * Takes every stale fire of the given jobs (deleting them is the claim, as for `claimMany`): a job's
   * whole outage at once, so it yields one misfire decision however many rows it left. Call with
   * the jobs' rows locked by the same transaction (JobRepo.lockForScan, findDue): no other scan can
   * then claim a part of the same outage.
   */
  async claimStaleOf(jobIds: Iterable<number>, beforeMs: number): Promise<StaleFire[]> {
    const fires: StaleFire[] = []
    for (const jobId of jobIds) {
      // Waits for rows a take-over is moving instead of skipping them: a part of the outage left
      // behind would make a second misfire decision later.
      const rows = await this.db.all<RingRow>(
        `SELECT job_id, schedule_time, fire_at, trigger_type FROM job_ring WHERE job_id = ? AND fire_at < ? ORDER BY schedule_time${this.db.dialect.lockRows}`,
        [jobId, beforeMs],
      )
      if (rows.length === 0) continue
      for (const row of rows) await this.db.run('DELETE FROM job_ring WHERE job_id = ? AND schedule_time = ?', [row.job_id, row.schedule_time])
      const job = await this.db.get<{ misfire_strategy: string; trigger_status: number }>(
        'SELECT misfire_strategy, trigger_status FROM job_info WHERE id = ?',
        [jobId],
      )
      for (const row of rows) {
        fires.push({
          ...fromRow(row),
          misfireStrategy: job?.misfire_strategy === 'FIRE_ONCE_NOW' ? 'FIRE_ONCE_NOW' : 'DO_NOTHING',
          triggerStatus: job?.trigger_status ?? 0,
        })
      }
    }
    return fires
  }

  /** Cancels a job's pending fires (stop, edit, delete); fires already in a ring become no-ops. */
  async deleteForJob(jobId: number): Promise<void> {
    await this.db.run('DELETE FROM job_ring WHERE job_id = ?', [jobId])
  }

  async count(): Promise<number> {
    return Number((await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM job_ring'))!.n)
  }

  /** The nodes whose rings hold fires ('' for fires planned before nodes had ids). */
  async owners(): Promise<string[]> {
    return (await this.db.all<{ node_id: string }>('SELECT DISTINCT node_id FROM job_ring')).map((r) => r.node_id)
  }

  /** Fires held by each node, for the cluster view. */
  async countByNode(): Promise<Map<string, number>> {
    const rows = await this.db.all<{ node_id: string; n: number }>('SELECT node_id, COUNT(*) AS n FROM job_ring GROUP BY node_id')
    return new Map(rows.map((r) => [r.node_id, Number(r.n)]))
  }
}

function fromRow(row: RingRow): RingFire {
  return {
    jobId: row.job_id,
    scheduleTimeMs: Number(row.schedule_time),
    fireAtMs: Number(row.fire_at),
    triggerType: row.trigger_type === 'MISFIRE' ? 'MISFIRE' : 'CRON',
  }
}

/** `findStaleJobIds`' query; `+job_id` keeps the fire_at index in the plan (see there). */
export const STALE_JOBS_STATEMENT = 'SELECT DISTINCT +job_id AS job_id FROM job_ring WHERE fire_at < ? LIMIT ?'

/** Fires per claiming DELETE: its OR of primary-key terms stays one index probe each. */
const CLAIMS_PER_STATEMENT = 64
/**
 * MySQL's claims are two round trips each (claimLocked), which cost more than the terms: 256 a
 * statement took a quarter off JobDesk's CPU per fire with 128-row CASE updates (B1 on MySQL).
 */
const MYSQL_CLAIMS_PER_STATEMENT = 256
/**
 * The primary key finds the rows and the node is checked on them: `node_id` has no index (migration
 * 38; with one, SQLite without statistics took it for the better and walked every fire of the node's
 * ring per statement). With RETURNING it says which fires it took; without, only how many
 * (counted-writes.ts).
 */
export const claimStatement = countedOrReturning((size) => `DELETE FROM job_ring WHERE node_id = ? AND (${keyTerms(size)})`, 'job_id, schedule_time')

/** `size` ring keys as primary-key terms, each `(job_id, schedule_time)` a parameter pair: one index probe each. */
function keyTerms(size: number): string {
  return Array.from({ length: size }, () => '(job_id = ? AND schedule_time = ?)').join(' OR ')
}

/** PostgreSQL: a scan's fires in one INSERT (the node first, then the fires' columns). */
const INSERT_BY_UNNEST = `INSERT INTO job_ring (node_id, job_id, schedule_time, fire_at, trigger_type)
  SELECT ?::text, v.* FROM ${unnestFrom('v', [
    ['job_id', 'int'],
    ['schedule_time', 'bigint'],
    ['fire_at', 'bigint'],
    ['trigger_type', 'text'],
  ])} ON CONFLICT DO NOTHING`
/** PostgreSQL: `claimMany`'s batch in one DELETE, by primary key, the node checked on the rows found (as in claimStatement). */
const CLAIM_BY_UNNEST = `DELETE FROM job_ring USING ${unnestFrom('v', [
  ['job_id', 'int'],
  ['schedule_time', 'bigint'],
])} WHERE job_ring.job_id = v.job_id AND job_ring.schedule_time = v.schedule_time AND job_ring.node_id = ?
  RETURNING job_ring.job_id, job_ring.schedule_time`
