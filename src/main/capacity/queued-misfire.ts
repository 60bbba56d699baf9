import type { MisfireStrategy } from '../../shared/job-enums'

/** A queued run of the schedule, as the misfire decision sees it. */
export interface QueuedFire {
  runId: number
  jobId: number
  /** CRON or MISFIRE runs are the schedule's; others (manual, API, retry, child, flow, backfill) never misfire. */
  scheduled: boolean
  scheduleTimeMs: number
  misfireStrategy: MisfireStrategy
}

/**
 * The queued runs to drop at `nowMs`: a scheduled run that waited past the misfire threshold
 * (`thresholdMs` after its scheduled time) follows its job's misfire strategy, as a fire the
 * scheduler came late to does — DO_NOTHING drops it; FIRE_ONCE_NOW keeps only the job's latest
 * such run (it runs once, when slots free up) and drops the older ones.
 */
export function queuedMisfires(runs: readonly QueuedFire[], nowMs: number, thresholdMs: number): number[] {
  const late = runs.filter((r) => r.scheduled && nowMs - r.scheduleTimeMs > thresholdMs)
  const latestOnce = new Map<number, QueuedFire>()
  for (const run of late) {
    if (run.misfireStrategy !== 'FIRE_ONCE_NOW') continue
    const kept = latestOnce.get(run.jobId)
    if (!kept || run.scheduleTimeMs > kept.scheduleTimeMs || (run.scheduleTimeMs === kept.scheduleTimeMs && run.runId > kept.runId))
      latestOnce.set(run.jobId, run)
  }
  return late.filter((r) => latestOnce.get(r.jobId) !== r).map((r) => r.runId)
}
