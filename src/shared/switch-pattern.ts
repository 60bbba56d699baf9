/**
 * A switch case's `matches` pattern: one rule for the core (at save and at run time) and the
 * console's editor. A JavaScript regular expression with the `u` flag (so a stray escape is an
 * error, not a literal), at most SWITCH_PATTERN_MAX_CHARS long (the schema), and refused when it
 * repeats a group that itself repeats — `(a+)+`, `(\w*)*`, `(x{2,})+` — the shape that backtracks
 * exponentially. The value tested is cut to SWITCH_MATCH_INPUT_MAX_CHARS first, so what is left of
 * a pattern's cost is bounded too.
 */

/** A tested value is cut to this many characters before the pattern runs. */
export const SWITCH_MATCH_INPUT_MAX_CHARS = 4096

const FLAGS = 'u'

/** The compiled pattern, or why it is refused. */
export type CompiledPattern = { ok: true; regex: RegExp } | { ok: false; nested: true } | { ok: false; nested: false; reason: string }

export function compileSwitchPattern(pattern: string): CompiledPattern {
  let regex: RegExp
  try {
    regex = new RegExp(pattern, FLAGS)
  } catch (error) {
    return { ok: false, nested: false, reason: (error as Error).message }
  }
  return hasNestedRepeat(pattern) ? { ok: false, nested: true } : { ok: true, regex }
}

/** Whether `value` (cut to SWITCH_MATCH_INPUT_MAX_CHARS) matches a pattern compileSwitchPattern accepted. */
export function matchesPattern(regex: RegExp, value: string): boolean {
  return regex.test(value.slice(0, SWITCH_MATCH_INPUT_MAX_CHARS))
}

/**
 * Whether a group holding an unbounded repeat (`*`, `+`, `{n,}`) is itself repeated. Escapes and
 * character classes are stepped over; the pattern already compiled, so its brackets balance.
 */
function hasNestedRepeat(pattern: string): boolean {
  // One entry per open group: whether a repeat stands inside it.
  const groups: boolean[] = []
  let justClosedRepeating = false
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]
    const closedBefore = justClosedRepeating
    justClosedRepeating = false
    if (char === '\\') {
      i++
      continue
    }
    if (char === '[') {
      i = endOfClass(pattern, i)
      continue
    }
    if (char === '(') groups.push(false)
    else if (char === ')') {
      const repeating = groups.pop() ?? false
      justClosedRepeating = repeating
      if (repeating && groups.length > 0) groups[groups.length - 1] = true
    } else if (isUnboundedRepeat(pattern, i)) {
      if (closedBefore) return true
      if (groups.length > 0) groups[groups.length - 1] = true
    }
  }
  return false
}

function isUnboundedRepeat(pattern: string, at: number): boolean {
  const char = pattern[at]
  if (char === '*' || char === '+') return true
  return char === '{' && /^\{\d+,\}/.test(pattern.slice(at, at + 12))
}

/** The index of the `]` closing the class opened at `at`. */
function endOfClass(pattern: string, at: number): number {
  for (let i = at + 1; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++
    else if (pattern[i] === ']') return i
  }
  return pattern.length
}
