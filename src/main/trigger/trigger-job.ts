import type { JobInfo } from '../../shared/model'
import { triggerCapacityOf, type TriggerCapacity } from '../capacity/slot-needs'
import { defaultParamOf } from './typed-run-params'

/**
 * The part of a job definition a trigger uses. The JobCache keeps this, not the whole JobInfo: with
 * its names, texts and timestamps that was ~0.5 KB a job, most of the heap at 100k jobs (docs/benchmarks.md#b8-memory).
 */
export type TriggerJob = Pick<
  JobInfo,
  | 'id'
  | 'jobGroup'
  | 'triggerStatus'
  | 'timezone'
  | 'triggerLastTimeMs'
  | 'executorRouteStrategy'
  | 'executorHandler'
  | 'executorParam'
  | 'executorBlockStrategy'
  | 'executorTimeoutSec'
  | 'executorFailRetryCount'
  | 'glueType'
  | 'glueSource'
  | 'glueUpdatetimeMs'
  | 'env'
> & {
  /** What each run holds of pools and the job's own limit; absent (most jobs): the trigger does nothing more. */
  capacity?: TriggerCapacity
}

export function triggerJobOf(job: JobInfo): TriggerJob {
  const capacity = triggerCapacityOf(job)
  return {
    ...(capacity ? { capacity } : {}),
    id: job.id,
    jobGroup: job.jobGroup,
    triggerStatus: job.triggerStatus,
    timezone: job.timezone,
    triggerLastTimeMs: job.triggerLastTimeMs,
    executorRouteStrategy: job.executorRouteStrategy,
    executorHandler: job.executorHandler,
    // A job with declared params fires on its schedule with their defaults, formatted once here, not per fire.
    executorParam: defaultParamOf(job),
    executorBlockStrategy: job.executorBlockStrategy,
    executorTimeoutSec: job.executorTimeoutSec,
    executorFailRetryCount: job.executorFailRetryCount,
    glueType: job.glueType,
    glueSource: job.glueSource,
    glueUpdatetimeMs: job.glueUpdatetimeMs,
    ...(job.env ? { env: job.env } : {}),
  }
}

/**
 * Whether a fire claimed from the ring is still the job's to run: always while the job runs; once it
 * stopped, only when the scan stopped it because its schedule ran out (a cron with a year) after
 * planning this fire as one of its last. A stop by hand or by an edit sets the last time to 0 and
 * deletes the job's ring rows in the same transaction.
 */
export function owesFire(job: Pick<TriggerJob, 'triggerStatus' | 'triggerLastTimeMs'>, scheduleTimeMs: number): boolean {
  return job.triggerStatus === 1 || scheduleTimeMs <= job.triggerLastTimeMs
}
