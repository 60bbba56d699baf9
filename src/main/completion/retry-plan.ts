import type { JobInfo, JobRun } from '../../shared/model'

/** XXL-JOB's fail monitor period: a retry without backoff is issued at most this long after the failure. */
export const FAIL_MONITOR_PERIOD_MS = 10_000

/**
 * The wait before retrying a failed run. NONE retries at the next monitor pass (XXL-JOB); FIXED waits
 * the interval; EXPONENTIAL doubles it per attempt (interval, 2×, 4×, …) up to the cap (no cap when
 * the cap is 0). `attempt` counts from 0 for the first retry.
 */
export function retryDelayMs(job: Pick<JobInfo, 'retryBackoff' | 'retryIntervalSec' | 'retryMaxIntervalSec'>, attempt: number): number {
  const intervalMs = job.retryIntervalSec * 1000
  switch (job.retryBackoff) {
    case 'NONE':
      return 0
    case 'FIXED':
      return intervalMs
    case 'EXPONENTIAL': {
      const grown = intervalMs * 2 ** Math.min(attempt, 30)
      return job.retryMaxIntervalSec > 0 ? Math.min(grown, job.retryMaxIntervalSec * 1000) : grown
    }
  }
}

export type FailureDecision =
  | { kind: 'retry'; dueAtMs: number; attempt: number; failRetryCount: number; alarm: boolean }
  | { kind: 'final'; alarm: boolean }

/**
 * What the fail monitor does with a failed run (reference §4.4, plus backoff): retry while the run
 * has retries left — as a new run with one retry fewer, never rewriting the failed row — and alarm
 * once the retries are used up, or on every failure when the job asks for it.
 */
export function decideFailure(
  run: Pick<JobRun, 'executorFailRetryCount' | 'triggerTimeMs' | 'handleTimeMs'>,
  job: Pick<JobInfo, 'executorFailRetryCount' | 'retryBackoff' | 'retryIntervalSec' | 'retryMaxIntervalSec' | 'alarmOnEveryFailure'> | undefined,
): FailureDecision {
  if (!job || run.executorFailRetryCount <= 0) return { kind: 'final', alarm: job !== undefined }
  const attempt = Math.max(0, job.executorFailRetryCount - run.executorFailRetryCount)
  const failedAtMs = run.handleTimeMs > 0 ? run.handleTimeMs : run.triggerTimeMs
  return {
    kind: 'retry',
    dueAtMs: failedAtMs + retryDelayMs(job, attempt),
    attempt,
    failRetryCount: run.executorFailRetryCount - 1,
    alarm: job.alarmOnEveryFailure,
  }
}
