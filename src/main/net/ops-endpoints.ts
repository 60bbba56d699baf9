import type { IncomingMessage, ServerResponse } from 'node:http'
import { roleAtLeast } from '../../shared/auth'
import type { JobGroup } from '../../shared/model'
import type { Principal } from '../../shared/principal'
import { AUTH_FAILURE_LIMIT, AuthFailureGuard, RateLimit, tooManyFailuresMessage } from '../kernel/rate-limit'
import { authenticateAdminCall, type AdminTokens } from './admin-auth'
import { principalOfCaller } from './caller-principal'
import { ACCESS_TOKEN_HEADER } from './wire/auth'

export interface ReadyReport {
  ready: boolean
  /** Each check: 'ok', or why not in a few words (never an error's text: it may name hosts or users). */
  checks: Record<string, string>
}

export interface OpsEndpointDeps {
  /** The exposition text of the node's metrics; per group (`perGroup`) or only their totals. */
  scrape(perGroup: boolean): Promise<{ contentType: string; text: string }>
  ready(): Promise<ReadyReport>
  /** `--metrics-public`: /metrics without a token (a trusted network only). */
  metricsPublic: boolean
  tokens: () => AdminTokens
  findPersonal(token: string, source: string): Promise<Principal | null>
  /** Writes the audit row of a refused scrape (an unknown or too weak credential, a locked-out address). */
  refused(source: string, reason: { code: string; message: string }): Promise<void>
  nowMs: () => number
}

const PATHS = new Set(['/metrics', '/healthz', '/readyz'])
const BEARER = /^Bearer +(\S{1,512})$/i

/**
 * The operations endpoints: `GET /healthz` (the process answers) and `GET /readyz` (the core can
 * work: docs/operations.md), neither asking for a token nor saying anything secret, and `GET
 * /metrics` in Prometheus's text format behind `Authorization: Bearer <token>` — a credential the
 * OpenAPI takes (the API token, a personal token, the executor token where the operator allows it
 * there), checked by the OpenAPI's own rules and failure guard, acting with at least the viewer role.
 * Series per executor group are for a principal who sees every group; anyone else gets their totals
 * (an app name is another group's to know). `--metrics-public` is the operator's word that whoever
 * reaches the port may see it all.
 */
export function opsEndpoints(deps: OpsEndpointDeps): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  const failures = { guard: new AuthFailureGuard(), lockoutNotes: new RateLimit(1, AUTH_FAILURE_LIMIT.windowMs) }
  return async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname
    if (!PATHS.has(pathname)) return false
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(response, 405, 'text/plain; charset=utf-8', 'method not allowed\n', { allow: 'GET, HEAD' })
      return true
    }
    if (pathname === '/healthz') send(response, 200, JSON_TYPE, '{"status":"ok"}\n')
    else if (pathname === '/readyz') {
      const report = await deps.ready()
      send(response, report.ready ? 200 : 503, JSON_TYPE, `${JSON.stringify({ status: report.ready ? 'ready' : 'unready', checks: report.checks })}\n`)
    } else {
      const check = deps.metricsPublic ? { seesEveryGroup: true } : await checkBearer(deps, request, failures)
      if ('status' in check)
        send(response, check.status, 'text/plain; charset=utf-8', `${check.message}\n`, check.status === 401 ? { 'www-authenticate': 'Bearer' } : {})
      else {
        const { contentType, text } = await deps.scrape(check.seesEveryGroup)
        send(response, 200, contentType, text)
      }
    }
    return true
  }
}

const JSON_TYPE = 'application/json; charset=utf-8'

function send(response: ServerResponse, status: number, contentType: string, body: string, extra: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', ...extra })
  response.end(response.req.method === 'HEAD' ? undefined : body)
}

/** Whether the bearer token's principal sees every group, when it may read the metrics; else the status and text of the refusal. */
async function checkBearer(
  deps: OpsEndpointDeps,
  request: IncomingMessage,
  failures: { guard: AuthFailureGuard; lockoutNotes: RateLimit },
): Promise<{ status: number; message: string } | { seesEveryGroup: boolean }> {
  const source = request.socket.remoteAddress ?? 'unknown'
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? ''
  const nowMs = deps.nowMs()
  const blockedMs = failures.guard.blockedForMs(source, token, nowMs)
  if (blockedMs > 0) {
    // Refused unread: one audit row per address and window, however many it keeps sending.
    if (failures.lockoutNotes.noteRefusal(source, nowMs)) await deps.refused(source, { code: 'auth.lockedOut', message: tooManyFailuresMessage(blockedMs) })
    return { status: 429, message: tooManyFailuresMessage(blockedMs) }
  }
  const principal = await principalOf(deps, token, source)
  if (principal && roleAtLeast(principal.role, 'viewer')) {
    failures.guard.succeed(source, token, nowMs)
    return { seesEveryGroup: principal.groupIds === null }
  }
  failures.guard.fail(source, token, nowMs)
  const reason = token === '' ? 'no bearer token' : 'the bearer token is not one the OpenAPI takes'
  await deps.refused(source, { code: 'auth.tokenRefused', message: reason })
  return { status: 401, message: `metrics: ${reason} (Authorization: Bearer <API token or personal token>)` }
}

/** The OpenAPI's check of a credential, given as its header: no group token here (it needs an app name). */
async function principalOf(deps: OpsEndpointDeps, token: string, source: string): Promise<Principal | null> {
  if (token === '') return null
  const noGroup = async (): Promise<JobGroup | undefined> => undefined
  const auth = await authenticateAdminCall({ [ACCESS_TOKEN_HEADER.toLowerCase()]: token }, 'openapi', deps.tokens(), noGroup, (t) =>
    deps.findPersonal(t, source),
  )
  return auth.ok ? principalOfCaller(auth.caller, source) : null
}
