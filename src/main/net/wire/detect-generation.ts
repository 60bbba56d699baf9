import type { IncomingHttpHeaders } from 'node:http'
import { PROTOCOL_GENERATIONS, type ProtocolGeneration } from '../../../shared/model'
import { APP_NAME_HEADER, AUTH_MESSAGES, headerValue } from './auth'
import { SUCCESS_CODE, SUCCESS_MSG } from './envelope'

/**
 * Telling the three generations apart from what a peer answered (docs/protocol.md#detecting-a-generation):
 * - only G3 emits "accessToken or appname …" and rejects a request without `XXL-JOB-APPNAME`;
 * - a G3 executor answers `/run` with "uri-mapping(/run) not found.", G1/G2 answer `/trigger` so;
 * - a G1 success carries no "Success" msg and no `data`, a G2/G3 success has msg "Success" (+ `data`).
 * Evidence from auth texts, paths and headers is decisive; envelope shape is weaker (third-party
 * executors mix styles), so it only narrows while it does not contradict what is already known.
 */
export interface ObservedReply {
  /** The request path, e.g. `/run`, `/job/trigger`, `/beat`. */
  path: string
  /** Whether the request carried `XXL-JOB-APPNAME`. */
  appNameSent: boolean
  /** The reply body as parsed JSON. */
  body: unknown
}

type Candidates = ReadonlySet<ProtocolGeneration>

const ALL: Candidates = new Set(PROTOCOL_GENERATIONS)
const G3_ONLY: Candidates = new Set(['g3'])
const BEFORE_G3: Candidates = new Set(['g1', 'g2'])
const RESPONSE_STYLE: Candidates = new Set(['g2', 'g3'])
const RETURN_T_STYLE: Candidates = new Set(['g1'])

const URI_NOT_FOUND = /uri-mapping\((.*)\) not found/

interface Evidence {
  strong: Candidates
  weak: Candidates
}

/** What one reply says about the peer's generation. */
export function readEvidence(reply: ObservedReply): Evidence {
  const body = typeof reply.body === 'object' && reply.body !== null ? (reply.body as Record<string, unknown>) : {}
  const msg = typeof body.msg === 'string' ? body.msg : null
  if (msg !== null && (msg === AUTH_MESSAGES.appAuthEmpty || msg === AUTH_MESSAGES.appAuthInvalid || msg.includes('accessToken or appname'))) {
    return { strong: G3_ONLY, weak: ALL }
  }
  if (msg === AUTH_MESSAGES.tokenWrong) return { strong: BEFORE_G3, weak: ALL }
  const missing = msg === null ? null : URI_NOT_FOUND.exec(msg)
  if (missing) {
    if (missing[1].endsWith('/run')) return { strong: G3_ONLY, weak: ALL }
    if (missing[1].endsWith('/trigger')) return { strong: BEFORE_G3, weak: ALL }
    return { strong: ALL, weak: ALL }
  }
  if (body.code !== SUCCESS_CODE) return { strong: ALL, weak: ALL }
  let strong = ALL
  if (reply.path.endsWith('/trigger')) strong = intersect(strong, G3_ONLY)
  if (reply.path.endsWith('/run')) strong = intersect(strong, BEFORE_G3)
  if (!reply.appNameSent) strong = intersect(strong, BEFORE_G3)
  return { strong, weak: shapeCandidates(body, msg) }
}

/** Envelope shape of a success; a reply carrying both `data` and `content` (our own "both" style) says nothing. */
function shapeCandidates(body: Record<string, unknown>, msg: string | null): Candidates {
  const hasData = 'data' in body
  const hasContent = 'content' in body
  if (hasData && hasContent) return ALL
  if (hasData || msg === SUCCESS_MSG) return RESPONSE_STYLE
  return RETURN_T_STYLE
}

/** The peer's generation when the replies pin it down to one, else null. */
export function detectGeneration(...replies: ObservedReply[]): ProtocolGeneration | null {
  const evidence = replies.map(readEvidence)
  let known = ALL
  for (const item of evidence) known = intersect(known, item.strong)
  if (known.size === 0) return null
  for (const item of evidence) {
    const narrowed = intersect(known, item.weak)
    if (narrowed.size > 0) known = narrowed
  }
  return known.size === 1 ? [...known][0] : null
}

function intersect(a: Candidates, b: Candidates): Candidates {
  return new Set([...a].filter((generation) => b.has(generation)))
}

/**
 * What a registry request says about the executor (docs/protocol.md#captured-exchanges): only G3 executors send
 * `XXL-JOB-APPNAME`; xxl-job-core's remoting client sends `Accept-Charset:
 * application/json;charset=UTF-8` in the ReturnT line (2.x, captured from 2.4.2: G1) and
 * `Accept-Charset: UTF-8` from the Response line on (captured from 3.4.2: G2). Anything else —
 * third-party executors, other clients — cannot be told from the request: null.
 */
export function generationOfRegistration(headers: IncomingHttpHeaders): ProtocolGeneration | null {
  if (headerValue(headers, APP_NAME_HEADER) !== undefined) return 'g3'
  const charset = headerValue(headers, 'Accept-Charset')?.trim().toLowerCase()
  if (charset === 'application/json;charset=utf-8') return 'g1'
  if (charset === 'utf-8') return 'g2'
  return null
}
