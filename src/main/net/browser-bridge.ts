import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import type { JobDeskApi, JobDeskEvent } from '../../shared/api'
import { BRIDGE_PATH, BRIDGE_SIGNED_OUT_CLOSE, type BridgeServerMessage } from '../../shared/bridge-protocol'
import { toErrorInfo } from '../../shared/errors'
import { apiCallFields } from '../../shared/schema/api-args'
import { GLUE_SOURCE_MAX_CHARS } from '../../shared/schema/job'
import { inputProblems } from '../../shared/schema/parse-input'
import { z } from '../../shared/schema/z'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import { WatchLedger } from './watch-ledger'
import { AuthFailureGuard, tooManyFailuresMessage } from '../kernel/rate-limit'
import { sameOrigin } from './same-origin'
import { secretsEqual } from './wire/auth'

/**
 * The largest message a console may send. It must hold the largest valid request: a saveGlue of
 * GLUE_SOURCE_MAX_CHARS characters, each up to 6 bytes as JSON (`\u0001`), and an import document
 * (IMPORT_DOCUMENT_MAX_BYTES). Anything larger closes that socket (1009), nothing else.
 */
export const IMPORT_DOCUMENT_MAX_BYTES = 16 * 1024 * 1024
export const BRIDGE_MAX_MESSAGE_BYTES = Math.max(IMPORT_DOCUMENT_MAX_BYTES, 6 * GLUE_SOURCE_MAX_CHARS) + 64 * 1024

const callSchema = z.strictObject({ type: z.literal('call'), id: z.int().min(0), ...apiCallFields })

/** One console's view of the core: the API as its principal may call it, and the events it may see. */
export interface BridgeSession {
  api: JobDeskApi
  visible(event: JobDeskEvent): Promise<JobDeskEvent | null>
  /** Ends a closed socket's log watches even when its session has ended meanwhile (a sign-out). */
  release: Pick<JobDeskApi, 'unwatchRunLog'>
}

/** What a console presented: the console token (in the URL), or its session cookie's secret. */
export type BridgeCredential = { kind: 'console-token' } | { kind: 'session'; secret: string }

export interface BrowserBridgeOptions {
  subscribe: (listener: (event: JobDeskEvent) => void) => () => void
  consoleToken: string
  /** Who the credential is now; refused with an English reason (the token retired, the session over). */
  openSession(credential: BridgeCredential, source: string): Promise<{ ok: true; session: BridgeSession } | { ok: false; message: string }>
  /** The session cookie's secret in a request's Cookie header, if any. */
  sessionSecret(cookieHeader: string | undefined): string | null
  /** Records a refused opening (one audit row: `auth.console`). */
  refused(source: string, reason: string): Promise<void>
  logger: Logger
  clock: Clock
}

/** Error codes after which the socket's credential is no good: the console must sign in again. */
const CREDENTIAL_ENDED = new Set(['auth.signedOut', 'auth.consoleTokenRetired'])

/**
 * The headless console's link to the core: one WebSocket per browser tab, authenticated by a
 * signed-in user's session cookie or by the console token (until the admin set a password),
 * carrying the calls of src/shared/api.ts — as that principal may make them — and the events it may
 * see. Whatever arrives — malformed frames, bad UTF-8, oversized messages, JSON of the wrong shape —
 * ends that one socket or gets an error result; it never reaches the process. Arguments are checked
 * by the facade's schemas, then by the core's rules for the principal.
 */
