import type { IncomingMessage, ServerResponse } from 'node:http'
import { describeError, isCallerError, ValidationError, type ErrorProblem } from '../../shared/errors'
import type { JobGroup, ProtocolGeneration } from '../../shared/model'
import type { HandleCallback } from '../executor/executor-api'
import type { Principal } from '../../shared/principal'
import type { AuditActor, AuditRecord } from '../audit/audit-entry'
import type { AuditAction } from '../../shared/auth'
import type { Logger } from '../kernel/logger'
import { authenticateAdminCall, type AdminCaller, type AdminSurface, type AdminTokens } from './admin-auth'
import { AUTH_FAILURE_LIMIT, AuthFailureGuard, OPEN_API_LIMIT, RateLimit, tooManyFailuresMessage } from '../kernel/rate-limit'
import { ACCESS_TOKEN_HEADER, APP_NAME_HEADER, headerValue } from './wire/auth'
import { BodyTooLargeError, readRequestBody } from './request-body'
import { parseCallbackBody, parseJsonText, parseRegistryParam, type RegistryParam } from './wire/bodies'
import { generationOfRegistration } from './wire/detect-generation'
import { FAIL_CODE, SUCCESS_CODE } from './wire/envelope'
import { REFUSED_FOR_GOOD } from './wire/callback-refusal'

/** The admin methods executors call (docs/protocol.md#admin-api); everything else under /api/ is the job OpenAPI. */
const EXECUTOR_METHODS = new Set(['registry', 'registryRemove', 'callback'])
/** The audit action of each executor method (a refusal of one is recorded under it). */
const EXECUTOR_ACTIONS: Record<string, AuditAction> = { registry: 'executor.register', registryRemove: 'executor.remove', callback: 'executor.callback' }
/** Executors configured for an XXL-JOB admin before 3.4.1 use this context path (docs/protocol.md#generations). */
const PATH = /^\/(?:xxl-job-admin\/)?api\/([A-Za-z]+)\/?$/

/**
 * Largest body per surface. A callback batch of XXL-JOB's 50 items is a few KB and the registry
 * body under one; the OpenAPI carries a job with its GLUE source (1,000,000 characters, ~3 MB of
 * UTF-8 at most for text a person writes).
 */
export const ADMIN_MAX_BODY_BYTES = { executor: 2 * 1024 * 1024, openapi: 5 * 1024 * 1024 } as const
/** An apply of definition files is one call for the whole set (thousands of jobs, their scripts inline). */
export const APPLY_MAX_BODY_BYTES = 64 * 1024 * 1024

export const TOO_MANY_REQUESTS = {
  code: 502,
  msg: `Too many requests, please try again later (limit: ${OPEN_API_LIMIT.maxRequests} per ${OPEN_API_LIMIT.windowMs / 1000} s).`,
}

export interface AdminApiDeps {
  tokens: () => AdminTokens
  findGroup: (appName: string) => Promise<JobGroup | undefined>
  /** The principal of a personal API token, or null (unknown, revoked, expired, owner disabled). */
  findPersonal(token: string, source: string): Promise<Principal | null>
  /** `generation`: what the request's headers tell of the executor's protocol generation, if anything; `source`: the remote address. */
  register(caller: AdminCaller, param: RegistryParam, generation: ProtocolGeneration | null, source: string): Promise<void>
  registryRemove(caller: AdminCaller, param: RegistryParam, source: string): Promise<void>
  callback(caller: AdminCaller, batch: HandleCallback[], source: string): Promise<void>
  /** Writes the audit row of a request refused before it reached the core (a credential, a budget). */
  audit: (who: AuditActor, entry: AuditRecord) => Promise<void>
  /** The job OpenAPI (docs/protocol.md#job-openapi and JobDesk's additions): resolves with the reply's payload. */
  openApi(method: string, caller: AdminCaller, body: unknown, source: string): Promise<unknown>
  isOpenApiMethod(method: string): boolean
  /** The audit action of an OpenAPI method (what a refusal of it is recorded under). */
  openApiAction(method: string): AuditAction
  nowMs: () => number
  logger: Logger
}

