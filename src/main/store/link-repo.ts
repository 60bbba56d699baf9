import type { JobLink, LinkCondition } from '../../shared/model'
import type { Connection } from './sql/connection'
import { bumpVersion } from './version-repo'

interface LinkRow {
  parent_job_id: number
  child_job_id: number
  link_condition: string
}

/** A link with the time it was made (or its condition last changed); 0 for links older than that record. */
export interface MadeLink extends JobLink {
  madeAtMs: number
}

/** `job_link`: child-job links with the condition each fires on. */
export class LinkRepo {
  constructor(private readonly db: Connection) {}

  async all(): Promise<JobLink[]> {
    const rows = await this.db.all<LinkRow>('SELECT parent_job_id, child_job_id, link_condition FROM job_link ORDER BY parent_job_id, child_job_id')
    return rows.map((r) => ({ parentJobId: r.parent_job_id, childJobId: r.child_job_id, condition: r.link_condition as LinkCondition }))
  }

  /** The links with the time each was made: what decides which links a finished run fires (ChildJobs). */
  async allMade(): Promise<MadeLink[]> {
    const rows = await this.db.all<LinkRow & { made_time: number }>(
      'SELECT parent_job_id, child_job_id, link_condition, made_time FROM job_link ORDER BY parent_job_id, child_job_id',
    )
    return rows.map((r) => ({
      parentJobId: r.parent_job_id,
      childJobId: r.child_job_id,
      condition: r.link_condition as LinkCondition,
      madeAtMs: Number(r.made_time),
    }))
  }

  /** Adds a link, or changes its condition; `madeAtMs` is recorded unless the link was already so (a re-save changes nothing). */
  async set(link: JobLink, madeAtMs: number): Promise<void> {
    await bumpVersion(this.db, 'links')
    const current = await this.db.get<{ link_condition: string }>('SELECT link_condition FROM job_link WHERE parent_job_id = ? AND child_job_id = ?', [
      link.parentJobId,
      link.childJobId,
    ])
    if (current?.link_condition === link.condition) return
    await this.db.run(
      this.db.dialect.upsert(
        'job_link',
        ['parent_job_id', 'child_job_id', 'link_condition', 'made_time'],
        ['parent_job_id', 'child_job_id'],
        ['link_condition', 'made_time'],
      ),
      [link.parentJobId, link.childJobId, link.condition, madeAtMs],
    )
    await this.syncChildJobIds(link.parentJobId)
  }

  async delete(parentJobId: number, childJobId: number): Promise<boolean> {
    await bumpVersion(this.db, 'links')
    const deleted = (await this.db.run('DELETE FROM job_link WHERE parent_job_id = ? AND child_job_id = ?', [parentJobId, childJobId])) > 0
    await this.syncChildJobIds(parentJobId)
    return deleted
  }

  /** Removes every link to and from a job (XXL-JOB keeps dead child ids; JobDesk does not). */
  async deleteForJob(jobId: number): Promise<void> {
    await bumpVersion(this.db, 'links')
    const parents = await this.db.all<{ parent_job_id: number }>('SELECT parent_job_id FROM job_link WHERE child_job_id = ?', [jobId])
    await this.db.run('DELETE FROM job_link WHERE parent_job_id = ? OR child_job_id = ?', [jobId, jobId])
    for (const parent of parents) await this.syncChildJobIds(parent.parent_job_id)
  }

  /** Keeps XXL-JOB's `job_info.child_jobid` (the SUCCESS children, ascending) in step with job_link. */
  private async syncChildJobIds(parentJobId: number): Promise<void> {
    const rows = await this.db.all<{ child_job_id: number }>(
      "SELECT child_job_id FROM job_link WHERE parent_job_id = ? AND link_condition = 'SUCCESS' ORDER BY child_job_id",
      [parentJobId],
    )
    await this.db.run('UPDATE job_info SET child_jobid = ? WHERE id = ?', [rows.map((r) => r.child_job_id).join(','), parentJobId])
  }
}
