import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { silentLogger, type Logger } from '../kernel/logger'
import { answerClientError } from './client-error'
import { encodeReply, FAIL_CODE } from './wire/envelope'
import { createExecutorRoutes, envelopeStyleFor, type ExecutorRouteOptions, type ExecutorRoutes } from './wire/executor-routes'

/**
 * The executor's HTTP server (docs/protocol.md#transport): POST only, HTTP 200 always with the outcome in the
 * envelope, keep-alive, idle connections closed after 90 s. The token and the path are checked
 * before a byte of the body is read, and each endpoint reads at most what it needs (a trigger 5 MiB,
 * the rest 4 KiB), so a caller without the token cannot make it buffer anything. Plain node:http:
 * measured against fastify 5 with the same routes (bench/http-server-compare.ts), it was the faster.
 */
export interface ExecutorServerOptions extends ExecutorRouteOptions {
  /** Default 9999 (XXL's); 0 picks a free port. */
  port?: number
  /** Default `127.0.0.1`: reachable from this machine only until told otherwise (`--host 0.0.0.0`). */
  host?: string
  /** Lowers every endpoint's body limit (tests); by default each endpoint's own (5 MiB for triggers). */
  maxBodyBytes?: number
  /** A connection with no traffic for this long is closed. Default 90 000 (XXL: 3 × 30 s). */
  idleTimeoutMs?: number
  logger?: Logger
}

export interface ExecutorServer {
  readonly host: string
  readonly port: number
  /** `http://<host>:<port>` as bound (a wildcard host reads as 127.0.0.1). */
  readonly url: string
  /** Stops accepting, lets in-flight requests finish, closes kept-alive connections. */
  close(): Promise<void>
}

export const DEFAULT_EXECUTOR_PORT = 9999
export const DEFAULT_EXECUTOR_HOST = '127.0.0.1'
export const DEFAULT_IDLE_TIMEOUT_MS = 90_000
/** How long close() waits for in-flight requests before cutting their connections. */
const CLOSE_GRACE_MS = 5_000

/** Raised when the port cannot be bound; `code` is the system error code (EADDRINUSE, EACCES, …). */
export class ListenError extends Error {
  override readonly name = 'ListenError'
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export function bodyTooLargeMessage(maxBodyBytes: number): string {
  return `invalid request, body larger than the limit of ${maxBodyBytes} bytes.`
}

export async function startExecutorServer(options: ExecutorServerOptions): Promise<ExecutorServer> {
  // Every executor endpoint requires the token, so a server without one is refused (docs/protocol.md#executor-authentication).
  if (options.credentials.accessToken.trim() === '') {
    throw new Error('credentials.accessToken: required — an executor server without a token would run whatever anyone sends')
  }
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS
  const handle = executorRequestHandler(createExecutorRoutes(options), options)
  const server = createServer(handle)
  server.on('clientError', answerClientError)
  server.keepAliveTimeout = idleTimeoutMs
  // Socket inactivity in the middle of a request (a stalled upload) closes the connection too.
  server.timeout = idleTimeoutMs

  const host = options.host ?? DEFAULT_EXECUTOR_HOST
  const requestedPort = options.port ?? DEFAULT_EXECUTOR_PORT
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      const code = error.code ?? 'EUNKNOWN'
      const why = code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'needs more privileges' : `cannot be bound (${error.message})`
      reject(new ListenError(code, `port ${requestedPort} on ${host} ${why}`))
    }
    server.once('error', onError)
    server.listen(requestedPort, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host

  let closing: Promise<void> | null = null
  return {
    host,
    port,
    url: `http://${urlHost}:${port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS)
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        server.closeIdleConnections()
      })
      return closing
    },
  }
}

/**
 * Serves the executor's wire for `routes` on any HTTP server (its own, or a JobDesk node's admin
 * server carrying the node's embedded executor for the other nodes).
 */
export function executorRequestHandler(
  routes: ExecutorRoutes,
  options: Pick<ExecutorServerOptions, 'generation' | 'maxBodyBytes' | 'logger'>,
): (req: IncomingMessage, res: ServerResponse) => void {
  const style = envelopeStyleFor(options.generation)
  const tooLarge = (maxBodyBytes: number) => encodeReply({ code: FAIL_CODE, msg: bodyTooLargeMessage(maxBodyBytes) }, style)
  const limits = { cap: options.maxBodyBytes ?? Infinity, tooLarge }
  const logger = options.logger ?? silentLogger
  return (req, res) => handleRequest(req, res, routes, limits, logger)
}

function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  routes: ExecutorRoutes,
  limits: { cap: number; tooLarge: (maxBodyBytes: number) => string },
  logger: Logger,
): void {
  const head = { method: req.method ?? '', uri: req.url ?? '', headers: req.headers }
  const checked = routes.check(head)
  // Refused on its method, token or path: answered at once, the body never read.
  if ('refusal' in checked) return refuseUnread(res, checked.refusal)
  const maxBodyBytes = Math.min(checked.maxBodyBytes, limits.cap)
  // Refuse before reading: the declared length alone is over the limit.
  if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) return refuseUnread(res, limits.tooLarge(maxBodyBytes))

  const chunks: Buffer[] = []
  let received = 0
  let refused = false
  req.on('data', (chunk: Buffer) => {
    if (refused) return
    received += chunk.length
    // A chunked upload without Content-Length is cut off as soon as it crosses the limit.
    if (received > maxBodyBytes) {
      refused = true
      chunks.length = 0
      return refuseUnread(res, limits.tooLarge(maxBodyBytes))
    }
    chunks.push(chunk)
  })
  req.on('end', () => {
    if (refused) return
    const bodyText = chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8')
    dispatch(req, res, routes, bodyText, logger)
  })
}

function dispatch(req: IncomingMessage, res: ServerResponse, routes: ExecutorRoutes, bodyText: string, logger: Logger): void {
  routes.answer({ method: req.method ?? '', uri: req.url ?? '', headers: req.headers, bodyText }).then(
    (text) => send(res, text),
    (error: unknown) => {
      // The routes catch everything they expect; this is a bug, but the admin still gets an answer.
      logger.error('executor request failed', { uri: req.url, error: String(error) })
      send(res, JSON.stringify({ code: FAIL_CODE, msg: `executor error: ${String(error)}` }))
    },
  )
}

function send(res: ServerResponse, text: string, extraHeaders: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return
  res.writeHead(200, {
    'Content-Type': 'application/json;charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    ...extraHeaders,
  })
  res.end(text)
}

function refuseUnread(res: ServerResponse, text: string): void {
  // The rest of the body is never read, so this connection cannot carry another request.
  send(res, text, { Connection: 'close' })
  res.once('finish', () => res.socket?.destroySoon())
}