export class BrowserBridge {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: BRIDGE_MAX_MESSAGE_BYTES })
  private readonly failures = new AuthFailureGuard()

  constructor(private readonly options: BrowserBridgeOptions) {
    this.server.on('error', (error) => options.logger.warn('console bridge error', { error: error.message }))
    this.server.on('wsClientError', (error, socket) => {
      options.logger.warn('console bridge handshake refused', { error: error.message })
      socket.destroy()
    })
  }

  /** Takes an HTTP upgrade if it is for the bridge; returns false otherwise. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== BRIDGE_PATH) return false
    socket.on('error', () => socket.destroy())
    const nowMs = this.options.clock.nowMs()
    const remote = request.socket.remoteAddress ?? 'unknown'
    const presented = url.searchParams.get('token') ?? ''
    const secret = this.options.sessionSecret(request.headers.cookie)
    // The guard keys failures by what was presented, so one stale tab never locks out a good one.
    const shown = presented !== '' ? `token:${presented}` : secret !== null ? `session:${secret}` : ''
    const blockedMs = this.failures.blockedForMs(remote, shown, nowMs)
    if (blockedMs > 0) {
      socket.end(`HTTP/1.1 429 Too Many Requests\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${tooManyFailuresMessage(blockedMs)}\n`, () =>
        socket.destroy(),
      )
      return true
    }
    const refuse = (status: string, message: string) =>
      socket.end(`HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${message}\n`, () => socket.destroy())
    const fail = (status: string, message: string) => {
      this.failures.fail(remote, shown, nowMs)
      refuse(status, message)
      void this.options.refused(remote, message).catch(() => {})
    }
    let credential: BridgeCredential
    if (presented !== '') {
      if (!secretsEqual(presented, this.options.consoleToken)) {
        fail('401 Unauthorized', 'wrong console token')
        return true
      }
      credential = { kind: 'console-token' }
    } else if (secret !== null) {
      // A cookie rides along with any page's request: only this server's own pages may open the bridge with it.
      if (!sameOrigin(request)) {
        fail('403 Forbidden', "the bridge opens only from this server's console")
        return true
      }
      credential = { kind: 'session', secret }
    } else {
      fail('401 Unauthorized', 'sign in, or open the address with the console token')
      return true
    }
    void this.options.openSession(credential, remote).then(
      (opened) => {
        if (!opened.ok) {
          fail('401 Unauthorized', opened.message)
          return
        }
        this.failures.succeed(remote, shown, nowMs)
        this.server.handleUpgrade(request, socket, head, (ws) => this.attach(ws, opened.session))
      },
      (error: Error) => {
        this.options.logger.warn('console bridge could not check a credential', { error: error.message })
        refuse('503 Service Unavailable', 'try again')
      },
    )
    return true
  }

  close(): void {
    for (const client of this.server.clients) client.close(1001, 'server stopping')
    this.server.close()
  }

  private attach(ws: WebSocket, session: BridgeSession): void {
    const send = (message: BridgeServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
    }
    // Filtering may look a run's group up: chained, so events keep their order.
    let events = Promise.resolve()
    const unsubscribe = this.options.subscribe((event) => {
      events = events.then(async () => {
        const shown = await session.visible(event).catch(() => null)
        if (shown) send({ type: 'event', event: shown })
      })
    })
    const watches = new WatchLedger()
    // A protocol error (bad UTF-8, an unmasked frame, a reserved opcode, RSV bits, a bad close code,
    // an oversized ping or message) arrives here; ws has already started closing the socket.
    ws.on('error', (error) => {
      this.options.logger.warn('console bridge socket closed on a protocol error', { error: error.message })
      ws.terminate()
    })
    ws.on('close', () => {
      unsubscribe()
      void watches.release(session.release)
    })
    ws.on('message', (data, isBinary) => this.receive(ws, session, data, isBinary, send, watches))
  }

  private receive(
    ws: WebSocket,
    session: BridgeSession,
    data: RawData,
    isBinary: boolean,
    send: (message: BridgeServerMessage) => void,
    watches: WatchLedger,
  ): void {
    let message: unknown
    try {
      message = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString())
    } catch {
      ws.close(1003, 'messages must be JSON')
      return
    }
    const parsed = inputProblems(callSchema, message, 'message')
    if (!parsed.ok) {
      const id = typeof (message as { id?: unknown } | null)?.id === 'number' ? (message as { id: number }).id : -1
      const first = parsed.problems[0]
      send({
        type: 'result',
        id,
        ok: false,
        error: { name: 'ValidationError', field: first.field, code: first.code, params: first.params, message: first.message },
      })
      return
    }
    const { id, method, args } = parsed.value
    // Watches are counted per log for every console together: a console's unwatch of a log it does
    // not watch would end another's tail (an admin's), so it changes nothing.
    if (method === 'unwatchRunLog' && !watches.holds(args[0])) {
      send({ type: 'result', id, ok: true, value: undefined })
      return
    }
    const fn = session.api[method] as (...a: unknown[]) => Promise<unknown>
    fn(...args).then(
      (value) => {
        watches.note(method, args)
        send({ type: 'result', id, ok: true, value })
      },
      (error: { code?: unknown }) => {
        send({ type: 'result', id, ok: false, error: toErrorInfo(error) })
        if (typeof error?.code === 'string' && CREDENTIAL_ENDED.has(error.code)) ws.close(BRIDGE_SIGNED_OUT_CLOSE, 'signed out')
      },
    )
  }
}
