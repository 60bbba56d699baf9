import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'

/**
 * How the request reached us: https when it came over TLS here, or when the proxy in front says so
 * (`X-Forwarded-Proto: https`, its first value); http otherwise.
 */
export function requestScheme(request: IncomingMessage): 'http' | 'https' {
  if ((request.socket as Partial<TLSSocket>).encrypted === true) return 'https'
  const forwarded = request.headers['x-forwarded-proto']
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0].trim().toLowerCase()
  return first === 'https' ? 'https' : 'http'
}

/**
 * The request's Origin, when a browser sent one, is this server's own: the same scheme, host and
 * port the request arrived at (an http page may not speak for the https console, nor the other way
 * round). A request without Origin comes from a non-browser client, which carries no ambient
 * cookie to abuse.
 */
export function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin
  if (origin === undefined) return true
  const host = request.headers.host
  if (!host) return false
  try {
    // Both through URL: lower-case host, default port dropped (https://h and h:443 are one origin).
    return new URL(origin).origin === new URL(`${requestScheme(request)}://${host}`).origin
  } catch {
    return false
  }
}
