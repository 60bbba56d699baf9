import type { GlueVersion } from '../../shared/api'
import type { Db } from './open-database'

/** XXL-JOB keeps the newest 30 GLUE versions per job. */
export const GLUE_VERSIONS_KEPT = 30

/** `job_logglue`: the GLUE source history of each job. */
export class GlueRepo {
  private readonly listStmt
  private readonly insertStmt
  private readonly pruneStmt
  private readonly deleteJobStmt

  constructor(db: Db) {
    this.listStmt = db.prepare<[number], GlueVersion>(
      `SELECT id, glue_type AS glueType, glue_source AS glueSource, glue_remark AS glueRemark, add_time AS addTimeMs
         FROM job_logglue WHERE job_id = ? ORDER BY id DESC`,
    )
    this.insertStmt = db.prepare<[number, string, string, string, number, number]>(
      'INSERT INTO job_logglue (job_id, glue_type, glue_source, glue_remark, add_time, update_time) VALUES (?, ?, ?, ?, ?, ?)',
    )
    this.pruneStmt = db.prepare<[number, number, number]>(
      `DELETE FROM job_logglue WHERE job_id = ? AND id NOT IN
         (SELECT id FROM job_logglue WHERE job_id = ? ORDER BY id DESC LIMIT ?)`,
    )
    this.deleteJobStmt = db.prepare<[number]>('DELETE FROM job_logglue WHERE job_id = ?')
  }

  list(jobId: number): GlueVersion[] {
    return this.listStmt.all(jobId)
  }

  /** Records a saved version and drops the ones beyond the newest GLUE_VERSIONS_KEPT. */
  add(jobId: number, glueType: string, glueSource: string, glueRemark: string, nowMs: number): void {
    this.insertStmt.run(jobId, glueType, glueSource, glueRemark, nowMs, nowMs)
    this.pruneStmt.run(jobId, jobId, GLUE_VERSIONS_KEPT)
  }

  deleteForJob(jobId: number): void {
    this.deleteJobStmt.run(jobId)
  }
}
