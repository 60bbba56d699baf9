import { describeValue, quote } from '../../../shared/schema/describe-value'
import { inputProblems } from '../../../shared/schema/parse-input'
import { z } from '../../../shared/schema/z'
import { isAllowed, parseAllowEntry, type HttpAllowList } from './http-allowlist'

/**
 * httpJobHandler's parameter, in either of two JSON formats:
 *
 * - JobDesk's: `{url, method?, headers?, body?, timeoutMs?}`. method defaults to GET; body is a
 *   string, or any other JSON value sent as JSON; timeoutMs bounds the whole exchange (default 30 s).
 * - XXL-JOB 3.x's (its sample `httpJobHandler`): `{url, method, contentType, headers, cookies, data,
 *   form, auth, timeout}`. method defaults to POST; contentType (default application/json) is sent
 *   with `;charset=UTF-8`; cookies become one `Cookie` header and auth the `Authorization` header
 *   verbatim (e.g. "Bearer …"); data is the body, else form is sent url-encoded (appended to the
 *   query for GET, which never carries a body); timeout is in milliseconds (≤ 0 or absent: 3000) and,
 *   as XXL-JOB's connect/read timeouts, bounds each wait rather than the whole exchange.
 *
 * A parameter with an XXL-JOB-only field reads as XXL-JOB's; otherwise as JobDesk's (so `{url}` alone
 * is a GET, and the log says that XXL-JOB would have POSTed). Unknown fields are refused by name.
 */
export interface HttpJobRequest {
  format: 'jobdesk' | 'xxl-job'
  url: string
  method: string
  /** Lower-case names. */
  headers: Record<string, string>
  body: string | undefined
  /** JobDesk's timeoutMs: a deadline for the whole exchange. */
  totalTimeoutMs: number | undefined
  /** XXL-JOB's timeout: for the response headers and between body chunks. */
  waitTimeoutMs: number | undefined
  /** Lines for the run log about how the parameter was read. */
  notes: string[]
}

export const DEFAULT_TIMEOUT_MS = 30_000
export const XXL_DEFAULT_TIMEOUT_MS = 3000
const MAX_TIMEOUT_MS = 24 * 3600_000
const JOBDESK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const
/** XXL-JOB's Method enum, plus PATCH. */
const XXL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const
const NO_BODY_METHODS = new Set(['GET', 'HEAD', 'TRACE'])

const textMap = z.record(z.string(), z.string())
const method = <M extends readonly [string, ...string[]]>(methods: M) =>
  z
    .string()
    .transform((text) => text.trim().toUpperCase())
    .pipe(z.enum(methods))

const jobDeskSchema = z.strictObject({
  url: z.string(),
  method: method(JOBDESK_METHODS).optional(),
  headers: textMap.optional(),
  body: z.unknown().optional(),
  timeoutMs: z.number().int().min(1).max(MAX_TIMEOUT_MS).optional(),
})

// Gson writes absent fields as null when the admin UI saved them: null means absent throughout.
const xxlSchema = z.strictObject({
  url: z.string(),
  method: method(XXL_METHODS).nullish(),
  contentType: z.string().max(200).nullish(),
  headers: textMap.nullish(),
  cookies: textMap.nullish(),
  data: z.string().nullish(),
  form: textMap.nullish(),
  auth: z.string().nullish(),
  timeout: z.number().int().max(MAX_TIMEOUT_MS).nullish(),
})

const JOBDESK_FIELDS = Object.keys(jobDeskSchema.shape)
const XXL_FIELDS = Object.keys(xxlSchema.shape)
const JOBDESK_ONLY = JOBDESK_FIELDS.filter((field) => !XXL_FIELDS.includes(field))
const XXL_ONLY = XXL_FIELDS.filter((field) => !JOBDESK_FIELDS.includes(field))
const FORMATS_HELP = `JobDesk's format is {${JOBDESK_FIELDS.join(', ')}}; XXL-JOB's is {${XXL_FIELDS.join(', ')}}`

/**
 * Reads the parameter; a string is the refusal, naming the field. `allow` is the parsed allowlist,
 * or its entries as written (an entry that does not parse admits nothing).
 */
