import type { z } from 'zod'

/** Longest piece of an offending value quoted back in a message. */
export const QUOTED_VALUE_MAX_CHARS = 200

/** A value as it may be quoted in a message: JSON, cut to a few hundred characters. */
export function quoteValue(value: unknown): string {
  let text: string
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
  } catch {
    text = String(value)
  }
  return text.length > QUOTED_VALUE_MAX_CHARS ? `${text.slice(0, QUOTED_VALUE_MAX_CHARS)}… (${text.length} chars)` : text
}

/**
 * One line per zod issue: the field's path (`headers.x-token`), what was expected, and the value
 * that was given (cut), e.g. `timeout: Invalid input: expected int, received number (got 1.5)`.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input: unknown, root = 'param'): string {
  return issues.map((issue) => describeIssue(issue, input, root)).join('; ')
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown, root: string): string {
  const path = issue.path.length === 0 ? root : issue.path.map(String).join('.')
  if (issue.code === 'unrecognized_keys') return `${path}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map(quoteValue).join(', ')}`
  const value = valueAt(input, issue.path)
  return value === undefined ? `${path}: ${issue.message}` : `${path}: ${issue.message} (got ${quoteValue(value)})`
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}
