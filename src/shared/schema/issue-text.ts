import type { ErrorParams } from '../errors'
import { enParamWords, isMessageCode, type MessageCode } from '../messages'
import { describeValue, valueToken } from './describe-value'

/**
 * One wording for every validation problem at every boundary (wire, OpenAPI, bridge, IPC, settings,
 * import, handler parameters), and one code per kind of problem for the console to render in its
 * language. Installed as zod's error map in ./z.ts; a schema that says more (`{ error: '…' }`,
 * `refine(…, { message, params: { code } })`) overrides the wording.
 *
 * Codes: validation.required, validation.type, validation.tooLong, validation.tooShort,
 * validation.tooLarge, validation.tooSmall, validation.tooMany, validation.tooFew,
 * validation.oneOf, validation.format, validation.email, validation.url, validation.unknownField,
 * validation.union, validation.invalid; a custom issue names its own (src/shared/messages/).
 * Parameters hold values as language-neutral tokens (`valueToken`), so the console can render the
 * same problem in any language from the code.
 */

/** The subset of zod's (raw) issue this module reads; every zod issue fits it. */
export interface IssueLike {
  code?: string
  input?: unknown
  expected?: string
  origin?: string
  maximum?: number | bigint
  minimum?: number | bigint
  values?: readonly unknown[]
  format?: string
  keys?: readonly string[]
  params?: Record<string, unknown>
  message?: string
  /** The schema that raised it (zod's raw issues carry it): tells a whole number from any number. */
  inst?: { _zod?: { def?: { format?: string } } }
}

/** What a value must be, in the words of the English catalog (shared with the console's). */
const EXPECTED: Readonly<Record<string, string>> = enParamWords.expected

function expectedText(issue: IssueLike): string {
  if (issue.expected === 'number' && issue.inst?._zod?.def?.format === 'safeint') return EXPECTED.int
  return EXPECTED[issue.expected ?? ''] ?? String(issue.expected)
}

/** An enum's values as a refusal lists them: a long one (the API's methods) is cut, so the message stays short. */
const VALUES_SHOWN = 20

function shownValues(values: readonly unknown[] | undefined): string[] {
  const all = (values ?? []).map(String)
  return all.length > VALUES_SHOWN ? [...all.slice(0, VALUES_SHOWN), `… (${all.length} in all)`] : all
}

export interface IssueCode {
  code: MessageCode
  params: ErrorParams
}

export function issueText(issue: IssueLike): string {
  const input = issue.input
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return 'is required'
      return `must be ${expectedText(issue)}, got ${describeValue(input)}`
    case 'too_big':
      if (issue.origin === 'string') return `is ${(input as string).length} characters long; the limit is ${issue.maximum}`
      if (issue.origin === 'array' || issue.origin === 'set') return `has ${(input as unknown[]).length} items; the limit is ${issue.maximum}`
      return `must be at most ${issue.maximum}, got ${describeValue(input)}`
    case 'too_small':
      if (issue.origin === 'string') return issue.minimum === 1 ? 'is required' : `must be at least ${issue.minimum} characters long`
      if (issue.origin === 'array' || issue.origin === 'set') return `needs at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}`
      return `must be at least ${issue.minimum}, got ${describeValue(input)}`
    case 'invalid_value':
      return `must be one of ${shownValues(issue.values).join(', ')}; got ${describeValue(input)}`
    case 'invalid_format':
      return `${describeValue(input)} is not ${issue.format === 'email' ? 'an email address' : issue.format === 'url' ? 'a URL' : `valid (${issue.format})`}`
    case 'unrecognized_keys':
      return `unknown field${issue.keys?.length === 1 ? '' : 's'} ${(issue.keys ?? []).join(', ')}`
    case 'invalid_union':
      return `${describeValue(input)} does not fit any of the accepted forms`
    default:
      return issue.message && !issue.message.startsWith('Invalid input') ? issue.message : `${describeValue(input)} is not valid here`
  }
}

/** The code and parameters of an issue, for a ValidationError. */
export function issueCode(issue: IssueLike): IssueCode {
  const input = issue.input
  const got = valueToken(input)
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return { code: 'validation.required', params: {} }
      return { code: 'validation.type', params: { expected: expectedKey(issue), got } }
    case 'too_big':
      if (issue.origin === 'string') return { code: 'validation.tooLong', params: { length: (input as string).length, max: Number(issue.maximum) } }
      if (issue.origin === 'array' || issue.origin === 'set')
        return { code: 'validation.tooMany', params: { count: (input as unknown[]).length, max: Number(issue.maximum) } }
      return { code: 'validation.tooLarge', params: { max: Number(issue.maximum), got } }
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1 ? { code: 'validation.required', params: {} } : { code: 'validation.tooShort', params: { min: Number(issue.minimum) } }
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'validation.tooFew', params: { min: Number(issue.minimum) } }
      return { code: 'validation.tooSmall', params: { min: Number(issue.minimum), got } }
    case 'invalid_value':
      return { code: 'validation.oneOf', params: { values: shownValues(issue.values), got } }
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'validation.email', params: { got } }
      if (issue.format === 'url') return { code: 'validation.url', params: { got } }
      return { code: 'validation.format', params: { format: issue.format ?? '', got } }
    case 'unrecognized_keys':
      return { code: 'validation.unknownField', params: { keys: [...(issue.keys ?? [])] } }
    case 'invalid_union':
      return { code: 'validation.union', params: { got } }
    case 'custom': {
      const { code, ...rest } = (issue.params ?? {}) as { code?: unknown } & Record<string, unknown>
      // Without a known code a custom issue has only its English message; no `got` makes the console show that one.
      return isMessageCode(code) ? { code, params: { got, ...plainParams(rest) } } : { code: 'validation.invalid', params: {} }
    }
    default:
      return { code: 'validation.invalid', params: { got } }
  }
}

/** zod's expected type, with a whole number told apart from any number. */
function expectedKey(issue: IssueLike): string {
  if (issue.expected === 'number' && issue.inst?._zod?.def?.format === 'safeint') return 'int'
  return issue.expected ?? ''
}

function plainParams(values: Record<string, unknown>): ErrorParams {
  const params: ErrorParams = {}
  for (const [key, value] of Object.entries(values)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) params[key] = value as string | number | boolean | null
    else if (Array.isArray(value)) params[key] = value.map((v) => (typeof v === 'number' ? v : String(v)))
  }
  return params
}
