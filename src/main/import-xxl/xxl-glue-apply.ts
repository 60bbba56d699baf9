import type { Repos } from '../store/store'
import { mergeGlueHistory, type HistoryVersion } from './merge-glue-history'
import type { XxlPlan } from './plan-xxl-import'

export interface GlueHistoryPlan {
  /** The whole new history of each JobDesk job whose history changes, oldest first. */
  histories: Map<number, HistoryVersion[]>
  /** XXL-JOB versions (`xxl_job_logglue` rows) that join a history. */
  versions: number
}

const versionKey = (v: Pick<HistoryVersion, 'glueType' | 'glueSource' | 'glueRemark' | 'addTimeMs'>) =>
  JSON.stringify([v.glueType, v.glueSource, v.glueRemark, v.addTimeMs])

/**
 * The GLUE history each created or updated job ends with: JobDesk's versions merged with XXL-JOB's
 * (see mergeGlueHistory). A skipped job keeps its history as it is. On a dry run (`jobIds` empty)
 * a job to be created is planned against an empty history.
 * @param jobIds the JobDesk job of each XXL-JOB job id, once applied.
 */
export async function planGlueHistories(
  repos: Pick<Repos, 'glue'>,
  plan: XxlPlan,
  jobIds: ReadonlyMap<number, number>,
  nowMs: number,
): Promise<GlueHistoryPlan> {
  const histories = new Map<number, HistoryVersion[]>()
  let versions = 0
  for (const job of plan.jobs) {
    if ((job.action !== 'create' && job.action !== 'update') || job.mapped.glueHistory.length === 0 || !job.mapped.job) continue
    const jobId = jobIds.get(job.mapped.xxlId) ?? job.jobId
    const existing = jobId === null ? [] : await repos.glue.list(jobId)
    const { glueType, glueSource, glueRemark } = job.mapped.job
    const merged = mergeGlueHistory(existing, job.mapped.glueHistory, { glueType, glueSource, glueRemark }, nowMs)
    if (merged === null) continue
    const imported = new Set(job.mapped.glueHistory.map((row) => versionKey({ ...row, addTimeMs: row.addTimeMs ?? 0 })))
    const held = new Set(existing.map(versionKey))
    versions += merged.filter((v) => imported.has(versionKey(v)) && !held.has(versionKey(v))).length
    if (jobId !== null) histories.set(jobId, merged)
  }
  return { histories, versions }
}

/** Replaces each job's history with its planned one, in the caller's transaction. */
export async function applyGlueHistories(repos: Pick<Repos, 'glue'>, histories: ReadonlyMap<number, readonly HistoryVersion[]>): Promise<void> {
  for (const [jobId, history] of histories) {
    await repos.glue.deleteForJob(jobId)
    for (const version of history) await repos.glue.add(jobId, version.glueType, version.glueSource, version.glueRemark, version.addTimeMs)
  }
}
