import type { IncomingHttpHeaders } from 'node:http'
import { describeError, ValidationError } from '../../../shared/errors'
import type { ProtocolGeneration } from '../../../shared/model'
import type { ExecutorApi, ExecutorReply } from '../../executor/executor-api'
import { checkExecutorAuth, type WireCredentials } from './auth'
import { parseJobIdBody, parseJsonText, parseLogRequest, parseTriggerParam } from './bodies'
import { encodeReply, FAIL_CODE, type EnvelopeStyle } from './envelope'

/**
 * The executor's side of the wire (docs/protocol.md#executor-api), independent of the HTTP server that carries it:
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

/** A request before its body is read: what the server knows from the request line and headers. */
export type WireHead = Omit<WireRequest, 'bodyText'>

/**
 * The executor's wire in two steps, so nothing is read from a caller that cannot be served:
 * `check` looks at the method, the token and the path (the body stays unread when it refuses),
 * `answer` parses the body and calls the ExecutorApi.
 */
export interface ExecutorRoutes {
  /** The refusal's envelope text, or the largest body the endpoint takes. */
  check(head: WireHead): { refusal: string } | { maxBodyBytes: number }
  /** Answers a request `check` let through with the JSON text of the reply envelope (sent with HTTP 200). */
  answer(request: WireRequest): Promise<string>
}

/** Both steps, for a caller that already holds the whole request. */
export async function answerWireRequest(routes: ExecutorRoutes, request: WireRequest): Promise<string> {
  const checked = routes.check(request)
  return 'refusal' in checked ? checked.refusal : routes.answer(request)
}

/**
 * The largest body each endpoint needs: a trigger carries a GLUE source (XXL-JOB's executor takes
 * 5 MiB), the others a few numbers.
 */
export const MAX_TRIGGER_BODY_BYTES = 5 * 1024 * 1024
export const MAX_SMALL_BODY_BYTES = 4 * 1024

export const WIRE_MESSAGES = {
  methodNotSupported: 'invalid request, HttpMethod not support.',
  uriNotFound: (uri: string) => `invalid request, uri-mapping(${uri}) not found.`,
} as const

interface Endpoint {
  maxBodyBytes: number
  call(executor: ExecutorApi, body: unknown): Promise<ExecutorReply>
}

const small = (call: Endpoint['call']): Endpoint => ({ maxBodyBytes: MAX_SMALL_BODY_BYTES, call })
const trigger: Endpoint = { maxBodyBytes: MAX_TRIGGER_BODY_BYTES, call: (executor, body) => executor.run(parseTriggerParam(body)) }

const ENDPOINTS = new Map<string, Endpoint>([
  // The body of /beat is ignored (2.4 admins send `""`, 3.x none); it only has to be valid JSON.
  ['/beat', small((executor) => executor.beat())],
  ['/idleBeat', small((executor, body) => executor.idleBeat(parseJobIdBody(body)))],
  ['/run', trigger],
  ['/trigger', trigger],
  ['/kill', small((executor, body) => executor.kill(parseJobIdBody(body)))],
  ['/log', small((executor, body) => executor.log(parseLogRequest(body)))],
])

export function envelopeStyleFor(generation: ProtocolGeneration | 'auto'): EnvelopeStyle {
  return generation === 'auto' ? 'both' : generation
}

export function createExecutorRoutes(options: ExecutorRouteOptions): ExecutorRoutes {
  const style = envelopeStyleFor(options.generation)
  const prefix = normalizePrefix(options.pathPrefix)
  const fail = (msg: string): string => encodeReply({ code: FAIL_CODE, msg }, style)
  const endpointOf = (uri: string) => ENDPOINTS.get(stripPrefix(uri, prefix))

  return {
    check(head) {
      if (head.method !== 'POST') return { refusal: fail(WIRE_MESSAGES.methodNotSupported) }
      const authFailure = checkExecutorAuth(head.headers, options.credentials, options.generation)
      if (authFailure !== null) return { refusal: fail(authFailure) }
      const endpoint = endpointOf(head.uri)
      if (!endpoint) return { refusal: fail(WIRE_MESSAGES.uriNotFound(head.uri.slice(0, 200))) }
      return { maxBodyBytes: endpoint.maxBodyBytes }
    },
    async answer(request) {
      const endpoint = endpointOf(request.uri)
      if (!endpoint) return fail(WIRE_MESSAGES.uriNotFound(request.uri.slice(0, 200)))
      let reply: ExecutorReply
      try {
        reply = await endpoint.call(options.executor, parseJsonText(request.bodyText))
      } catch (error) {
        if (error instanceof ValidationError) return fail(`invalid request, ${describeError(error)}`)
        return fail(`executor error: ${error instanceof Error ? error.message.slice(0, 300) : 'unknown'}`)
      }
      return encodeReply(reply, style)
    },
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
