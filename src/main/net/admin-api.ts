import type { IncomingMessage, ServerResponse } from 'node:http'
import type { JobGroup } from '../../shared/model'
import type { HandleCallback } from '../executor/executor-api'
import type { Logger } from '../kernel/logger'
import { authenticateAdminCall, type AdminCaller } from './admin-auth'
import type { RateLimit } from './rate-limit'
import { BodyTooLargeError, readRequestBody } from './request-body'
import { parseCallbackBody, parseJsonText, parseRegistryParam, type RegistryParam } from './wire/bodies'
import { FAIL_CODE, SUCCESS_CODE } from './wire/envelope'

/** The admin methods executors call (reference §2); everything else under /api/ is the job OpenAPI. */
const EXECUTOR_METHODS = new Set(['registry', 'registryRemove', 'callback'])
/** Executors configured for an XXL-JOB admin before 3.4.1 use this context path (§0.1). */
const PATH = /^\/(?:xxl-job-admin\/)?api\/([A-Za-z]+)\/?$/

export const ADMIN_MAX_BODY_BYTES = 5 * 1024 * 1024
/** XXL-JOB 3.5: code 502 when the OpenAPI's budget is spent. */
export const TOO_MANY_REQUESTS = { code: 502, msg: 'Too many requests, please try again later (limit: 100 per 30 s).' }

export interface AdminApiDeps {
  globalToken: () => string
  findGroup: (appName: string) => JobGroup | undefined
  register(caller: AdminCaller, param: RegistryParam): void
  registryRemove(caller: AdminCaller, param: RegistryParam): void
  callback(caller: AdminCaller, batch: HandleCallback[]): Promise<void>
  /** The job OpenAPI (§7.2 and JobDesk's additions): resolves with the reply's payload. */
  openApi(method: string, caller: AdminCaller, body: unknown): Promise<unknown>
  isOpenApiMethod(method: string): boolean
  rateLimit: RateLimit
  nowMs: () => number
  logger: Logger
}

/**
 * The admin's HTTP API on `/api/<method>` and `/xxl-job-admin/api/<method>`: what executors of every
 * generation call (registry, registryRemove, callback) and the job OpenAPI. HTTP 200 always, the
 * outcome in a `{code,msg,data,content}` envelope every generation parses; every request
 * authenticated; bad input gets a clear code-500 message and changes nothing.
 */
export function createAdminApi(deps: AdminApiDeps): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  return async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname
    const match = PATH.exec(pathname)
    if (!match) return false
    const method = match[1]
    const reply: Reply = await handle(deps, request, method).catch((error: Error): Reply => {
      deps.logger.error('admin API request failed', { method, error: error.message })
      return { code: FAIL_CODE, msg: `admin error: ${error.message}` }
    })
    // Both payload fields, nulls included, so every generation's parser finds what it expects (§8.1).
    const payload = reply.data ?? null
    const body = JSON.stringify({ code: reply.code, msg: reply.msg ?? (reply.code === SUCCESS_CODE ? 'Success' : null), data: payload, content: payload })
    response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8', 'content-length': Buffer.byteLength(body) })
    response.end(body)
    return true
  }
}

interface Reply {
  code: number
  msg?: string | null
  data?: unknown
}

async function handle(deps: AdminApiDeps, request: IncomingMessage, method: string): Promise<Reply> {
  if (request.method !== 'POST') {
    request.resume()
    return { code: FAIL_CODE, msg: 'invalid request, HttpMethod not support.' }
  }
  const executorMethod = EXECUTOR_METHODS.has(method)
  if (!executorMethod && !deps.isOpenApiMethod(method)) {
    request.resume()
    return { code: FAIL_CODE, msg: `invalid request, api method '${method}' not found.` }
  }
  const auth = authenticateAdminCall(request.headers, deps.globalToken(), deps.findGroup)
  if (!auth.ok) {
    request.resume()
    return { code: FAIL_CODE, msg: auth.msg }
  }
  if (!executorMethod && !deps.rateLimit.take(deps.nowMs())) {
    request.resume()
    return TOO_MANY_REQUESTS
  }

  let json: unknown
  try {
    const text = await readRequestBody(request, ADMIN_MAX_BODY_BYTES)
    if (text.trim() === '') return { code: FAIL_CODE, msg: 'invalid request, requestBody empty.' }
    json = parseJsonText(text)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { code: FAIL_CODE, msg: error.message }
    return { code: FAIL_CODE, msg: (error as Error).message }
  }

  try {
    switch (method) {
      case 'registry':
        deps.register(auth.caller, parseRegistryParam(json))
        return { code: SUCCESS_CODE }
      case 'registryRemove':
        deps.registryRemove(auth.caller, parseRegistryParam(json))
        return { code: SUCCESS_CODE }
      case 'callback':
        await deps.callback(auth.caller, parseCallbackBody(json))
        return { code: SUCCESS_CODE }
      default:
        return { code: SUCCESS_CODE, data: await deps.openApi(method, auth.caller, json) }
    }
  } catch (error) {
    const e = error as Error
    // Validation and state errors are the caller's to fix; their message says what is wrong.
    if (['ValidationError', 'NotFoundError', 'ConflictError', 'ImportValidationError'].includes(e.name)) {
      return { code: FAIL_CODE, msg: e.message }
    }
    throw error
  }
}