/**
 * The admin's HTTP API on `/api/<method>` and `/xxl-job-admin/api/<method>`: what executors of every
 * generation call (registry, registryRemove, callback) and the job OpenAPI. HTTP 200 always, the
 * outcome in a `{code,msg,data,content}` envelope every generation parses; every request
 * authenticated before its body is read; bad input gets a clear code-500 message and changes nothing.
 * OpenAPI budgets are per caller (token); failed authentications are counted
 * per address and credential (AuthFailureGuard) and, past a limit, refused unread. A refused
 * credential writes one audit row (`auth.token`); a request refused unread during a lockout or over
 * its budget is counted, and only the first of each window is recorded.
 */
export function createAdminApi(deps: AdminApiDeps): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  // lockouts: one audit row per address and window for the requests refused unread while it is locked out.
  const limits = { byCaller: new RateLimit(OPEN_API_LIMIT.maxRequests, OPEN_API_LIMIT.windowMs), lockouts: new RateLimit(1, AUTH_FAILURE_LIMIT.windowMs) }
  const failures = new AuthFailureGuard()
  return async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname
    const match = PATH.exec(pathname)
    if (!match) return false
    const method = match[1]
    const reply: Reply = await handle(deps, request, method, limits, failures).catch((error: Error): Reply => {
      deps.logger.error('admin API request failed', { method, error: error.message })
      return { code: FAIL_CODE, msg: `admin error: ${error.message.slice(0, 300)}` }
    })
    // Both payload fields, nulls included, so every generation's parser finds what it expects (docs/protocol.md#as-an-admin).
    const payload = reply.data ?? null
    const body = JSON.stringify({ code: reply.code, msg: reply.msg ?? (reply.code === SUCCESS_CODE ? 'Success' : null), data: payload, content: payload })
    const headers: Record<string, string | number> = { 'content-type': 'application/json;charset=UTF-8', 'content-length': Buffer.byteLength(body) }
    // A refusal before the body was read leaves it on the wire: this connection carries nothing more.
    if (reply.unread) headers.connection = 'close'
    response.writeHead(200, headers)
    response.end(body)
    if (reply.unread) response.once('finish', () => request.socket.destroySoon())
    return true
  }
}

interface Reply {
  code: number
  msg?: string | null
  data?: unknown
  /** The request body was left unread. */
  unread?: boolean
}

function refuse(msg: string, extra: Partial<Reply> = {}): Reply {
  return { code: FAIL_CODE, msg, unread: true, ...extra }
}

