import type { ProtocolGeneration } from '../../../shared/model'
import type { ExecutorReply } from '../../executor/executor-api'

/**
 * The `{code,msg,…}` reply envelope of each protocol generation (docs/protocol.md#generations, #envelope):
 * - G1 (`ReturnT`): `{code, msg?, content?}`; a success carries no msg unless it has something to say
 *   (e.g. `{"code":200,"msg":"job thread already killed."}`).
 * - G2/G3 (`Response`): `{code, msg:"Success", data?}`; that same text travels in `data`.
 * - "both": readable by every generation — success msg is the text or "Success", and the payload is
 *   carried in `data` and `content` alike.
 * Null fields are omitted, as Gson does. Failures look the same everywhere: `{code:500,msg:"…"}`.
 */
export type EnvelopeStyle = ProtocolGeneration | 'both'

export interface WireEnvelope {
  code: number
  msg?: string
  content?: unknown
  data?: unknown
}

export const SUCCESS_CODE = 200
export const FAIL_CODE = 500
/** The G2/G3 success message. */
export const SUCCESS_MSG = 'Success'

/** The payload of a reply in any generation: G2/G3 `data`, else G1 `content`. */
export function payloadOf(reply: { data?: unknown; content?: unknown }): unknown {
  return reply.data ?? reply.content ?? null
}

/** Builds the wire envelope of `reply` in the given generation's style. */
export function toEnvelope(reply: ExecutorReply, style: EnvelopeStyle): WireEnvelope {
  const data = reply.data ?? null
  const msg = reply.msg ?? null
  if (reply.code !== SUCCESS_CODE) return withPayload({ code: reply.code, ...(msg !== null && { msg }) }, data, style)
  // A success "text" is a message that says more than "Success": G1 puts it in msg, G2/G3 in data.
  const text = msg !== null && msg !== '' && msg !== SUCCESS_MSG ? msg : typeof data === 'string' ? data : null
  const payload = data ?? text
  switch (style) {
    case 'g1':
      return { code: SUCCESS_CODE, ...(text !== null && { msg: text }), ...(payload !== null && payload !== text && { content: payload }) }
    case 'g2':
    case 'g3':
      return withPayload({ code: SUCCESS_CODE, msg: SUCCESS_MSG }, payload, style)
    case 'both':
      return withPayload({ code: SUCCESS_CODE, msg: text ?? SUCCESS_MSG }, payload, style)
  }
}

function withPayload(envelope: WireEnvelope, payload: unknown, style: EnvelopeStyle): WireEnvelope {
  if (payload === null) return envelope
  if (style === 'g1') return { ...envelope, content: payload }
  if (style === 'both') return { ...envelope, data: payload, content: payload }
  return { ...envelope, data: payload }
}

/** The JSON text of `reply` in the given style. */
export function encodeReply(reply: ExecutorReply, style: EnvelopeStyle): string {
  return JSON.stringify(toEnvelope(reply, style))
}

/** A reply in any generation's envelope as an ExecutorReply (`data` = `data ?? content`); null when `json` is none. */
export function readEnvelope(json: unknown): ExecutorReply | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null
  const raw = json as Record<string, unknown>
  if (typeof raw.code !== 'number' || !Number.isInteger(raw.code)) return null
  const msg = raw.msg === undefined || raw.msg === null ? null : typeof raw.msg === 'string' ? raw.msg : JSON.stringify(raw.msg)
  return { code: raw.code, msg, data: payloadOf(raw) }
}
