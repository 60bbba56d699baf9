import type { JobLink, LinkCondition } from '../../shared/model'
import type { Db } from './open-database'

interface LinkRow {
  parent_job_id: number
  child_job_id: number
  condition: string
}

/** `job_link`: child-job links with the condition each fires on. */
export class LinkRepo {
  /** Counts this connection's link writes; the completion path caches links against it. */
  changeCount = 0
  private readonly allStmt
  private readonly upsertStmt
  private readonly deleteStmt
  private readonly deleteForJobStmt
  private readonly childListStmt
  private readonly setChildListStmt
  private readonly parentsOfStmt

  constructor(db: Db) {
    this.allStmt = db.prepare<[], LinkRow>('SELECT * FROM job_link ORDER BY parent_job_id, child_job_id')
    this.upsertStmt = db.prepare<[number, number, string]>(
      `INSERT INTO job_link (parent_job_id, child_job_id, condition) VALUES (?, ?, ?)
       ON CONFLICT (parent_job_id, child_job_id) DO UPDATE SET condition = excluded.condition`,
    )
    this.deleteStmt = db.prepare<[number, number]>('DELETE FROM job_link WHERE parent_job_id = ? AND child_job_id = ?')
    this.deleteForJobStmt = db.prepare<[number, number]>('DELETE FROM job_link WHERE parent_job_id = ? OR child_job_id = ?')
    this.childListStmt = db.prepare<[number], { child_job_id: number }>(
      "SELECT child_job_id FROM job_link WHERE parent_job_id = ? AND condition = 'SUCCESS' ORDER BY child_job_id",
    )
    this.setChildListStmt = db.prepare<[string, number]>('UPDATE job_info SET child_jobid = ? WHERE id = ?')
    this.parentsOfStmt = db.prepare<[number], { parent_job_id: number }>('SELECT parent_job_id FROM job_link WHERE child_job_id = ?')
  }

  all(): JobLink[] {
    return this.allStmt.all().map((r) => ({
      parentJobId: r.parent_job_id,
      childJobId: r.child_job_id,
      condition: r.condition as LinkCondition,
    }))
  }

  set(link: JobLink): void {
    this.changeCount++
    this.upsertStmt.run(link.parentJobId, link.childJobId, link.condition)
    this.syncChildJobIds(link.parentJobId)
  }

  delete(parentJobId: number, childJobId: number): boolean {
    this.changeCount++
    const deleted = this.deleteStmt.run(parentJobId, childJobId).changes > 0
    this.syncChildJobIds(parentJobId)
    return deleted
  }

  /** Removes every link to and from a job (XXL-JOB keeps dead child ids; JobDesk does not). */
  deleteForJob(jobId: number): void {
    this.changeCount++
    const parents = this.parentsOfStmt.all(jobId).map((r) => r.parent_job_id)
    this.deleteForJobStmt.run(jobId, jobId)
    for (const parent of parents) this.syncChildJobIds(parent)
  }

  /** Keeps XXL-JOB's `job_info.child_jobid` (the SUCCESS children, ascending) in step with job_link. */
  private syncChildJobIds(parentJobId: number): void {
    const ids = this.childListStmt.all(parentJobId).map((r) => r.child_job_id)
    this.setChildListStmt.run(ids.join(','), parentJobId)
  }
}
