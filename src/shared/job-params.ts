// Typed parameters (docs/parameters.md): a job or a flow declares what it takes, every trigger path
// checks the values against that declaration, and job-params-format.ts turns them into the ONE
// parameter string an XXL-JOB executor reads. One rule for the core and the console's form.

import { mayNameSecrets, SECRET_NAME_PATTERN } from './secret-names'

export const PARAM_TYPES = ['string', 'int', 'number', 'bool', 'enum', 'date', 'datetime', 'secret'] as const
export type ParamType = (typeof PARAM_TYPES)[number]

export const PARAM_FORMATS = ['json', 'kv', 'template'] as const
export type ParamFormat = (typeof PARAM_FORMATS)[number]

/** A declared value as stored and sent: a string for text, date and secret types. */
export type ParamValue = string | number | boolean

export interface ParamDecl {
  name: string
  type: ParamType
  required: boolean
  /** null: none; else a value valid for `type`. */
  default: ParamValue | null
  /** The allowed values of an `enum` parameter (empty for the other types). */
  enum: string[]
  /** A regular expression a `string` value must match in whole; '' for none. */
  pattern: string
  description: string
}

/** A job's or flow's declaration; absent `params` (or none declared) keeps the free-text parameter. */
export interface ParamsFields {
  params?: ParamDecl[]
  paramFormat?: ParamFormat
  /** The text of a `template` format, with `${params.<name>}` where each value goes. */
  paramTemplate?: string
}

export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/
export const MAX_PARAMS = 50
/** A value's length limit: the whole parameter string is bounded by the job's own limit anyway. */
export const PARAM_VALUE_MAX_CHARS = 2000
/** A template's limit: XXL-JOB's documented limit for a job parameter (schema/job.ts). */
export const PARAM_TEMPLATE_MAX_CHARS = 2048
/** A pattern's length limit: a pattern is run on at most PARAM_VALUE_MAX_CHARS characters. */
export const PARAM_PATTERN_MAX_CHARS = 200

/** A problem with one parameter, as a message code (src/shared/messages/en-params.ts) and its parameters. */
export interface ParamProblem {
  /** The parameter's name: what the console puts the error beside, the CLI and API name. */
  field: string
  code: ParamCode
  params: Record<string, string | number>
}

export type ParamCode =
  | 'params.unknown'
  | 'params.missing'
  | 'params.notText'
  | 'params.notInt'
  | 'params.notNumber'
  | 'params.notBool'
  | 'params.notInEnum'
  | 'params.notDate'
  | 'params.notDatetime'
  | 'params.patternMismatch'
  | 'params.notSecretName'
  | 'params.namesSecret'
  | 'params.valueTooLong'

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/
const INT = /^[+-]?\d{1,15}$/
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/** Whether year, month and day name a day of the proleptic Gregorian calendar (2026-02-30 does not). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day <= days
}

export function isDate(text: string): boolean {
  const match = DATE.exec(text)
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))
}

export function isDatetime(text: string): boolean {
  const match = DATETIME.exec(text)
  if (!match || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) return false
  return Number(match[4]) < 24 && Number(match[5]) < 60 && (match[6] === undefined || Number(match[6]) < 60)
}

/** `pattern` as a whole-value expression, or null when it does not compile. */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u')
  } catch {
    return null
  }
}

type Checked = { value: ParamValue } | { problem: Omit<ParamProblem, 'field'> }

/**
 * One value against its declaration. Text (from the CLI, a form, `name=value`) and JSON's own
 * numbers and booleans are both accepted: `"42"` and `42` are the same int.
 */
