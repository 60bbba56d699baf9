import type { JobInfo } from '../../shared/model'

/**
 * The part of a job definition a trigger uses. The JobCache keeps this, not the whole JobInfo: with
 * its names, texts and timestamps that was ~0.5 KB a job, most of the heap at 100k jobs (docs/benchmarks.md#b8-memory).
 */
export type TriggerJob = Pick<
  JobInfo,
  | 'id'
  | 'jobGroup'
  | 'triggerStatus'
  | 'executorRouteStrategy'
  | 'executorHandler'
  | 'executorParam'
  | 'executorBlockStrategy'
  | 'executorTimeoutSec'
  | 'executorFailRetryCount'
  | 'glueType'
  | 'glueSource'
  | 'glueUpdatetimeMs'
>

export function triggerJobOf(job: JobInfo): TriggerJob {
  return {
    id: job.id,
    jobGroup: job.jobGroup,
    triggerStatus: job.triggerStatus,
    executorRouteStrategy: job.executorRouteStrategy,
    executorHandler: job.executorHandler,
    executorParam: job.executorParam,
    executorBlockStrategy: job.executorBlockStrategy,
    executorTimeoutSec: job.executorTimeoutSec,
    executorFailRetryCount: job.executorFailRetryCount,
    glueType: job.glueType,
    glueSource: job.glueSource,
    glueUpdatetimeMs: job.glueUpdatetimeMs,
  }
}
