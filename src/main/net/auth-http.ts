import type { IncomingMessage, ServerResponse } from 'node:http'
import { AUTH_PATHS, type AuthState } from '../../shared/auth'
import { toErrorInfo } from '../../shared/errors'
import { notPermitted } from '../../shared/messages/coded-errors'
import { signInSchema } from '../../shared/schema/auth'
import { inputProblems } from '../../shared/schema/parse-input'
import { readRequestBody } from './request-body'
import { requestScheme, sameOrigin } from './same-origin'
import type { Logger } from '../kernel/logger'
import type { Access } from '../auth/access'
import { sessionInfoOf } from '../../shared/principal'
import { clearedSessionCookie, sessionCookie, sessionSecretOf } from '../auth/session-cookie'

const SIGN_IN_MAX_BODY_BYTES = 4096

/**
 * The headless server's sign-in endpoints: `GET /auth/state`, `POST /auth/sign-in` (JSON name and
 * password; sets the session cookie), `POST /auth/sign-out`. A POST must be JSON and, when the
 * browser says where it came from, come from this server's own page: with SameSite=Strict this
 * shuts out cross-site forms (login CSRF) as well.
 */
export function authHttp(access: Access, logger: Logger, oidc?: { label: string }): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  return async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    if (path !== AUTH_PATHS.state && path !== AUTH_PATHS.signIn && path !== AUTH_PATHS.signOut) return false
    const source = request.socket.remoteAddress ?? 'unknown'
    const secret = sessionSecretOf(request.headers.cookie)
    try {
      if (path === AUTH_PATHS.state) {
        if (request.method !== 'GET') return reply(response, 405, { ok: false })
        const principal = secret === null ? null : await access.users.resolveSession(secret, source)
        const state: AuthState = { signedIn: principal !== null, consoleTokenAccepted: await access.consoleTokenAccepted(), ...(oidc ? { oidc } : {}) }
        return reply(response, 200, state)
      }
      if (request.method !== 'POST') return reply(response, 405, { ok: false })
      if (!isJson(request) || !sameOrigin(request)) {
        const error = notPermitted('auth.badOrigin')
        const action = path === AUTH_PATHS.signOut ? 'auth.signOut' : 'auth.signIn'
        await access.audit.record(
          { actor: '(another site)', actorKind: 'anonymous', source },
          { action, outcome: 'refused', target: path, detail: { reason: { code: error.code, message: error.message } } },
        )
        return reply(response, 403, { ok: false, error: toErrorInfo(error) })
      }
      if (path === AUTH_PATHS.signOut) {
        if (secret !== null) await access.signOut(secret, source)
        return reply(response, 200, { ok: true }, { 'set-cookie': clearedSessionCookie() })
      }
      const body = inputProblems(signInSchema, JSON.parse(await readRequestBody(request, SIGN_IN_MAX_BODY_BYTES)), 'body')
      if (!body.ok) return reply(response, 400, { ok: false, error: toErrorInfo(notPermitted('auth.signInFailed')) })
      const result = await access.signIn(body.value.name, body.value.password, source)
      if (!result.ok) {
        const retryAfter: Record<string, number> = result.retryAfterSeconds === undefined ? {} : { 'retry-after': result.retryAfterSeconds }
        return reply(response, result.status, { ok: false, error: toErrorInfo(result.error) }, retryAfter)
      }
      const secure = requestScheme(request) === 'https'
      return reply(response, 200, { ok: true, session: sessionInfoOf(result.principal) }, { 'set-cookie': sessionCookie(result.secret, secure) })
    } catch (error) {
      logger.warn('sign-in request refused', { error: (error as Error).message })
      // A body cut at its deadline took its socket with it: nobody is left to answer.
      if (request.socket.destroyed) return true
      return reply(response, 400, { ok: false, error: toErrorInfo(notPermitted('auth.signInFailed')) })
    }
  }
}

function reply(response: ServerResponse, status: number, body: unknown, extra: Record<string, string | number> = {}): true {
  const text = JSON.stringify(body)
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...extra })
  response.end(text)
  return true
}

function isJson(request: IncomingMessage): boolean {
  return (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() === 'application/json'
}
