import type { JobInfo } from '../../../../shared/model'

/** A shown next fire this long past is stale: the job fired and the core moved its next time on. */
export const NEXT_FIRE_STALE_MS = 2_000

/**
 * The jobs on screen whose shown next fire time has passed (the core does not push each fire's new
 * next time: at 10k every-second jobs that would be 10k rows a second for a column nobody reads).
 */
export function staleNextFires(jobs: readonly (JobInfo | undefined)[], nowMs: number): number[] {
  const ids: number[] = []
  for (const job of jobs) {
    if (job && job.triggerStatus === 1 && job.triggerNextTimeMs > 0 && nowMs - job.triggerNextTimeMs >= NEXT_FIRE_STALE_MS) ids.push(job.id)
  }
  return ids
}
