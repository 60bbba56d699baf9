import { ValidationError } from '../../shared/errors'
import {
  BLOCK_STRATEGIES,
  GLUE_TYPES,
  MISFIRE_STRATEGIES,
  RETRY_BACKOFFS,
  ROUTE_STRATEGIES,
  SCHEDULE_TYPES,
  type JobInput,
} from '../../shared/model'
import { validateSchedule } from '../schedule'

/** XXL-JOB's documented limit for a job parameter. */
export const EXECUTOR_PARAM_MAX_CHARS = 2048
export const JOB_NAME_MAX_CHARS = 100
export const MAX_RETRY_COUNT = 100
/** One day: a longer executor timeout or retry interval is almost certainly a unit mistake. */
const MAX_SECONDS = 86_400

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/

export interface JobValidationContext {
  groupExists: (id: number) => boolean
  /** Reference time for "the schedule has a future fire time". */
  nowMs: number
}

/**
 * Checks every field of a job before anything is written; the first problem throws a
 * ValidationError naming the field and the rule. Returns the input with text fields trimmed.
 */
export function validateJobInput(raw: unknown, context: JobValidationContext): JobInput {
  if (typeof raw !== 'object' || raw === null) throw new ValidationError('job', 'expected an object with the job fields')
  const input = raw as Record<string, unknown>
  const job: JobInput = {
    ...(input.id !== undefined ? { id: integer(input, 'id', 1) } : {}),
    jobGroup: integer(input, 'jobGroup', 1),
    name: text(input, 'name', { required: true, max: JOB_NAME_MAX_CHARS }),
    author: text(input, 'author', { max: 100 }),
    alarmEmail: emails(input),
    scheduleType: oneOf(input, 'scheduleType', SCHEDULE_TYPES),
    scheduleConf: text(input, 'scheduleConf', { max: 200 }),
    timezone: text(input, 'timezone', { required: true, max: 64 }),
    misfireStrategy: oneOf(input, 'misfireStrategy', MISFIRE_STRATEGIES),
    executorRouteStrategy: oneOf(input, 'executorRouteStrategy', ROUTE_STRATEGIES),
    executorHandler: text(input, 'executorHandler', { max: 255 }),
    executorParam: text(input, 'executorParam', { max: EXECUTOR_PARAM_MAX_CHARS, trim: false }),
    executorBlockStrategy: oneOf(input, 'executorBlockStrategy', BLOCK_STRATEGIES),
    executorTimeoutSec: integer(input, 'executorTimeoutSec', 0, MAX_SECONDS),
    executorFailRetryCount: integer(input, 'executorFailRetryCount', 0, MAX_RETRY_COUNT),
    retryBackoff: oneOf(input, 'retryBackoff', RETRY_BACKOFFS),
    retryIntervalSec: integer(input, 'retryIntervalSec', 0, MAX_SECONDS),
    retryMaxIntervalSec: integer(input, 'retryMaxIntervalSec', 0, MAX_SECONDS),
    alarmOnEveryFailure: bool(input, 'alarmOnEveryFailure'),
    glueType: oneOf(input, 'glueType', GLUE_TYPES),
    glueSource: text(input, 'glueSource', { max: 1_000_000, trim: false }),
    glueRemark: text(input, 'glueRemark', { max: 500 }),
  }

  if (!context.groupExists(job.jobGroup)) throw new ValidationError('jobGroup', `executor group ${job.jobGroup} does not exist`)
  validateSchedule({ scheduleType: job.scheduleType, scheduleConf: job.scheduleConf, timezone: job.timezone }, context.nowMs)
  if (job.glueType === 'BEAN' && job.executorHandler === '') {
    throw new ValidationError('executorHandler', 'a BEAN job needs the name of an executor handler')
  }
  if (job.glueType === 'GLUE_GROOVY') {
    throw new ValidationError('glueType', 'GLUE_GROOVY (Java) cannot run on a Node executor; use BEAN or a script type')
  }
  if (job.retryBackoff !== 'NONE' && job.retryIntervalSec < 1) {
    throw new ValidationError('retryIntervalSec', `a ${job.retryBackoff} backoff needs an interval of at least 1 s`)
  }
  if (job.retryBackoff === 'EXPONENTIAL' && job.retryMaxIntervalSec > 0 && job.retryMaxIntervalSec < job.retryIntervalSec) {
    throw new ValidationError('retryMaxIntervalSec', 'the cap must not be below the first interval')
  }
  return job
}

function text(input: Record<string, unknown>, field: string, rule: { required?: boolean; max: number; trim?: boolean }): string {
  const value = input[field] ?? ''
  if (typeof value !== 'string') throw new ValidationError(field, `expected text, got ${typeName(value)}`)
  const result = rule.trim === false ? value : value.trim()
  if (rule.required && result === '') throw new ValidationError(field, 'is required')
  if (result.length > rule.max) throw new ValidationError(field, `is ${result.length} characters long; the limit is ${rule.max}`)
  return result
}

function integer(input: Record<string, unknown>, field: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = input[field] ?? (min === 0 ? 0 : undefined)
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new ValidationError(field, `expected a whole number, got ${typeName(value)}`)
  }
  if (value < min || value > max) throw new ValidationError(field, `${value} is out of range ${min}-${max}`)
  return value
}

function bool(input: Record<string, unknown>, field: string): boolean {
  const value = input[field] ?? false
  if (typeof value !== 'boolean') throw new ValidationError(field, `expected true or false, got ${typeName(value)}`)
  return value
}

function oneOf<T extends string>(input: Record<string, unknown>, field: string, values: readonly T[]): T {
  const value = input[field]
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
    throw new ValidationError(field, `'${String(value)}' is not one of ${values.join(', ')}`)
  }
  return value as T
}

function emails(input: Record<string, unknown>): string {
  const value = text(input, 'alarmEmail', { max: 1000 })
  const list = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
  const bad = list.find((e) => !EMAIL.test(e))
  if (bad) throw new ValidationError('alarmEmail', `'${bad}' is not an email address`)
  return list.join(',')
}

function typeName(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (typeof value === 'string') return `'${value}'`
  return typeof value
}
