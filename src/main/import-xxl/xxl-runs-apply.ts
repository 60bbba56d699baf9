import type { FinishedRun } from '../domain/runs'
import type { Repos } from '../store/store'
import { finishedRunOf, isFinished } from './map-xxl-runs'
import type { XxlPlan } from './plan-xxl-import'
import type { XxlLogRow } from './xxl-rows'

export interface XxlRunPlan {
  toWrite: FinishedRun[]
  counts: { imported: number; unfinished: number; alreadyThere: number; ofRefusedJobs: number }
}

const WRITE_CHUNK = 1000

/**
 * Which of XXL-JOB's runs come along: the finished runs of imported jobs (created, updated, or
 * skipped as already there) that JobDesk does not hold yet — a run it holds is one with the same
 * job, trigger time and shard, so importing twice adds nothing. On a dry run a job to be created
 * has no id yet; its runs are counted as they would be written.
 * @param jobIds the JobDesk job of each XXL-JOB job id, once applied.
 */
export async function planXxlRuns(
  repos: Pick<Repos, 'runs' | 'jobs'>,
  plan: XxlPlan,
  rows: readonly XxlLogRow[],
  jobIds: ReadonlyMap<number, number>,
): Promise<XxlRunPlan> {
  const target = new Map<number, number | null>()
  for (const job of plan.jobs) {
    if (job.action === 'refuse') continue
    target.set(job.mapped.xxlId, jobIds.get(job.mapped.xxlId) ?? job.jobId)
  }
  const counts = { imported: 0, unfinished: 0, alreadyThere: 0, ofRefusedJobs: 0 }
  const finished: XxlLogRow[] = []
  for (const row of rows) {
    if (!target.has(row.jobId)) counts.ofRefusedJobs++
    else if (!isFinished(row)) counts.unfinished++
    else finished.push(row)
  }
  const known = [...new Set(finished.map((r) => target.get(r.jobId)).filter((id): id is number => typeof id === 'number'))]
  const held = new Set<string>()
  if (known.length > 0 && finished.length > 0) {
    const times = finished.map((r) => r.triggerTimeMs)
    for (const key of await repos.runs.triggerKeysBetween(known, Math.min(...times), Math.max(...times))) {
      held.add(`${key.jobId}|${key.triggerTimeMs}|${key.executorShardingParam}`)
    }
  }
  const groupOf = new Map((await repos.jobs.list()).map((j) => [j.id, j.jobGroup]))
  const toWrite: FinishedRun[] = []
  for (const row of finished) {
    const jobId = target.get(row.jobId) ?? null
    if (jobId !== null && held.has(`${jobId}|${row.triggerTimeMs}|${row.executorShardingParam}`)) {
      counts.alreadyThere++
      continue
    }
    counts.imported++
    if (jobId !== null) toWrite.push(finishedRunOf(row, jobId, groupOf.get(jobId) ?? 0))
  }
  return { toWrite: toWrite.sort((a, b) => a.triggerTimeMs - b.triggerTimeMs), counts }
}

export async function writeXxlRuns(repos: Pick<Repos, 'runs'>, runs: readonly FinishedRun[], progress: (done: number) => void): Promise<void> {
  for (let from = 0; from < runs.length; from += WRITE_CHUNK) {
    await repos.runs.insertFinished(runs.slice(from, from + WRITE_CHUNK))
    progress(Math.min(runs.length, from + WRITE_CHUNK))
  }
}
