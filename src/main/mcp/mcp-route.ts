import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { JobDeskApi } from '../../shared/api'
import type { Principal } from '../../shared/principal'
import { actorOf, type AuditActor, type AuditRecord } from '../audit/audit-entry'
import type { McpCaller } from '../auth/api-token-service'
import type { Logger } from '../kernel/logger'
import { AuthFailureGuard, RateLimit, tooManyFailuresMessage } from '../kernel/rate-limit'
import { BodyTooLargeError, readRequestBody } from '../net/request-body'

export const MCP_PATH = '/mcp'
/** A JSON-RPC request to a tool is small; 1 MiB leaves room for a long approval comment and then some. */
export const MCP_MAX_BODY_BYTES = 1024 * 1024
/** Requests per MCP token: an agent's burst of reads fits, a loop that went wrong is stopped within a minute. */
export const MCP_LIMIT = { maxRequests: 120, windowMs: 60_000 }

/** JSON-RPC error codes of the refusals made before the MCP server sees a request (the server range, -32000 to -32099). */
export const MCP_ERRORS = { parse: -32700, invalidRequest: -32600, unauthorized: -32001, tooMany: -32029, tooLarge: -32013 } as const

const BEARER = /^Bearer +(\S{1,512})$/i

export interface McpRouteDeps {
  /** What a presented token acts as, or null (unknown, revoked, expired, not an MCP token). */
  authenticate(token: string, source: string): Promise<McpCaller | null>
  /** The API as `principal` may call it: the same checked and guarded API the OpenAPI calls. */
  apiFor(principal: Principal): JobDeskApi
  audit: (who: AuditActor, entry: AuditRecord) => Promise<void>
  redact: (text: string) => string
  nowMs: () => number
  logger: Logger
  version: string
}

/**
 * The MCP SDK and the server built on it, loaded by the first request to /mcp: loading them took
 * ~50–70 ms of every start (B9), for an endpoint most servers never see a request on.
 */
let mcpModules: Promise<{
  StreamableHTTPServerTransport: typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js').StreamableHTTPServerTransport
  buildMcpServer: typeof import('./mcp-server').buildMcpServer
}> | null = null
const loadMcpModules = () =>
  (mcpModules ??= Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('./mcp-server')]).then(([transport, server]) => ({
    StreamableHTTPServerTransport: transport.StreamableHTTPServerTransport,
    buildMcpServer: server.buildMcpServer,
  })))

function sendError(response: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null })
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers })
  response.end(body)
}

function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 16)
}

/**
 * `/mcp`: MCP's Streamable HTTP transport, stateless (one server per request, JSON answers), for an
 * MCP token in `Authorization: Bearer`. Before the MCP server sees a request: the failure guard (a
 * guessed or stale token from an address is refused unread past its limit), the token (an OpenAPI
 * token, or none, is refused: 401, audited), the token's budget (429, its first refusal a window
 * audited), the body's size (413, audited) and JSON (400). Each refusal is a JSON-RPC error with a
 * message that says what to do, and changes nothing else.
 */
