import { ValidationError } from '../../../shared/errors'

/**
 * Field readers for wire bodies. Each one checks a single JSON field and throws a ValidationError
 * naming the field and the rule, so a bad request is answered with a message an operator can act on.
 * Unknown extra fields are ignored: newer admins and executors add fields, older ones skip them.
 */
export type JsonObject = Record<string, unknown>

export function describeJson(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
  if (typeof value === 'number') return `the number ${value}`
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** The body must be a JSON object; `what` names it in the message (e.g. "trigger body"). */
export function requireObject(value: unknown, what: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidationError('body', `the ${what} must be a JSON object, got ${describeJson(value)}`)
  }
  return value as JsonObject
}

interface IntRule {
  /** Inclusive lower bound. */
  min?: number
  /** Used when the field is absent or null; without it the field is required. */
  fallback?: number
}

/**
 * A whole number within the safe-integer range (Java ints and longs both arrive as JSON numbers;
 * ids and epoch milliseconds stay far below 2^53).
 */
export function readInt(body: JsonObject, field: string, rule: IntRule = {}): number {
  const value = body[field]
  if (value === undefined || value === null) {
    if (rule.fallback !== undefined) return rule.fallback
    throw new ValidationError(field, 'is required (a whole number)')
  }
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new ValidationError(field, `must be a whole number, got ${describeJson(value)}`)
  }
  if (rule.min !== undefined && value < rule.min) {
    throw new ValidationError(field, `must be ≥ ${rule.min}, got ${value}`)
  }
  return value
}

interface StringRule {
  /** Used when the field is absent or null; without it the field is required. */
  fallback?: string
  /** Refuse "" and whitespace-only strings. */
  nonBlank?: boolean
}

export function readString(body: JsonObject, field: string, rule: StringRule = {}): string {
  const value = body[field]
  if (value === undefined || value === null) {
    if (rule.fallback !== undefined) return rule.fallback
    throw new ValidationError(field, 'is required (a string)')
  }
  if (typeof value !== 'string') throw new ValidationError(field, `must be a string, got ${describeJson(value)}`)
  if (rule.nonBlank && value.trim() === '') throw new ValidationError(field, 'must not be blank')
  return value
}

/** A string or null; absent reads as null. */
export function readNullableString(body: JsonObject, field: string): string | null {
  const value = body[field]
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') throw new ValidationError(field, `must be a string or null, got ${describeJson(value)}`)
  return value
}

/**
 * The run's trigger time under either spelling: G1/G2 say `logDateTim`, G3 `logDateTime` (§1.4, §2.3).
 * When both are present the G3 spelling wins; our own admin always sends both with the same value.
 */
export function readLogDateTime(body: JsonObject, rule: IntRule = {}): number {
  if (body.logDateTime !== undefined && body.logDateTime !== null) return readInt(body, 'logDateTime', { min: 0 })
  if (body.logDateTim !== undefined && body.logDateTim !== null) return readInt(body, 'logDateTim', { min: 0 })
  if (rule.fallback !== undefined) return rule.fallback
  throw new ValidationError('logDateTime', 'is required (epoch milliseconds; `logDateTim` is accepted too)')
}
