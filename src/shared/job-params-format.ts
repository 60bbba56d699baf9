import { scanJsonTemplate, type JsonProblemKind } from './json-template-scan'
import { secretReference, type ParamDecl, type ParamFormat, type ParamValue } from './job-params'

// Typed values become the ONE parameter string an XXL-JOB executor reads (docs/parameters.md), so
// real xxl-job-core executors run unchanged. A secret parameter's value is a secret's NAME: the
// string carries `${secrets.NAME}` in its place, which the trigger path's secret resolution turns
// into the value; nothing here ever sees one.

/** One `${params.<name>}` of a template. */
const PARAM_REFERENCE = /\$\{params\.([^{}]*)\}/g

interface ParamSpan {
  start: number
  end: number
  name: string
}

export function paramReferencesIn(template: string): ParamSpan[] {
  return [...template.matchAll(PARAM_REFERENCE)].map((match) => ({ start: match.index, end: match.index + match[0].length, name: match[1] }))
}

/** The value as sent: a secret as its reference. */
function sentValue(decl: ParamDecl | undefined, value: ParamValue): ParamValue {
  return decl?.type === 'secret' && typeof value === 'string' ? secretReference(value) : value
}

/** A parameter's value as text (kv lines, a text template): numbers and booleans as JSON writes them. */
function asText(value: ParamValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

export interface TemplateProblem {
  kind: JsonProblemKind | 'unknownParam'
  ref: string
  offset: number
}

/**
 * A template's problems at save: a `${params.x}` naming no declared parameter; in a JSON template
 * (first character `{` or `[`), a reference in a key, choosing a request's target, or JSON that is
 * not JSON with each reference taken as a value — the rule of src/shared/json-template-scan.ts.
 */
export function templateProblems(template: string, names: readonly string[]): TemplateProblem[] {
  const spans = paramReferencesIn(template)
  const problems: TemplateProblem[] = spans
    .filter((span) => !names.includes(span.name))
    .map((span) => ({ kind: 'unknownParam' as const, ref: template.slice(span.start, span.end), offset: span.start }))
  if (spans.length === 0 || !isJsonTemplate(template)) return problems
  for (const { kind, span, offset } of scanJsonTemplate(template, spans).problems) {
    const at = span ?? spans[0]
    problems.push({ kind, ref: template.slice(at.start, at.end), offset })
  }
  return problems
}

function isJsonTemplate(template: string): boolean {
  return /^\s*[[{]/.test(template)
}

/**
 * `template` with each `${params.x}` replaced by x's value, escaped for its place: in a text
 * template as it is; inside a JSON string as string content; alone as a JSON value, typed (a number
 * as a number, a bool as a bool, text quoted). A parameter without a value: an empty string, or
 * `null` alone as a JSON value. Checked templates only (templateProblems at save).
 */
export function fillParamTemplate(template: string, decls: readonly ParamDecl[], values: Readonly<Record<string, ParamValue>>): string {
  const spans = paramReferencesIn(template)
  if (spans.length === 0) return template
  const byName = new Map(decls.map((decl) => [decl.name, decl]))
  const valueOf = (name: string): ParamValue | null => (Object.hasOwn(values, name) ? sentValue(byName.get(name), values[name]) : null)
  const places = new Map<number, 'jsonString' | 'jsonValue'>()
  if (isJsonTemplate(template)) for (const { span, place } of scanJsonTemplate(template, spans).placed) places.set(span.start, place)
  let filled = ''
  let next = 0
  for (const span of spans) {
    const value = valueOf(span.name)
    const place = places.get(span.start)
    let text: string
    if (place === 'jsonValue') text = JSON.stringify(value)
    else if (place === 'jsonString') text = JSON.stringify(value === null ? '' : asText(value)).slice(1, -1)
    else text = value === null ? '' : asText(value)
    filled += template.slice(next, span.start) + text
    next = span.end
  }
  return filled + template.slice(next)
}

/**
 * The parameter string of `values` (checked: checkParamValues) in `format`:
 * - `json`: one object, in declaration order, numbers as numbers and bools as bools;
 * - `kv`: `name=value` lines in declaration order (a value holding a line break is refused when
 *   checked for kv: kvLineBreakProblems);
 * - `template`: fillParamTemplate.
 */
export function formatParams(format: ParamFormat, decls: readonly ParamDecl[], values: Readonly<Record<string, ParamValue>>, template = ''): string {
  if (format === 'template') return fillParamTemplate(template, decls, values)
  const present = decls.filter((decl) => Object.hasOwn(values, decl.name))
  if (format === 'kv') return present.map((decl) => `${decl.name}=${asText(sentValue(decl, values[decl.name]))}`).join('\n')
  return JSON.stringify(Object.fromEntries(present.map((decl) => [decl.name, sentValue(decl, values[decl.name])])))
}

/** For `kv`, the values that hold a line break: a line is a pair, so such a value would make a second. */
export function kvLineBreakProblems(values: Readonly<Record<string, ParamValue>>): { field: string; code: 'params.kvLineBreak'; params: { name: string } }[] {
  return Object.entries(values)
    .filter(([, value]) => typeof value === 'string' && /[\r\n]/.test(value))
    .map(([name]) => ({ field: name, code: 'params.kvLineBreak' as const, params: { name } }))
}
