/**
 * How a bad value reads in an error message. A value is quoted only up to QUOTE_MAX_CHARS, so a
 * 4 MB field produces a message of a few hundred characters, not a 4 MB reply.
 */
export const QUOTE_MAX_CHARS = 120

export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (typeof value === 'string') return `the text ${quote(value)}`
  if (typeof value === 'number') return Number.isFinite(value) ? `the number ${value}` : String(value)
  if (typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.length === 1 ? 'a list of 1 item' : `a list of ${value.length} items`
  if (typeof value === 'object') return 'an object'
  return `a ${typeof value}`
}

/** `"abc"`, or the first QUOTE_MAX_CHARS characters and the full length. */
export function quote(text: string): string {
  if (text.length <= QUOTE_MAX_CHARS) return JSON.stringify(text)
  return `${JSON.stringify(text.slice(0, QUOTE_MAX_CHARS))}… (${text.length} characters)`
}

/**
 * A bad value as a short token for a message parameter, the same in every language: quoted text,
 * a number, `true`, `null`, `[×3]` (a list of 3), `{…}`; `—` for nothing at all.
 */
export function valueToken(value: unknown): string {
  if (value === undefined) return '—'
  if (value === null) return 'null'
  if (typeof value === 'string') return quote(value)
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  if (Array.isArray(value)) return `[×${value.length}]`
  if (typeof value === 'object') return '{…}'
  return typeof value
}
