import type { IncomingHttpHeaders } from 'node:http'
import { ValidationError } from '../../../shared/errors'
import type { ProtocolGeneration } from '../../../shared/model'
import type { ExecutorApi, ExecutorReply } from '../../executor/executor-api'
import { checkExecutorAuth, type WireCredentials } from './auth'
import { parseJobIdBody, parseJsonText, parseLogRequest, parseTriggerParam } from './bodies'
import { encodeReply, FAIL_CODE, type EnvelopeStyle } from './envelope'

/**
 * The executor's side of the wire (reference §1), independent of the HTTP server that carries it:
 * method check → auth → route by exact URI → parse and validate the body → call the ExecutorApi →
 * encode the reply in the admin generation's envelope. A request that fails a check never reaches
 * the ExecutorApi.
 */
export interface ExecutorRouteOptions {
  executor: ExecutorApi
  credentials: WireCredentials
  /** The admin generation we answer; `auto` answers in the "both" style every generation parses. */
  generation: ProtocolGeneration | 'auto'
  /** Also serve every endpoint under this prefix, e.g. `/job` (the bare paths keep working). */
  pathPrefix?: string
}

export interface WireRequest {
  method: string
  /** The request target exactly as received (XXL dispatches on the exact string). */
  uri: string
  headers: IncomingHttpHeaders
  bodyText: string
}

/** Answers one request with the JSON text of the reply envelope (always sent with HTTP 200). */
export type ExecutorRoutes = (request: WireRequest) => Promise<string>

export const WIRE_MESSAGES = {
  methodNotSupported: 'invalid request, HttpMethod not support.',
  uriNotFound: (uri: string) => `invalid request, uri-mapping(${uri}) not found.`,
} as const

type Endpoint = (executor: ExecutorApi, body: unknown) => Promise<ExecutorReply>

const ENDPOINTS = new Map<string, Endpoint>([
  // The body of /beat is ignored (2.4 admins send `""`, 3.x none); it only has to be valid JSON.
  ['/beat', (executor) => executor.beat()],
  ['/idleBeat', (executor, body) => executor.idleBeat(parseJobIdBody(body))],
  ['/run', (executor, body) => executor.run(parseTriggerParam(body))],
  ['/trigger', (executor, body) => executor.run(parseTriggerParam(body))],
  ['/kill', (executor, body) => executor.kill(parseJobIdBody(body))],
  ['/log', (executor, body) => executor.log(parseLogRequest(body))],
])

export function envelopeStyleFor(generation: ProtocolGeneration | 'auto'): EnvelopeStyle {
  return generation === 'auto' ? 'both' : generation
}

export function createExecutorRoutes(options: ExecutorRouteOptions): ExecutorRoutes {
  const style = envelopeStyleFor(options.generation)
  const prefix = normalizePrefix(options.pathPrefix)
  const fail = (msg: string): string => encodeReply({ code: FAIL_CODE, msg }, style)

  return async (request) => {
    if (request.method !== 'POST') return fail(WIRE_MESSAGES.methodNotSupported)
    const authFailure = checkExecutorAuth(request.headers, options.credentials, options.generation)
    if (authFailure !== null) return fail(authFailure)
    const endpoint = ENDPOINTS.get(stripPrefix(request.uri, prefix))
    if (!endpoint) return fail(WIRE_MESSAGES.uriNotFound(request.uri))
    let reply: ExecutorReply
    try {
      reply = await endpoint(options.executor, parseJsonText(request.bodyText))
    } catch (error) {
      if (error instanceof ValidationError) return fail(`invalid request, ${error.message}`)
      return fail(`executor error: ${error instanceof Error ? error.message : String(error)}`)
    }
    return encodeReply(reply, style)
  }
}

/** `job/` → `/job`; empty or `/` → no prefix. */
export function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').trim().replace(/\/+$/, '')
  if (trimmed === '') return ''
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`
}

function stripPrefix(uri: string, prefix: string): string {
  if (prefix !== '' && uri.startsWith(prefix) && uri.charAt(prefix.length) === '/') return uri.slice(prefix.length)
  return uri
}
