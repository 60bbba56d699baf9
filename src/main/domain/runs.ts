import type { JobRun } from '../../shared/model'
import type { TriggerTrail } from '../../shared/trigger-trail'

// A run's life as the pipeline sees it: written when prepared, given an outcome by its trigger, completed by its callback.

/** The part of a run known when its row is written, before routing and the executor call. */
export type NewRun = Pick<
  JobRun,
  | 'jobGroup'
  | 'jobId'
  | 'executorHandler'
  | 'executorParam'
  | 'executorShardingParam'
  | 'executorFailRetryCount'
  | 'triggerTimeMs'
  | 'triggerType'
  | 'scheduleTimeMs'
  | 'parentLogId'
> & {
  /** A backfill's run: its id (the slot is `scheduleTimeMs`); absent for every other run. */
  backfillId?: number
  /** A run of a job with declared params: its typed values as JSON (job_log.typed_params); absent for every other run. */
  typedParams?: string
}

/**
 * A trigger trail in two parts, each JSON text (domain/trail-parts.ts): its shape — the group, the
 * addresses routing saw, the block settings, the same for the runs of a job — and its run part, what
 * routing decided and the result, which holds the call's time. The store keeps each shape once
 * (store/trail-shapes.ts).
 */
export interface TrailParts {
  shape: string
  run: string
}

export interface TriggerOutcome {
  logId: number
  executorAddress: string
  triggerCode: number
  triggerMsg: string
  /** LFU/LRU: the job whose use of `executorAddress` the outcome's write counts, and when it was routed. */
  routeUse?: { jobId: number; atMs: number }
  /** The same trigger as data (src/shared/trigger-trail.ts), kept as JSON; trigger_msg is then derived from it when read. */
  triggerTrail?: TriggerTrail
  /** `triggerTrail` as the store writes it, when the trigger made it so already (trigger-run.ts). */
  trailParts?: TrailParts
}

export interface RunCompletion {
  logId: number
  handleCode: number
  handleMsg: string
  handleTimeMs: number
}

/** A finished run brought in from elsewhere (an XXL-JOB import): every column as it was, nothing left to do. */
export interface FinishedRun extends NewRun {
  executorAddress: string
  triggerCode: number
  triggerMsg: string
  handleTimeMs: number
  handleCode: number
  handleMsg: string
  /** 0 (todo) and −1 are written as 1 (not needed): the fail monitor must not retry or alarm what happened elsewhere. */
  alarmStatus: number
}

/** Where accepted callbacks complete their runs (the run writer's batches). */
export interface RunCompleter {
  complete(completions: RunCompletion[]): Promise<unknown>
}
