/**
 * The values a plan shows for a changed field (`schedule.cron: '0 30 3 * * ?' → '0 45 3 * * ?'`),
 * as `terraform plan` and `kubectl diff` show them. A value is data from a file or the database: it
 * is written as text that cannot move a terminal's cursor, hide itself or run on for pages —
 * control, line-separator, zero-width and bidi characters escaped, long values cut with "…".
 */

/** One changed field of a planned update: its path as the files name it, and its text before and after (null: the file leaves it out). */
export interface DefinitionFieldChange {
  field: string
  before: string | null
  after: string | null
}

/** Longer values are cut: a plan line stays one line a person reads, a GLUE script is not printed whole. */
export const VALUE_TEXT_MAX_CHARS = 80

// C0 and C1 controls, DEL, zero-width and bidi marks, line and paragraph separators, the BOM.
// oxlint-disable-next-line no-control-regex -- finding control characters is the point: they are escaped
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/

const NAMED_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\', "'": "\\'" }

function unicodeEscape(char: string): string {
  return UNSAFE.test(char) ? `\\u{${char.codePointAt(0)!.toString(16)}}` : char
}

/** A text with every unsafe character escaped (a value's text is already; a field path from a file may not be), cut at the length of a value. */
export function safeLine(text: string): string {
  const escaped = Array.from(text, unicodeEscape).join('')
  return escaped.length > VALUE_TEXT_MAX_CHARS * 2 ? `${escaped.slice(0, VALUE_TEXT_MAX_CHARS * 2 - 1)}…` : escaped
}

/**
 * A value as one safe line: a string in single quotes with its specials escaped, anything else as
 * compact JSON (which escapes controls itself; the marks it leaves are escaped the same way), cut
 * at `max` characters with "…".
 */
export function valueText(value: unknown, max = VALUE_TEXT_MAX_CHARS): string {
  const quoted = typeof value === 'string'
  const raw = quoted ? value : (JSON.stringify(value) ?? String(value))
  const pieces = Array.from(raw, (char) => (quoted ? (NAMED_ESCAPES[char] ?? unicodeEscape(char)) : unicodeEscape(char)))
  const limit = quoted ? max - 2 : max
  let text = pieces.join('')
  if (text.length > limit) {
    text = ''
    for (const piece of pieces) {
      if (text.length + piece.length > limit - 1) break
      text += piece
    }
    text += '…'
  }
  return quoted ? `'${text}'` : text
}

/** A changed field's texts, or none when the two values are the same. */
export function fieldChange(field: string, before: unknown, after: unknown): DefinitionFieldChange[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return []
  return [{ field, before: before === undefined ? null : valueText(before), after: after === undefined ? null : valueText(after) }]
}

/**
 * The fields two documents of one object differ in, each by its dotted path (`retry.count`): nested
 * objects are walked, a list is one value. The paths come in the order the documents write them.
 */
export function documentChanges(before: object, after: object): DefinitionFieldChange[] {
  const a = flatten(before)
  const b = flatten(after)
  const paths = [...new Set([...b.keys(), ...a.keys()])]
  return paths.flatMap((path) => fieldChange(path, a.get(path), b.get(path)))
}

function flatten(value: object, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue
    const path = prefix === '' ? key : `${prefix}.${key}`
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) flatten(item, path, into)
    else into.set(path, item)
  }
  return into
}
