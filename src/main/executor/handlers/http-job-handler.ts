import { request } from 'undici'
import type { JobContext, JobHandler, JobResult } from './handler-contract'

/** Longest part of a response body copied into the run log. */
const BODY_EXCERPT_MAX_CHARS = 2000
const DEFAULT_TIMEOUT_MS = 30_000
const MAX_TIMEOUT_MS = 24 * 3600_000
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const
type HttpMethod = (typeof METHODS)[number]

export interface HttpJobParam {
  url: string
  method: HttpMethod
  headers: Record<string, string>
  body: string | undefined
  timeoutMs: number
}

/**
 * Parses and checks the httpJobHandler param: JSON `{url, method?, headers?, body?, timeoutMs?}`.
 * `body` may be a string or any JSON value (sent as JSON). Returns an error message naming the field.
 */
export function parseHttpJobParam(text: string, allowPrefixes: string[] | 'any'): HttpJobParam | string {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    return `param: must be JSON {url, method?, headers?, body?, timeoutMs?} (${(error as Error).message})`
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'param: must be a JSON object'
  const p = raw as Record<string, unknown>
  if (typeof p.url !== 'string' || !/^https?:\/\//i.test(p.url)) return 'url: must be an http:// or https:// URL'
  try {
    new URL(p.url)
  } catch {
    return `url: "${p.url}" is not a valid URL`
  }
  if (allowPrefixes !== 'any' && !allowPrefixes.some((prefix) => p.url !== undefined && (p.url as string).startsWith(prefix))) {
    return `url: "${p.url}" is not allowed on this executor (allowed prefixes: ${allowPrefixes.join(', ') || 'none'})`
  }
  const method = (p.method === undefined ? 'GET' : String(p.method).toUpperCase()) as HttpMethod
  if (!METHODS.includes(method)) return `method: must be one of ${METHODS.join(', ')}`
  const headers: Record<string, string> = {}
  if (p.headers !== undefined) {
    if (typeof p.headers !== 'object' || p.headers === null || Array.isArray(p.headers)) return 'headers: must be an object of strings'
    for (const [name, value] of Object.entries(p.headers)) {
      if (typeof value !== 'string') return `headers.${name}: must be a string`
      headers[name.toLowerCase()] = value
    }
  }
  let body: string | undefined
  if (p.body !== undefined && p.body !== null) {
    if (typeof p.body === 'string') body = p.body
    else {
      body = JSON.stringify(p.body)
      headers['content-type'] ??= 'application/json'
    }
  }
  const timeoutMs = p.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : p.timeoutMs
  if (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
    return `timeoutMs: must be an integer between 1 and ${MAX_TIMEOUT_MS}`
  }
  return { url: p.url, method, headers, body, timeoutMs }
}

/** Calls a URL; a non-2xx status fails the run. `allowPrefixes` limits which URLs a job may call. */
export function createHttpJobHandler(allowPrefixes: string[] | 'any'): JobHandler {
  return async function httpJobHandler(ctx: JobContext): Promise<JobResult> {
    const parsed = parseHttpJobParam(ctx.param, allowPrefixes)
    if (typeof parsed === 'string') return { code: 500, msg: parsed }
    ctx.log(`${parsed.method} ${parsed.url}`)
    const response = await request(parsed.url, {
      method: parsed.method,
      headers: parsed.headers,
      body: parsed.body,
      signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(parsed.timeoutMs)]),
    })
    const text = await response.body.text()
    const excerpt = text.length > BODY_EXCERPT_MAX_CHARS ? `${text.slice(0, BODY_EXCERPT_MAX_CHARS)}... (${text.length} chars)` : text
    ctx.log(`status: ${response.statusCode}`)
    ctx.log(`body: ${excerpt}`)
    if (response.statusCode < 200 || response.statusCode > 299) {
      return { code: 500, msg: `http status ${response.statusCode} from ${parsed.url}` }
    }
    return `http status ${response.statusCode}`
  }
}