export function parseHttpJobParam(text: string, allowList: HttpAllowList | readonly string[]): HttpJobRequest | string {
  const allow = toAllowList(allowList)
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    return `param: must be JSON, e.g. {"url": "http://host/path"} (${(error as Error).message}); ${FORMATS_HELP}`
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return `param: must be a JSON object, got ${describeValue(raw)}`
  const keys = Object.keys(raw)
  const unknown = keys.filter((key) => !JOBDESK_FIELDS.includes(key) && !XXL_FIELDS.includes(key))
  if (unknown.length > 0) return `param: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map(quote).join(', ')}; ${FORMATS_HELP}`
  const ours = keys.filter((key) => JOBDESK_ONLY.includes(key))
  const theirs = keys.filter((key) => XXL_ONLY.includes(key))
  if (ours.length > 0 && theirs.length > 0) {
    return `param: mixes JobDesk's fields (${ours.join(', ')}) with XXL-JOB's (${theirs.join(', ')}); use one format: ${FORMATS_HELP}`
  }
  const request = theirs.length > 0 ? fromXxlJob(raw) : fromJobDesk(raw)
  if (typeof request === 'string') return request
  return checkUrl(request, allow)
}

/** The parameter against a format's schema, or the first problem as "field: rule" (the value cut short). */
function parseWith<S extends z.ZodType>(schema: S, raw: object): z.output<S> | string {
  const result = inputProblems(schema, raw, 'param')
  if (result.ok) return result.value
  const first = result.problems[0]
  return `${first.field}: ${first.message}`
}

function fromJobDesk(raw: object): HttpJobRequest | string {
  const p = parseWith(jobDeskSchema, raw)
  if (typeof p === 'string') return p
  const headers = lowerCaseNames(p.headers)
  const notes: string[] = []
  if (p.method === undefined) notes.push("method: GET (none given; XXL-JOB's httpJobHandler would POST: name the method to be sure)")
  let body: string | undefined
  if (p.body !== undefined && p.body !== null) {
    if (typeof p.body === 'string') body = p.body
    else {
      body = JSON.stringify(p.body)
      headers['content-type'] ??= 'application/json'
    }
  }
  return {
    format: 'jobdesk',
    url: p.url,
    method: p.method ?? 'GET',
    headers,
    body,
    totalTimeoutMs: p.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    waitTimeoutMs: undefined,
    notes,
  }
}

function fromXxlJob(raw: object): HttpJobRequest | string {
  const p = parseWith(xxlSchema, raw)
  if (typeof p === 'string') return p
  const verb = p.method ?? 'POST'
  const notes: string[] = []
  const form = p.form && Object.keys(p.form).length > 0 ? new URLSearchParams(p.form).toString() : ''
  let url = p.url
  let body: string | undefined
  let bodyIsForm = false
  if (NO_BODY_METHODS.has(verb)) {
    if (form) url += (url.includes('?') ? '&' : '?') + form
    if (p.data) notes.push(`data: not sent, ${verb} carries no body (as in XXL-JOB)`)
  } else if (p.data) body = p.data
  else if (form) {
    body = form
    bodyIsForm = true
  }
  // XXL-JOB labels a form body with its default application/json; here a form body says what it is.
  const contentType = p.contentType?.trim() || (bodyIsForm ? 'application/x-www-form-urlencoded' : 'application/json')
  // Later ones win, as in XXL-JOB's HttpRequest: content type, then headers, cookies, auth.
  const headers: Record<string, string> = { 'content-type': `${contentType};charset=UTF-8`, ...lowerCaseNames(p.headers) }
  const cookies = Object.entries(p.cookies ?? {})
  if (cookies.length > 0) headers.cookie = cookies.map(([name, value]) => `${name}=${value}`).join('; ')
  if (p.auth?.trim()) headers.authorization = p.auth
  const waitTimeoutMs = p.timeout !== null && p.timeout !== undefined && p.timeout > 0 ? p.timeout : XXL_DEFAULT_TIMEOUT_MS
  return { format: 'xxl-job', url, method: verb, headers, body, totalTimeoutMs: undefined, waitTimeoutMs, notes }
}

function checkUrl(request: HttpJobRequest, allow: HttpAllowList): HttpJobRequest | string {
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    return `url: ${quote(request.url)} is not a valid URL`
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `url: ${quote(request.url)} must be an http:// or https:// URL`
  if (!isAllowed(url, allow)) {
    const allowed = allow === 'any' ? 'any' : allow.map((entry) => entry.text).join(', ') || 'none'
    return `url: ${quote(request.url)} is not allowed on this executor (allowed: ${allowed})`
  }
  return { ...request, url: url.href }
}

function toAllowList(allow: HttpAllowList | readonly string[]): HttpAllowList {
  if (allow === 'any') return 'any'
  return allow.flatMap((entry) => {
    if (typeof entry !== 'string') return [entry]
    const parsed = parseAllowEntry(entry)
    return typeof parsed === 'string' ? [] : [parsed]
  })
}

function lowerCaseNames(headers: Record<string, string> | null | undefined): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) result[name.toLowerCase()] = value
  return result
}
