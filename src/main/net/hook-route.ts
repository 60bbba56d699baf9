import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { HOOK_PATH_PREFIX } from '../../shared/hook-types'
import { AuthFailureGuard, RateLimit } from '../kernel/rate-limit'
import { BodyTooLargeError, readRequestBody } from './request-body'

/** A trigger URL's body: JSON a person or a Git provider sends, not a document. */
export const HOOK_MAX_BODY_BYTES = 64 * 1024
/** Bodies a sender has no reason to trickle: all of it within 10 s, no pause over 5 s. */
const HOOK_BODY_DEADLINES = { totalMs: 10_000, idleMs: 5_000 } as const
/** A hook id as made: 128 random bits in base64url. Anything else is no hook, and is not looked up. */
const HOOK_PATH = /^\/hooks\/([A-Za-z0-9_-]{22})\/?$/

/** One request to a trigger URL, read and bounded. */
export interface HookDelivery {
  id: string
  headers: IncomingHttpHeaders
  rawBody: string
  /** The remote address. */
  source: string
}

/** What the hook service answered: the HTTP status and JSON body. */
export interface HookAnswer {
  status: 202 | 400 | 401 | 404 | 429 | 500
  body: Record<string, unknown>
  /** 429: seconds to wait. */
  retryAfterSec?: number
}

export interface HookRouteDeps {
  deliver(delivery: HookDelivery): Promise<HookAnswer>
  /** Records a request refused unread while its address is locked out (once per address and minute). */
  lockedOut(source: string, retryAfterSec: number): Promise<void>
  /** Records a request refused because its body was over HOOK_MAX_BODY_BYTES (`hookId` as the path named it). */
  tooLarge(source: string, hookId: string): Promise<void>
  nowMs: () => number
}

/** Every signature problem gets this same answer: it tells a guesser nothing about which part was wrong. */
export const HOOK_UNAUTHORIZED = { error: 'unauthorized' } as const

/**
 * `POST /hooks/<id>`: the trigger URLs. Unknown ids and refused signatures count as failed
 * authentications of their address (AuthFailureGuard, as for the OpenAPI's tokens), so an address
 * guessing ids or signatures is refused unread after a while; the hook service does the rest.
 */
export function hookRoute(deps: HookRouteDeps): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  const failures = new AuthFailureGuard()
  // One audit row per locked-out address and minute, however many requests it keeps sending.
  const lockoutNotes = new RateLimit(1, 60_000)
  return async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname
    if (!pathname.startsWith(HOOK_PATH_PREFIX)) return false
    const send = (answer: HookAnswer, unread = false) => reply(request, response, answer, unread)
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST', 'content-type': 'application/json', connection: 'close' }).end('{"error":"method not allowed"}')
      return true
    }
    const nowMs = deps.nowMs()
    const source = request.socket.remoteAddress ?? 'unknown'
    const id = HOOK_PATH.exec(pathname)?.[1] ?? ''
    const blockedMs = failures.blockedForMs(source, id, nowMs)
    if (blockedMs > 0) {
      const retryAfterSec = Math.ceil(blockedMs / 1000)
      if (lockoutNotes.noteRefusal(source, nowMs)) await deps.lockedOut(source, retryAfterSec)
      send({ status: 429, body: { error: 'too many requests' }, retryAfterSec }, true)
      return true
    }
    let rawBody: string
    try {
      rawBody = id === '' ? '' : await readRequestBody(request, HOOK_MAX_BODY_BYTES, HOOK_BODY_DEADLINES)
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        await deps.tooLarge(source, id)
        send({ status: 400, body: { error: `body larger than ${HOOK_MAX_BODY_BYTES} bytes` } }, true)
      } else if (!response.destroyed) response.destroy()
      return true
    }
    const answer = await deps.deliver({ id, headers: request.headers, rawBody, source })
    if (answer.status === 401 || answer.status === 404) failures.fail(source, id, nowMs)
    else if (answer.status === 202) failures.succeed(source, id, nowMs)
    send(answer, id === '')
    return true
  }
}

function reply(request: IncomingMessage, response: ServerResponse, answer: HookAnswer, unread: boolean): void {
  const body = JSON.stringify(answer.body)
  const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
  if (answer.retryAfterSec !== undefined) headers['retry-after'] = answer.retryAfterSec
  // A refusal before the body was read leaves it on the wire: this connection carries nothing more.
  if (unread) headers.connection = 'close'
  response.writeHead(answer.status, headers).end(body)
  if (unread) response.once('finish', () => request.socket.destroySoon())
}
