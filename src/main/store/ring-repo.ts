import type { MisfireStrategy, TriggerType } from '../../shared/model'
import type { Db } from './open-database'

/** A fire the scan planned: persisted in `job_ring` until a ring tick claims it. */
export interface RingFire {
  jobId: number
  /** The scheduled time the run is for (unique per job); for a misfire, the latest missed time. */
  scheduleTimeMs: number
  /** When the ring should fire it: the scheduled time, or the scan's now for misfires and due jobs. */
  fireAtMs: number
  triggerType: Extract<TriggerType, 'CRON' | 'MISFIRE'>
}

/** A fire left in `job_ring` by a process that died before firing it, with its job's current settings. */
export interface StaleFire extends RingFire {
  misfireStrategy: MisfireStrategy
  /** 0 when the job was stopped or deleted meanwhile: the fire is dropped. */
  triggerStatus: number
}

interface RingRow {
  job_id: number
  schedule_time: number
  fire_at: number
  trigger_type: string
}

export class RingRepo {
  private readonly insertStmt
  private readonly claimStmt
  private readonly allStmt
  private readonly staleJobsStmt
  private readonly staleOfJobStmt
  private readonly deleteStaleOfJobStmt
  private readonly deleteJobStmt
  private readonly countStmt

  constructor(db: Db) {
    this.insertStmt = db.prepare<[number, number, number, string]>(
      'INSERT OR IGNORE INTO job_ring (job_id, schedule_time, fire_at, trigger_type) VALUES (?, ?, ?, ?)',
    )
    this.claimStmt = db.prepare<[number, number]>('DELETE FROM job_ring WHERE job_id = ? AND schedule_time = ?')
    this.allStmt = db.prepare<[], RingRow>('SELECT * FROM job_ring ORDER BY fire_at')
    // The fire_at index keeps this a few microseconds when nothing is stale (every scan asks).
    this.staleJobsStmt = db.prepare<[number, number], { job_id: number }>('SELECT DISTINCT job_id FROM job_ring WHERE fire_at < ? LIMIT ?')
    this.staleOfJobStmt = db.prepare<[number, number], RingRow & { misfire_strategy: string | null; trigger_status: number | null }>(
      `SELECT r.*, j.misfire_strategy, j.trigger_status
         FROM job_ring r LEFT JOIN job_info j ON j.id = r.job_id
        WHERE r.job_id = ? AND r.fire_at < ? ORDER BY r.schedule_time`,
    )
    this.deleteStaleOfJobStmt = db.prepare<[number, number]>('DELETE FROM job_ring WHERE job_id = ? AND fire_at < ?')
    this.deleteJobStmt = db.prepare<[number]>('DELETE FROM job_ring WHERE job_id = ?')
    this.countStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM job_ring')
  }

  insert(fires: readonly RingFire[]): void {
    for (const f of fires) this.insertStmt.run(f.jobId, f.scheduleTimeMs, f.fireAtMs, f.triggerType)
  }

  /**
   * Takes a fire for this process: true when the row was still there. Deleting is the claim, so two
   * processes holding the same fire in their rings never both fire it.
   */
  claim(jobId: number, scheduleTimeMs: number): boolean {
    return this.claimStmt.run(jobId, scheduleTimeMs).changes === 1
  }

  all(): RingFire[] {
    return this.allStmt.all().map(fromRow)
  }

  /** Up to `limit` jobs with fires that should have fired before `beforeMs` (left by a process that died). */
  findStaleJobIds(beforeMs: number, limit: number): number[] {
    return this.staleJobsStmt.all(beforeMs, limit).map((row) => row.job_id)
  }

  /**
   * Takes every stale fire of the given jobs (deleting them is the claim, as for `claim`): a job's
   * whole outage at once, so it yields one misfire decision however many rows it left.
   */
  claimStaleOf(jobIds: Iterable<number>, beforeMs: number): StaleFire[] {
    const fires: StaleFire[] = []
    for (const jobId of jobIds) {
      const rows = this.staleOfJobStmt.all(jobId, beforeMs)
      if (rows.length === 0) continue
      this.deleteStaleOfJobStmt.run(jobId, beforeMs)
      for (const row of rows) {
        fires.push({
          ...fromRow(row),
          misfireStrategy: row.misfire_strategy === 'FIRE_ONCE_NOW' ? 'FIRE_ONCE_NOW' : 'DO_NOTHING',
          triggerStatus: row.trigger_status ?? 0,
        })
      }
    }
    return fires
  }

  /** Cancels a job's pending fires (stop, edit, delete); fires already in a ring become no-ops. */
  deleteForJob(jobId: number): void {
    this.deleteJobStmt.run(jobId)
  }

  count(): number {
    return this.countStmt.get()!.n
  }
}

function fromRow(row: RingRow): RingFire {
  return {
    jobId: row.job_id,
    scheduleTimeMs: row.schedule_time,
    fireAtMs: row.fire_at,
    triggerType: row.trigger_type === 'MISFIRE' ? 'MISFIRE' : 'CRON',
  }
}