export function checkParamValue(decl: ParamDecl, raw: unknown): Checked {
  const shown = typeof raw === 'string' ? raw : JSON.stringify(raw)
  const refuse = (code: ParamCode, extra: Record<string, string | number> = {}): Checked => ({
    problem: { code, params: { name: decl.name, value: String(shown).slice(0, 100), ...extra } },
  })
  if (typeof raw === 'string' && raw.length > PARAM_VALUE_MAX_CHARS) return refuse('params.valueTooLong', { length: raw.length, max: PARAM_VALUE_MAX_CHARS })
  switch (decl.type) {
    case 'int': {
      const text = typeof raw === 'number' ? String(raw) : raw
      if (typeof text !== 'string' || !INT.test(text.trim())) return refuse('params.notInt')
      return { value: Number(text.trim()) }
    }
    case 'number': {
      const text = typeof raw === 'number' ? String(raw) : raw
      if (typeof text !== 'string' || !NUMBER.test(text.trim()) || !Number.isFinite(Number(text.trim()))) return refuse('params.notNumber')
      return { value: Number(text.trim()) }
    }
    case 'bool': {
      if (typeof raw === 'boolean') return { value: raw }
      if (raw === 'true' || raw === 'false') return { value: raw === 'true' }
      return refuse('params.notBool')
    }
    default:
      break
  }
  if (typeof raw !== 'string') return refuse('params.notText')
  // Only a `secret` parameter names a secret, by its name: a text that spells `${secrets.…}` would
  // have the trigger fill in a secret the declaration never chose (the trigger URL's rule).
  if (decl.type !== 'secret' && mayNameSecrets(raw)) return refuse('params.namesSecret')
  switch (decl.type) {
    case 'enum':
      return decl.enum.includes(raw) ? { value: raw } : refuse('params.notInEnum', { allowed: decl.enum.join(', ') })
    case 'date':
      return isDate(raw) ? { value: raw } : refuse('params.notDate')
    case 'datetime':
      return isDatetime(raw) ? { value: raw } : refuse('params.notDatetime')
    case 'secret':
      return SECRET_NAME_PATTERN.test(raw) ? { value: raw } : refuse('params.notSecretName')
    default: {
      const pattern = decl.pattern === '' ? null : compilePattern(decl.pattern)
      if (pattern && !pattern.test(raw)) return refuse('params.patternMismatch', { pattern: decl.pattern })
      return { value: raw }
    }
  }
}

export interface CheckedValues {
  /** Every declared parameter with a value (given, or its default), typed. */
  values: Record<string, ParamValue>
  problems: ParamProblem[]
}

/**
 * The values a trigger gives, against the declaration: unknown names and missing required values
 * are refused; an absent value takes the default; an absent optional value without one is left out.
 */
export function checkParamValues(decls: readonly ParamDecl[], given: Readonly<Record<string, unknown>>): CheckedValues {
  const values: Record<string, ParamValue> = {}
  const problems: ParamProblem[] = []
  const declared = new Map(decls.map((decl) => [decl.name, decl]))
  for (const name of Object.keys(given)) {
    if (!declared.has(name)) problems.push({ field: name, code: 'params.unknown', params: { name: name.slice(0, 64) } })
  }
  for (const decl of decls) {
    const raw = Object.hasOwn(given, decl.name) ? given[decl.name] : undefined
    if (raw === undefined || raw === null || raw === '') {
      if (decl.default !== null) values[decl.name] = decl.default
      else if (decl.required) problems.push({ field: decl.name, code: 'params.missing', params: { name: decl.name } })
      continue
    }
    const checked = checkParamValue(decl, raw)
    if ('problem' in checked) problems.push({ field: decl.name, ...checked.problem })
    else values[decl.name] = checked.value
  }
  return { values, problems }
}

/** Whether a job or flow declares typed parameters (none: today's free-text parameter, untouched). */
export function declaresParams(fields: ParamsFields): fields is ParamsFields & { params: ParamDecl[] } {
  return fields.params !== undefined && fields.params.length > 0
}

/** What a run records of a secret parameter: the reference, never a value (the value is never known here). */
export function secretReference(name: string): string {
  return `\${secrets.${name}}`
}
