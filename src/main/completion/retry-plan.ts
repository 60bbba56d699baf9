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

/**
 * Default jitter: each backoff wait grows by up to this share of itself. When an executor dies, its
 * hundreds of runs fail in the same second and, with a fixed interval, would all retry in the same
 * second against an executor that is just coming back; 10 % spreads them without making any wait
 * shorter than the interval the job asks for. 0 turns it off.
 */
export const DEFAULT_RETRY_JITTER_RATIO = 0.1

/**
 * The jitter added to a backoff wait: up to `ratio` × `delayMs`, derived from the run id rather than
 * drawn at random, so two admins on one database plan the same time and a test can reproduce it.
 * Retries without backoff (NONE, delay 0) get none: XXL-JOB retries them at the next pass.
 */
export function retryJitterMs(delayMs: number, runId: number, ratio: number): number {
  if (delayMs <= 0 || ratio <= 0) return 0
  return Math.floor(delayMs * Math.min(ratio, 1) * spread(runId))
}

/** A well-mixed fraction in [0, 1) for an id (the 32-bit finalizer of MurmurHash3). */
function spread(id: number): number {
  let h = id | 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  h ^= h >>> 16
  return (h >>> 0) / 2 ** 32
}

export type FailureDecision = { kind: 'retry'; dueAtMs: number; attempt: number; failRetryCount: number; alarm: boolean } | { kind: 'final'; alarm: boolean }

/**
 * What the fail monitor does with a failed run (docs/protocol.md#fail-monitor-and-lost-runs, plus backoff: docs/design.md#retries): retry while the run
 * has retries left — as a new run with one retry fewer, never rewriting the failed row — and alarm
 * once the retries are used up, or on every failure when the job asks for it.
 */
export function decideFailure(
  run: Pick<JobRun, 'id' | 'executorFailRetryCount' | 'triggerTimeMs' | 'handleTimeMs'>,
  job: Pick<JobInfo, 'executorFailRetryCount' | 'retryBackoff' | 'retryIntervalSec' | 'retryMaxIntervalSec' | 'alarmOnEveryFailure'> | undefined,
  jitterRatio = 0,
): FailureDecision {
  if (!job || run.executorFailRetryCount <= 0) return { kind: 'final', alarm: job !== undefined }
  const attempt = Math.max(0, job.executorFailRetryCount - run.executorFailRetryCount)
  const failedAtMs = run.handleTimeMs > 0 ? run.handleTimeMs : run.triggerTimeMs
  const delayMs = retryDelayMs(job, attempt)
  return {
    kind: 'retry',
    dueAtMs: failedAtMs + delayMs + retryJitterMs(delayMs, run.id, jitterRatio),
    attempt,
    failRetryCount: run.executorFailRetryCount - 1,
    alarm: job.alarmOnEveryFailure,
  }
}

/**
 * Where a failed run's retry goes. A run triggered on an address override (one address an operator
 * chose for that trigger) is retried on the address it ran on — its override list when it never
 * reached one — never on the group's route, which the operator had chosen not to use. Any other run
 * is routed over its group again (undefined).
 */
export function retryAddresses(run: Pick<JobRun, 'executorAddress' | 'triggerTrail'>): string[] | undefined {
  const trail = run.triggerTrail
  if (trail?.group?.registration !== 'override') return undefined
  if (run.executorAddress !== '') return [run.executorAddress]
  const chosen = trail.route?.candidates ?? []
  return chosen.length > 0 ? [...chosen] : undefined
}
