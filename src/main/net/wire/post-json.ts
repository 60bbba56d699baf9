import type { Agent, Dispatcher } from 'undici'
import { loadUndici } from '../../kernel/lazy-undici'
import { ConnectionGates } from './connection-gate'

/**
 * One JSON POST over undici, for both wire clients. Never throws: a transport failure (refused,
 * reset, timed out) comes back as `failed` with a one-line reason, an HTTP answer as `reply`.
 * undici, not global fetch: on loopback fetch manages ~4.6k req/s against undici's ~31k (docs/benchmarks.md#loopback-http).
 */
export type PostOutcome = (
  | { kind: 'reply'; status: number; text: string; json: unknown }
  /** `unreachable`: no connection was made (refused, no route, no such host), so nothing ran there. */
  | { kind: 'failed'; reason: string; unreachable: boolean }
) & {
  /** Milliseconds the request waited here for a free connection before it was sent (ConnectionGates). */
  waitedMs: number
}

export interface PostOptions {
  /** Bounds connecting, waiting for the reply head, and each gap while reading the reply body. */
  timeoutMs: number
  /** Default: a keep-alive agent shared by every client with the same timeout (one pool per origin). */
  dispatcher?: Dispatcher
}

/** Connections kept per origin by the shared agents: enough for a trigger burst, bounded for the peer. */
export const CONNECTIONS_PER_ORIGIN = 32

const sharedAgents = new Map<number, Agent>()

/** The shared keep-alive agent for a timeout (pools per origin live inside it). */
function sharedAgent(undici: typeof import('undici'), timeoutMs: number): Agent {
  let agent = sharedAgents.get(timeoutMs)
  if (!agent) {
    agent = new undici.Agent({ connections: CONNECTIONS_PER_ORIGIN, connect: { timeout: timeoutMs } })
    sharedAgents.set(timeoutMs, agent)
  }
  return agent
}

/** The shared agents' connections per origin, handed out in order (their own queue would hide the wait). */
const gates = new ConnectionGates(CONNECTIONS_PER_ORIGIN)

/** Closes the shared agents (their idle sockets would otherwise linger until the peer drops them). */
export async function closeSharedAgents(): Promise<void> {
  const agents = [...sharedAgents.values()]
  sharedAgents.clear()
  await Promise.all(agents.map((agent) => agent.close()))
}

export async function postJson(url: string, headers: Record<string, string>, bodyText: string | undefined, options: PostOptions): Promise<PostOutcome> {
  // A caller's own dispatcher has its own connections: only the shared agents' are counted here.
  // Each shared agent (one per timeout) has its own connections to an origin.
  const pool = options.dispatcher ? null : `${options.timeoutMs} ${originOf(url)}`
  const entered = pool === null ? 0 : gates.enter(pool, monotonicMs)
  const waitedMs = typeof entered === 'number' ? entered : await entered
  try {
    const undici = await loadUndici()
    const response = await undici.request(url, {
      method: 'POST',
      headers,
      body: bodyText,
      dispatcher: options.dispatcher ?? sharedAgent(undici, options.timeoutMs),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    })
    const text = await response.body.text()
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {
      json = undefined
    }
    return { kind: 'reply', status: response.statusCode, text, json, waitedMs }
  } catch (error) {
    return { kind: 'failed', reason: describeTransportError(error, options.timeoutMs), unreachable: CONNECT_FAILURES.has(errorCode(error) ?? ''), waitedMs }
  } finally {
    if (pool !== null) gates.leave(pool)
  }
}

const monotonicMs = (): number => performance.now()

/** `scheme://host:port` of a URL, cut from the text: the gate's key, for every request of a burst. */
function originOf(url: string): string {
  const hostStart = url.indexOf('://') + 3
  const pathStart = url.indexOf('/', hostStart)
  return pathStart < 0 ? url : url.slice(0, pathStart)
}

/** Failures before a connection stood: the request never reached the executor. */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT'])

export function describeTransportError(error: unknown, timeoutMs: number): string {
  const code = errorCode(error)
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return `no answer within ${timeoutMs} ms`
  }
  const message = errorMessage(error)
  return code && !message.includes(code) ? `${code}: ${message}` : message
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message
  const inner = (error as { errors?: unknown[] } | null)?.errors
  if (Array.isArray(inner) && inner.length > 0) return errorMessage(inner[0])
  return String(error)
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const withCode = error as { code?: unknown; errors?: unknown[]; cause?: unknown }
  if (typeof withCode.code === 'string') return withCode.code
  // Node reports a refused dual-stack connect as an AggregateError of the per-address failures.
  if (Array.isArray(withCode.errors) && withCode.errors.length > 0) return errorCode(withCode.errors[0])
  return withCode.cause ? errorCode(withCode.cause) : undefined
}
