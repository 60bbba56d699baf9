import type { ErrorParams } from '../errors'

/**
 * Server messages as data: a code and its parameters, rendered by whoever shows them — the core in
 * English (logs, the XXL-JOB wire, trigger_msg), the console in its own language. Templates use
 * `{name}` placeholders, as the console's dictionaries do.
 */
export interface CodedMessage {
  code: string
  params: ErrorParams
}

export type ParamValue = ErrorParams[string]

/** Parameters whose lists are paths through the DAG: `1 → 2 → 3 → 1` rather than `1, 2, 3, 1`. */
const PATH_PARAMS = new Set(['path', 'chain'])

/** A parameter as text: lists joined (paths with arrows), null as an empty string. */
export function paramText(name: string, value: ParamValue): string {
  if (value === null) return ''
  if (Array.isArray(value)) return value.join(PATH_PARAMS.has(name) ? ' → ' : ', ')
  return String(value)
}

/** The placeholders of a template, sorted: the same set must appear in every language. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
}

/**
 * Fills `template` from `params`; `word` may replace a parameter's text (a language's name for an
 * enum value). Returns null when a placeholder has no parameter, so the caller can fall back to the
 * message the server wrote instead of showing a hole.
 */
export function fillTemplate(template: string, params: ErrorParams, word: (name: string, value: ParamValue) => string = paramText): string | null {
  let missing = false
  const text = template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    if (!(name in params)) {
      missing = true
      return ''
    }
    return word(name, params[name])
  })
  return missing ? null : text
}