async function handle(
  deps: AdminApiDeps,
  request: IncomingMessage,
  method: string,
  limits: { byCaller: RateLimit; lockouts: RateLimit },
  failures: AuthFailureGuard,
): Promise<Reply> {
  if (request.method !== 'POST') return refuse('invalid request, HttpMethod not support.')
  const surface: AdminSurface | null = EXECUTOR_METHODS.has(method) ? 'executor' : deps.isOpenApiMethod(method) ? 'openapi' : null
  if (!surface) return refuse(`invalid request, api method '${method}' not found.`)
  const nowMs = deps.nowMs()
  const remote = request.socket.remoteAddress ?? 'unknown'
  const presented = headerValue(request.headers, ACCESS_TOKEN_HEADER) ?? ''
  const appName = headerValue(request.headers, APP_NAME_HEADER)?.trim().slice(0, 64) ?? ''
  const anonymous: AuditActor = { actor: appName ? `app ${appName}` : '(unknown credential)', actorKind: 'anonymous', source: remote }
  const blockedMs = failures.blockedForMs(remote, presented, nowMs)
  if (blockedMs > 0) {
    if (limits.lockouts.noteRefusal(remote, nowMs)) {
      await deps.audit(anonymous, {
        action: 'auth.token',
        outcome: 'refused',
        target: `${surface} ${method}`,
        detail: { reason: { code: 'auth.lockedOut', message: tooManyFailuresMessage(blockedMs) } },
      })
    }
    return refuse(tooManyFailuresMessage(blockedMs), { code: 502 })
  }
  const auth = await authenticateAdminCall(request.headers, surface, deps.tokens(), deps.findGroup, (token) => deps.findPersonal(token, remote))
  if (!auth.ok) {
    const locksOut = failures.fail(remote, presented, nowMs)
    const reason = locksOut
      ? `${auth.msg} (${AUTH_FAILURE_LIMIT.perCredential} failures: this credential is refused unread from this address for a minute)`
      : auth.msg
    await deps.audit(anonymous, {
      action: 'auth.token',
      outcome: 'refused',
      target: `${surface} ${method}`,
      detail: { reason: { code: 'auth.tokenRefused', message: reason } },
    })
    return refuse(auth.msg)
  }
  failures.succeed(remote, presented, nowMs)
  if (surface === 'openapi') {
    // Per credential only: the tokens of one host (a CI runner, a workstation's scripts) do not share
    // a budget. Guessing from an address is the failure guard's to stop, before this.
    const callerBudget = callerKey(auth.caller)
    if (!limits.byCaller.take(callerBudget, nowMs)) {
      if (limits.byCaller.noteRefusal(callerBudget, nowMs)) {
        await deps.audit(callerActor(auth.caller, remote), {
          action: 'auth.token',
          outcome: 'refused',
          target: `openapi ${method}`,
          detail: { reason: { code: 'openapi.budget', message: TOO_MANY_REQUESTS.msg } },
        })
      }
      return refuse(TOO_MANY_REQUESTS.msg, { code: TOO_MANY_REQUESTS.code })
    }
  }

  let json: unknown
  try {
    const text = await readRequestBody(request, method === 'applyDefinitions' ? APPLY_MAX_BODY_BYTES : ADMIN_MAX_BODY_BYTES[surface])
    if (text.trim() === '') return { code: FAIL_CODE, msg: 'invalid request, requestBody empty.' }
    json = parseJsonText(text)
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      await deps.audit(callerActor(auth.caller, remote), {
        action: surface === 'executor' ? EXECUTOR_ACTIONS[method] : deps.openApiAction(method),
        outcome: 'refused',
        target: `${surface} ${method}`,
        detail: { reason: { code: 'request.bodyTooLarge', message: error.message } },
      })
      return refuse(error.message)
    }
    return { code: FAIL_CODE, msg: (error as Error).message }
  }

  try {
    switch (method) {
      case 'registry':
        await deps.register(auth.caller, parseRegistryParam(json), generationOfRegistration(request.headers), remote)
        return { code: SUCCESS_CODE }
      case 'registryRemove':
        await deps.registryRemove(auth.caller, parseRegistryParam(json), remote)
        return { code: SUCCESS_CODE }
      case 'callback': {
        const batch = parseCallbackBody(json)
        try {
          await deps.callback(auth.caller, batch, remote)
        } catch (error) {
          // A batch read and refused: sending it again changes nothing, so the executor is told to drop it.
          if (isCallerError(error)) return { code: FAIL_CODE, msg: describeError(error), data: REFUSED_FOR_GOOD }
          throw error
        }
        return { code: SUCCESS_CODE }
      }
      default:
        return { code: SUCCESS_CODE, data: await deps.openApi(method, auth.caller, json, remote) }
    }
  } catch (error) {
    // Validation, permission and state errors are the caller's to fix; their message says what is wrong.
    // A refused set of definition files carries every problem with its path, for the CLI to point at.
    if (isCallerError(error)) return { code: FAIL_CODE, msg: describeError(error), data: problemsOf(error) }
    throw error
  }
}

/** Who a caller whose credential checked out is, for the audit trail. */
function callerActor(caller: AdminCaller, source: string): AuditActor {
  switch (caller.kind) {
    case 'personal':
      return { actor: caller.principal.name, actorKind: 'personal-token', source }
    case 'group':
      return { actor: `group token ${caller.group.appName}`, actorKind: 'group-token', source }
    case 'api':
      return caller.viaExecutorToken ? { actor: 'executor token', actorKind: 'executor-token', source } : { actor: 'API token', actorKind: 'api-token', source }
    case 'executor':
      return { actor: `executor ${caller.appName ?? ''}`.trim(), actorKind: 'executor-token', source }
  }
}

/** One budget per credential: the API token, or each group's own token. */
function callerKey(caller: AdminCaller): string {
  if (caller.kind === 'group') return `group:${caller.group.id}`
  return caller.kind === 'personal' ? `personal:${caller.principal.name}` : caller.kind
}

function problemsOf(error: unknown): { problems: readonly ErrorProblem[] } | null {
  return error instanceof ValidationError && error.problems.length > 0 ? { problems: error.problems } : null
}
