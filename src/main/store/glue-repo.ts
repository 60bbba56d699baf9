import type { GlueVersion } from '../../shared/api'
import type { Connection } from './sql/connection'

/** XXL-JOB keeps the newest 30 GLUE versions per job. */
export const GLUE_VERSIONS_KEPT = 30

interface GlueRow {
  id: number
  glue_type: string
  glue_source: string
  glue_remark: string
  add_time: number
}

/** `job_logglue`: the GLUE source history of each job. */
export class GlueRepo {
  constructor(private readonly db: Connection) {}

  async list(jobId: number): Promise<GlueVersion[]> {
    const rows = await this.db.all<GlueRow>('SELECT id, glue_type, glue_source, glue_remark, add_time FROM job_logglue WHERE job_id = ? ORDER BY id DESC', [
      jobId,
    ])
    return rows.map((r) => ({ id: r.id, glueType: r.glue_type, glueSource: r.glue_source, glueRemark: r.glue_remark, addTimeMs: Number(r.add_time) }))
  }

  /** Records a saved version and drops the ones beyond the newest GLUE_VERSIONS_KEPT. */
  async add(jobId: number, glueType: string, glueSource: string, glueRemark: string, nowMs: number): Promise<void> {
    await this.db.run('INSERT INTO job_logglue (job_id, glue_type, glue_source, glue_remark, add_time, update_time) VALUES (?, ?, ?, ?, ?, ?)', [
      jobId,
      glueType,
      glueSource,
      glueRemark,
      nowMs,
      nowMs,
    ])
    // The id below which versions go; read first, since MySQL refuses a LIMIT inside IN (…).
    const kept = await this.db.all<{ id: number }>('SELECT id FROM job_logglue WHERE job_id = ? ORDER BY id DESC LIMIT ?', [jobId, GLUE_VERSIONS_KEPT])
    if (kept.length === GLUE_VERSIONS_KEPT) await this.db.run('DELETE FROM job_logglue WHERE job_id = ? AND id < ?', [jobId, kept[kept.length - 1].id])
  }

  async deleteForJob(jobId: number): Promise<void> {
    await this.db.run('DELETE FROM job_logglue WHERE job_id = ?', [jobId])
  }
}
