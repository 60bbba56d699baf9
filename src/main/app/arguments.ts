import { ValidationError } from '../../shared/errors'

/**
 * Checks for arguments arriving from a UI client (IPC or the browser bridge): they are untrusted
 * input, whatever the TypeScript types say.
 */
export function requireId(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new ValidationError(field, `expected a positive whole number, got ${JSON.stringify(value)}`)
  }
  return value
}

export function optionalId(value: unknown, field: string): number | undefined {
  return value === undefined || value === null ? undefined : requireId(value, field)
}

export function requireObject(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidationError(field, 'expected an object')
  }
  return value as Record<string, unknown>
}

export function optionalString(value: unknown, field: string, maxChars: number): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw new ValidationError(field, `expected text, got ${typeof value}`)
  if (value.length > maxChars) throw new ValidationError(field, `is ${value.length} characters long; the limit is ${maxChars}`)
  return value
}

export function optionalInteger(value: unknown, field: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ValidationError(field, `expected a whole number in ${min}-${max}, got ${JSON.stringify(value)}`)
  }
  return value
}

export function optionalOneOf<T extends string>(value: unknown, field: string, values: readonly T[]): T | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
    throw new ValidationError(field, `'${String(value)}' is not one of ${values.join(', ')}`)
  }
  return value as T
}
