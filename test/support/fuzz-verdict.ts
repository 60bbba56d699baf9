import { clip } from './fuzz-run'
import { envelopeOf, type RawAnswer } from './raw-http'
import { REFUSAL_MSG_MAX_CHARS } from './trust-contract'

/**
 * Judges one answer of the wire API, the OpenAPI or the agent against what issue 9 asks of a
 * refusal, and says whether the request was accepted (it may have written) or refused (it must not
 * have). Anything else throws: no answer at all, an HTTP 5xx, an envelope without a readable
 * message, or a message that echoes a whole bad value.
 */
export type Outcome = 'accepted' | 'refused'

/** HTTP statuses that are a refusal of the request itself (bad request line, URL, headers, size). */
const REFUSING_STATUSES = new Set([400, 404, 405, 413, 414, 431])
/** Envelope codes of a refusal: XXL-JOB's failure, and its "too many requests". */
const REFUSING_CODES = new Set([500, 502])

export function judgeAnswer(answer: RawAnswer, method: string): Outcome {
  if (answer.kind !== 'response') {
    const detail = answer.kind === 'error' ? answer.message : clip(answer.received.toString('latin1'), 300)
    throw new Error(`no HTTP answer (${answer.kind}): ${detail}`)
  }
  const envelope = envelopeOf(answer)
  if (answer.status === 200 && envelope) {
    if (envelope.code === 200) return 'accepted'
    if (!REFUSING_CODES.has(envelope.code as number)) throw new Error(`envelope code ${String(envelope.code)} is neither success nor a refusal`)
    checkRefusalMessage(envelope.msg)
    return 'refused'
  }
  // The console's own pages answer GET/HEAD outside /api/; a page read writes nothing either.
  if (answer.status === 200 && (method === 'GET' || method === 'HEAD')) return 'refused'
  if (REFUSING_STATUSES.has(answer.status)) return 'refused'
  throw new Error(`HTTP ${answer.status}: ${clip(answer.body.toString('utf8'), 300)}`)
}

/** A refusal names what is wrong, briefly: never empty, never the whole bad value. */
export function checkRefusalMessage(msg: unknown): void {
  if (typeof msg !== 'string' || msg.trim() === '') throw new Error(`a refusal without a message: ${JSON.stringify(msg)}`)
  if (msg.length > REFUSAL_MSG_MAX_CHARS) {
    throw new Error(`a refusal message of ${msg.length} characters (at most ${REFUSAL_MSG_MAX_CHARS}): ${clip(msg, 300)}`)
  }
}
