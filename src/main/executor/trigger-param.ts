import { ValidationError } from '../../shared/errors'
import type { TriggerParam } from './executor-api'

/**
 * Checks a trigger's field types and ranges and fills the wire's optional fields (a null handler or
 * param becomes "", a missing block strategy SERIAL_EXECUTION, missing shard fields 0/1). Throws a
 * ValidationError naming the field and the rule; nothing has been started when it throws.
 */
export function normalizeTriggerParam(input: unknown): TriggerParam {
  if (typeof input !== 'object' || input === null) throw new ValidationError('triggerParam', 'must be an object')
  const raw = input as Record<string, unknown>
  const broadcastTotal = optionalInt(raw, 'broadcastTotal', 1, 1)
  const broadcastIndex = optionalInt(raw, 'broadcastIndex', 0, 0)
  if (broadcastIndex >= broadcastTotal) {
    throw new ValidationError('broadcastIndex', `${broadcastIndex} must be less than broadcastTotal (${broadcastTotal})`)
  }
  return {
    jobId: requiredInt(raw, 'jobId', 1),
    logId: requiredInt(raw, 'logId', 1),
    logDateTime: requiredInt(raw, 'logDateTime', 0),
    executorHandler: optionalString(raw, 'executorHandler', ''),
    executorParams: optionalString(raw, 'executorParams', ''),
    executorBlockStrategy: optionalString(raw, 'executorBlockStrategy', 'SERIAL_EXECUTION'),
    executorTimeout: optionalInt(raw, 'executorTimeout', 0, 0),
    glueType: requiredString(raw, 'glueType'),
    glueSource: raw.glueSource === undefined || raw.glueSource === null ? null : checkString(raw, 'glueSource'),
    glueUpdatetime: optionalInt(raw, 'glueUpdatetime', 0, 0),
    broadcastIndex,
    broadcastTotal,
  }
}

function requiredInt(raw: Record<string, unknown>, field: string, min: number): number {
  const value = raw[field]
  if (value === undefined || value === null) throw new ValidationError(field, 'is required')
  return checkInt(field, value, min)
}

function optionalInt(raw: Record<string, unknown>, field: string, fallback: number, min: number): number {
  const value = raw[field]
  if (value === undefined || value === null) return fallback
  return checkInt(field, value, min)
}

function checkInt(field: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new ValidationError(field, `must be an integer, got ${JSON.stringify(value)}`)
  }
  if (value < min) throw new ValidationError(field, `must be ≥ ${min}, got ${value}`)
  return value
}

function requiredString(raw: Record<string, unknown>, field: string): string {
  if (raw[field] === undefined || raw[field] === null || raw[field] === '') throw new ValidationError(field, 'is required')
  return checkString(raw, field)
}

function optionalString(raw: Record<string, unknown>, field: string, fallback: string): string {
  if (raw[field] === undefined || raw[field] === null) return fallback
  return checkString(raw, field)
}

function checkString(raw: Record<string, unknown>, field: string): string {
  const value = raw[field]
  if (typeof value !== 'string') throw new ValidationError(field, `must be a string, got ${typeof value}`)
  return value
}