export function mcpRoute(deps: McpRouteDeps): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  const budgets = new RateLimit(MCP_LIMIT.maxRequests, MCP_LIMIT.windowMs)
  const lockouts = new RateLimit(1, 60_000)
  const failures = new AuthFailureGuard()
  return async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname
    if (pathname !== MCP_PATH && pathname !== `${MCP_PATH}/`) return false
    try {
      await serve(request, response)
    } catch (error) {
      deps.logger.error('an MCP request failed', { error: (error as Error).message })
      if (!response.headersSent) sendError(response, 500, -32603, 'internal error: the server log has the details')
      else response.end()
    }
    return true
  }

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST') {
      // Stateless: no stream to open (GET) and no session to end (DELETE).
      request.resume()
      sendError(response, 405, MCP_ERRORS.invalidRequest, `${request.method ?? ''} is not served: this MCP endpoint is stateless; POST JSON-RPC requests`, {
        allow: 'POST',
      })
      return
    }
    const nowMs = deps.nowMs()
    const source = request.socket.remoteAddress ?? 'unknown'
    const presented = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? ''
    const anonymous: AuditActor = { actor: '(unknown credential)', actorKind: 'anonymous', source, via: 'mcp' }
    const blockedMs = failures.blockedForMs(source, presented, nowMs)
    if (blockedMs > 0) {
      request.resume()
      if (lockouts.noteRefusal(source, nowMs)) {
        await deps.audit(anonymous, {
          action: 'auth.token',
          outcome: 'refused',
          target: 'mcp',
          detail: { reason: { code: 'auth.lockedOut', message: tooManyFailuresMessage(blockedMs) } },
        })
      }
      sendError(response, 429, MCP_ERRORS.tooMany, tooManyFailuresMessage(blockedMs), { 'retry-after': String(Math.ceil(blockedMs / 1000)) })
      return
    }
    const caller = presented === '' ? null : await deps.authenticate(presented, source)
    if (!caller) {
      request.resume()
      failures.fail(source, presented, nowMs)
      const message =
        presented === ''
          ? 'no token: send Authorization: Bearer <an MCP token> (make one on the API tokens page, scope MCP)'
          : 'the token is not a valid MCP token (unknown, revoked, expired, or an OpenAPI token: MCP takes only tokens made with scope MCP)'
      await deps.audit(anonymous, { action: 'auth.token', outcome: 'refused', target: 'mcp', detail: { reason: { code: 'auth.tokenRefused', message } } })
      sendError(response, 401, MCP_ERRORS.unauthorized, message, { 'www-authenticate': 'Bearer' })
      return
    }
    failures.succeed(source, presented, nowMs)
    const who = actorOf(caller.principal)
    const budget = tokenKey(presented)
    if (!budgets.take(budget, nowMs)) {
      request.resume()
      const seconds = Math.ceil(budgets.retryAfterMs(budget, nowMs) / 1000)
      const message = `too many requests: at most ${MCP_LIMIT.maxRequests} per ${MCP_LIMIT.windowMs / 1000} s for one MCP token; try again in ${seconds} s`
      if (budgets.noteRefusal(budget, nowMs)) {
        await deps.audit(who, { action: 'auth.token', outcome: 'refused', target: 'mcp', detail: { reason: { code: 'mcp.budget', message } } })
      }
      sendError(response, 429, MCP_ERRORS.tooMany, message, { 'retry-after': String(seconds) })
      return
    }
    let body: unknown
    try {
      const text = await readRequestBody(request, MCP_MAX_BODY_BYTES)
      body = JSON.parse(text)
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        await deps.audit(who, {
          action: 'mcp.tool',
          outcome: 'refused',
          target: 'mcp',
          detail: { reason: { code: 'request.bodyTooLarge', message: error.message } },
        })
        sendError(response, 413, MCP_ERRORS.tooLarge, `request too large: at most ${MCP_MAX_BODY_BYTES} bytes`, { connection: 'close' })
        return
      }
      if (error instanceof SyntaxError) {
        sendError(response, 400, MCP_ERRORS.parse, `parse error: the body is not JSON (${error.message.slice(0, 200)})`)
        return
      }
      throw error
    }
    const { StreamableHTTPServerTransport, buildMcpServer } = await loadMcpModules()
    const server = buildMcpServer({
      context: { api: deps.apiFor(caller.principal), principal: caller.principal, mode: caller.mode, nowMs: deps.nowMs },
      audit: deps.audit,
      redact: deps.redact,
      logger: deps.logger,
      version: deps.version,
    })
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
    response.once('close', () => {
      void transport.close()
      void server.close()
    })
    await server.connect(transport)
    await transport.handleRequest(request, response, body)
  }
}
