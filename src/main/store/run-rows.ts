import type { NewRun, TrailParts, TriggerOutcome } from '../domain/runs'
import { runPartText, splitTrail } from '../domain/trail-parts'
import { parseTriggerTrail } from '../../shared/trigger-trail'
import type { JobRun, TriggerType } from '../../shared/model'
import { formatTriggerTrail } from '../../shared/trigger-trail-text'
import type { SqlValue } from './sql/connection'

// The shape of a `job_log` row and what the run repository writes into it (run-repo.ts).

export interface RunRow {
  id: number
  job_group: number
  job_id: number
  executor_address: string
  executor_handler: string
  executor_param: string
  executor_sharding_param: string
  executor_fail_retry_count: number
  trigger_time: number
  trigger_type: string
  schedule_time: number | null
  backfill_id: number | string
  trigger_code: number
  trigger_msg: string
  handle_time: number
  handle_code: number
  handle_msg: string
  alarm_status: number
  alarm_message: string
  alarm_rule?: string
  parent_log_id: number | null
  retry_due_time: number | null
  /**
   * In the table, the trail's shape digest and result (trail-shapes.ts; NULL for runs triggered before
   * migration 17, whose trails are in job_log_trail); on a row read back, the whole trail (run-trails.ts).
   */
  trigger_trail: string | null
  deadline_marks: number
  /** Queued since (0: not queued; docs/capacity.md). */
  queue_time?: number | string
  /** JSON { name: value } (migration 0031); NULL for a free-text run. */
  typed_params?: string | null
}

/** XXL-JOB's cap for handle_msg in the database. */
export const HANDLE_MSG_MAX_CHARS = 15_000

export const INSERT_COLUMNS = [
  'job_group',
  'job_id',
  'executor_handler',
  'executor_param',
  'executor_sharding_param',
  'executor_fail_retry_count',
  'trigger_time',
  'trigger_type',
  'schedule_time',
  'parent_log_id',
  'trigger_node',
] as const

/** The run's values of INSERT_COLUMNS but the node, in their order. */
export const runValues = (run: NewRun): SqlValue[] => [
  run.jobGroup,
  run.jobId,
  run.executorHandler,
  run.executorParam,
  run.executorShardingParam,
  run.executorFailRetryCount,
  run.triggerTimeMs,
  run.triggerType,
  run.scheduleTimeMs,
  run.parentLogId,
]

/** `triggerNode`: the node that will trigger the run ('' for runs nothing will trigger, such as imported ones). */
export const insertValues = (run: NewRun, triggerNode: string): SqlValue[] => {
  const values = runValues(run)
  values.push(triggerNode)
  return values
}

/**
 * The columns and values of a one-off run: a backfill's id and typed values only when it has them.
 * Scheduled runs (the hot path, thousands a second) carry neither, so their statements keep
 * INSERT_COLUMNS.
 */
export function oneOffInsert(run: NewRun, triggerNode: string): { columns: readonly string[]; values: SqlValue[] } {
  const columns: string[] = [...INSERT_COLUMNS]
  const values: SqlValue[] = insertValues(run, triggerNode)
  if (run.backfillId) {
    columns.push('backfill_id')
    values.push(run.backfillId)
  }
  if (run.typedParams !== undefined) {
    columns.push('typed_params')
    values.push(run.typedParams)
  }
  return { columns, values }
}

export const FINISHED_COLUMNS = ['executor_address', 'trigger_code', 'trigger_msg', 'handle_time', 'handle_code', 'handle_msg', 'alarm_status'] as const

/** The outcome's trail in its two parts (trail-shapes.ts), or null for an outcome without one. */
export function trailParts(outcome: TriggerOutcome): TrailParts | null {
  if (outcome.trailParts !== undefined) return outcome.trailParts
  if (!outcome.triggerTrail) return null
  const { shape, run } = splitTrail(outcome.triggerTrail)
  return { shape: JSON.stringify(shape), run: runPartText(run, outcome.executorAddress) }
}

/**
 * trigger_msg as written: '' when the trail is kept, whose English text `fromRow` derives when the
 * run is read (formatting it for every run and storing it twice cost ~10 % of the hot path, docs/benchmarks.md#b1-throughput); the
 * text itself for an outcome without a trail. An imported XXL-JOB run keeps its own text.
 */
export function triggerMsgColumn(outcome: TriggerOutcome): string {
  // trailParts first: reading triggerTrail of an outcome that has its JSON parses it.
  return outcome.trailParts !== undefined || outcome.triggerTrail ? '' : outcome.triggerMsg
}

export function fromRow(row: RunRow): JobRun {
  const trail = parseTriggerTrail(row.trigger_trail)
  return {
    id: Number(row.id),
    jobGroup: row.job_group,
    jobId: row.job_id,
    executorAddress: row.executor_address,
    executorHandler: row.executor_handler,
    executorParam: row.executor_param,
    executorShardingParam: row.executor_sharding_param,
    executorFailRetryCount: row.executor_fail_retry_count,
    triggerTimeMs: Number(row.trigger_time),
    triggerType: row.trigger_type as TriggerType,
    scheduleTimeMs: row.schedule_time === null ? null : Number(row.schedule_time),
    backfillId: Number(row.backfill_id ?? 0),
    triggerCode: row.trigger_code,
    triggerMsg: row.trigger_msg === '' && trail ? formatTriggerTrail(trail) : row.trigger_msg,
    triggerTrail: trail,
    handleTimeMs: Number(row.handle_time),
    handleCode: row.handle_code,
    handleMsg: row.handle_msg,
    alarmStatus: row.alarm_status,
    alarmMessage: row.alarm_message ?? '',
    alarmRule: row.alarm_rule ?? '',
    parentLogId: row.parent_log_id === null ? null : Number(row.parent_log_id),
    deadlineMarks: Number(row.deadline_marks ?? 0),
    ...(Number(row.queue_time ?? 0) > 0 ? { queuedSinceMs: Number(row.queue_time) } : {}),
    ...(row.typed_params ? { typedParams: JSON.parse(row.typed_params) as Record<string, string | number | boolean> } : {}),
  }
}
