import type { IncomingMessage, ServerResponse } from 'node:http'
import { OIDC_PATHS, SIGN_IN_ERROR_FRAGMENT } from '../../shared/auth'
import type { MessageCode } from '../../shared/messages'
import type { Access } from '../auth/access'
import type { OidcFlow } from '../auth/directory/oidc-flow'
import { OIDC_PENDING_MS } from '../auth/directory/oidc-flow'
import { sessionCookie } from '../auth/session-cookie'
import type { Logger } from '../kernel/logger'
import { requestScheme } from './same-origin'

const BINDING_COOKIE = 'jobdesk_oidc'

/**
 * `GET /auth/oidc/start` sends the browser to the provider; `GET /auth/oidc/callback` is where the
 * provider sends it back. The binding cookie is SameSite=Lax (the callback is a top-level
 * navigation from the provider's site, which Strict would leave without it) and scoped to
 * /auth/oidc; it only proves that this browser began the sign-in. A success sets the session
 * cookie and goes to the console; a refusal goes to the console with the message code in the
 * fragment, for the sign-in page to show.
 */
export function oidcHttp(access: Access, flow: OidcFlow, logger: Logger): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  return async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== OIDC_PATHS.start && url.pathname !== OIDC_PATHS.callback) return false
    if (request.method !== 'GET') return end(response, 405, {})
    const secure = requestScheme(request) === 'https'
    const source = request.socket.remoteAddress ?? 'unknown'
    if (url.pathname === OIDC_PATHS.start) {
      try {
        const begun = await flow.begin()
        return end(response, 303, { location: begun.url, 'set-cookie': bindingCookie(begun.binding, secure, OIDC_PENDING_MS / 1000) })
      } catch (error) {
        logger.warn('OIDC sign-in: the provider could not be reached', { error: (error as Error).message })
        return toConsole(response, 'directory.unavailable')
      }
    }
    const outcome = await flow.finish(url.searchParams, bindingOf(request.headers.cookie))
    const result = await access.signInWithOidc(outcome, source)
    const clearBinding = bindingCookie('', secure, 0)
    if (!result.ok) return toConsole(response, result.error.code as MessageCode, clearBinding)
    return end(response, 303, { location: '/', 'set-cookie': [clearBinding, sessionCookie(result.secret, secure)] })
  }
}

function toConsole(response: ServerResponse, code: MessageCode, cookie?: string): true {
  return end(response, 303, { location: `/#${SIGN_IN_ERROR_FRAGMENT}=${encodeURIComponent(code)}`, ...(cookie ? { 'set-cookie': cookie } : {}) })
}

function end(response: ServerResponse, status: number, headers: Record<string, string | string[]>): true {
  response.writeHead(status, { 'cache-control': 'no-store', 'content-length': 0, ...headers })
  response.end()
  return true
}

function bindingCookie(value: string, secure: boolean, maxAgeSeconds: number): string {
  return `${BINDING_COOKIE}=${value}; HttpOnly; SameSite=Lax; Path=/auth/oidc; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`
}

function bindingOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value = ''] = part.trim().split('=')
    if (name === BINDING_COOKIE && /^[A-Za-z0-9_-]{20,100}$/.test(value)) return value
  }
  return null
}
