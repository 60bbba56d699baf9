import type { IncomingMessage } from 'node:http'

/**
 * The request's Origin, when a browser sent one, names the host it was sent to: this server's own
 * page made it. (A request without Origin comes from a non-browser client, which carries no
 * ambient cookie to abuse.)
 */
export function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin
  if (origin === undefined) return true
  try {
    return new URL(origin).host === request.headers.host
  } catch {
    return false
  }
}
