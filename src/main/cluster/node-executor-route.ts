import type { IncomingMessage, ServerResponse } from 'node:http'
import { describeError, isCallerError } from '../../shared/errors'
import { epochMs, id } from '../../shared/schema/primitives'
import { parseInput } from '../../shared/schema/parse-input'
import { z } from '../../shared/schema/z'
import type { PeerExecutorApi } from './peer-executor'
import type { ExecutorReply } from '../executor/executor-api'
import type { Logger } from '../kernel/logger'
import { BodyTooLargeError, readRequestBody } from '../net/request-body'
import { headerValue } from '../net/wire/auth'
import { parseJsonText } from '../net/wire/bodies'
import { FAIL_CODE } from '../net/wire/envelope'

/** Where a node's admin server carries its embedded executor for the other nodes of the cluster. */
export const NODE_EXECUTOR_PATH = '/jobdesk-node'
/** The header a node's call carries the cluster secret in. */
export const CLUSTER_SECRET_HEADER = 'x-jobdesk-cluster-secret'
/** Every body is a few numbers: a run is named by its id, never described. */
export const NODE_ROUTE_MAX_BODY_BYTES = 4096

/** The HTTP address another node calls to reach `nodeId`'s embedded executor. */
export function nodeExecutorUrl(adminUrl: string, nodeId: string): string {
  return `${adminUrl.replace(/\/+$/, '')}${NODE_EXECUTOR_PATH}/${nodeId}/`
}

const BODIES = {
  beat: z.strictObject({}),
  idleBeat: z.strictObject({ jobId: id }),
  run: z.strictObject({ logId: id }),
  kill: z.strictObject({ jobId: id }),
  log: z.strictObject({ logId: id, logDateTime: epochMs, fromLineNum: z.int().min(1) }),
} as const
type NodeCall = keyof typeof BODIES
const isNodeCall = (name: string): name is NodeCall => Object.hasOwn(BODIES, name)

export interface NodeExecutorRouteOptions {
  nodeId: string
  /** Whether the route exists now: in cluster mode only (a server database, or SQLite shared with another process). */
  active: () => boolean
  /** Whether a presented cluster secret is the cluster's (ClusterSecret.accepts). */
  accepts: (presented: string) => boolean
  executor: PeerExecutorApi
  /** Records a refused call (one audit row); `secretRefused` when the secret was missing or wrong. */
  refused: (source: string, call: string, reason: string, secretRefused: boolean) => Promise<void>
  logger: Logger
}

/**
 * Serves this node's embedded executor under /jobdesk-node/<nodeId>/<call> to the other nodes of
 * the cluster, and to nobody else: the route exists only in cluster mode, every call carries the
 * cluster secret (kept in the database the nodes share, never the executor token), and a trigger
 * names a run the calling core wrote — this node builds what runs from the database (PeerExecutor).
 */
export function nodeExecutorRoute(options: NodeExecutorRouteOptions): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  const prefix = `${NODE_EXECUTOR_PATH}/${options.nodeId}/`
  return async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    if (!path.startsWith(prefix) || !options.active()) return false
    const call = path.slice(prefix.length)
    const source = request.socket.remoteAddress ?? 'unknown'
    const { reply, unread } = await answer(options, request, call, source).catch((error: Error): Answer => {
      options.logger.error('node route request failed', { call: call.slice(0, 32), error: error.message })
      return { reply: { code: FAIL_CODE, msg: `node error: ${error.message.slice(0, 300)}` } }
    })
    const body = JSON.stringify({ code: reply.code, msg: reply.msg ?? null, data: reply.data ?? null })
    const headers: Record<string, string | number> = { 'content-type': 'application/json;charset=UTF-8', 'content-length': Buffer.byteLength(body) }
    // A refusal before the body was read leaves it on the wire: this connection carries nothing more.
    if (unread) headers.connection = 'close'
    response.writeHead(200, headers)
    response.end(body)
    if (unread) response.once('finish', () => request.socket.destroySoon())
    return true
  }
}

interface Answer {
  reply: ExecutorReply
  /** The request body was left unread. */
  unread?: boolean
}

async function answer(options: NodeExecutorRouteOptions, request: IncomingMessage, call: string, source: string): Promise<Answer> {
  const refuse = async (reason: string, secretRefused: boolean, unread = true): Promise<Answer> => {
    await options.refused(source, call.slice(0, 32), reason, secretRefused)
    return { reply: { code: FAIL_CODE, msg: reason }, unread }
  }
  if (request.method !== 'POST') return refuse('the node route takes POST only', false)
  if (!options.accepts(headerValue(request.headers, CLUSTER_SECRET_HEADER) ?? '')) return refuse('the cluster secret is missing or wrong', true)
  if (!isNodeCall(call)) return refuse(`no such call on the node route: '${call.slice(0, 32)}'`, false)
  let body: unknown
  try {
    body = parseInput(BODIES[call], parseJsonText(await readRequestBody(request, NODE_ROUTE_MAX_BODY_BYTES)), 'body')
  } catch (error) {
    if (error instanceof BodyTooLargeError) return refuse(error.message, false)
    // The body was read (and found wrong): the connection may carry the next request.
    if (isCallerError(error)) return refuse(describeError(error), false, false)
    throw error
  }
  return { reply: await callPeer(options.executor, call, body) }
}

function callPeer(executor: PeerExecutorApi, call: NodeCall, body: unknown): Promise<ExecutorReply> {
  switch (call) {
    case 'beat':
      return executor.beat()
    case 'idleBeat':
      return executor.idleBeat((body as { jobId: number }).jobId)
    case 'run':
      return executor.run((body as { logId: number }).logId)
    case 'kill':
      return executor.kill((body as { jobId: number }).jobId)
    case 'log':
      return executor.log(body as { logId: number; logDateTime: number; fromLineNum: number })
  }
}
