import type { Dispatcher } from 'undici'
import type { Clock } from '../../kernel/clock'
import { loadUndici } from '../../kernel/lazy-undici'
import { SENDER_CLOSED, type AlarmChannelKind, type ChannelResult, type WebhookChannel } from './alarm-types'
import { WEBHOOK_DEFAULT_RETRIES, WEBHOOK_DEFAULT_TIMEOUT_MS } from './validate-alarm-settings'

/** First retry waits this long (ms), each further one twice as long, never more than the cap. */
export const WEBHOOK_BACKOFF_FIRST_MS = 500
export const WEBHOOK_BACKOFF_MAX_MS = 4_000
/** How much of an error response is quoted in the result (characters). */
const ERROR_BODY_QUOTE_CHARS = 200
/** Bytes of an error response read for that quote; the rest is discarded unread. */
const ERROR_BODY_READ_BYTES = 4_096

export interface WebhookPostDeps {
  /** The sender's connection pool, made on the first webhook rather than at start-up. */
  dispatcher: () => Promise<Dispatcher>
  clock: Clock
  /** Aborts every attempt and backoff when the sender closes. */
  closing: AbortSignal
}

interface Attempt {
  ok: boolean
  error?: string
  /** Worth trying again: network errors, timeouts, 5xx, 408 and 429. Other 4xx will not get better. */
  retryable: boolean
}

/** Wait before retry number `retry` (1-based), in ms. */
export function webhookBackoffMs(retry: number): number {
  return Math.min(WEBHOOK_BACKOFF_FIRST_MS * 2 ** (retry - 1), WEBHOOK_BACKOFF_MAX_MS)
}

/**
 * One receiver as the retry loop sees it: a webhook, or a chat robot whose request is signed anew
 * for each attempt and whose 2xx reply may still say it refused the message.
 */
export interface PostTarget {
  channel: AlarmChannelKind
  /** How results and logs name it (no credentials). */
  target: string
  timeoutMs: number
  retries: number
  headers?: Record<string, string>
  /** The URL and JSON body of each attempt (a signature holds the time of its attempt). */
  request: () => { url: string; body: string }
  /** Why a 2xx reply is a failure (a robot's errcode), or null when it is not. Absent: any 2xx is success. */
  checkReply?: (reply: string) => string | null
}

/**
 * POSTs `body` (JSON text) to the channel, retrying a failed attempt up to `retries` times with a
 * short backoff. 2xx is success; the result carries the last failure's reason. Never rejects.
 */
export async function postWebhook(channel: WebhookChannel, body: string, deps: WebhookPostDeps): Promise<ChannelResult> {
  return postWithRetries(
    {
      channel: 'webhook',
      target: describeWebhookTarget(channel.url),
      timeoutMs: channel.timeoutMs ?? WEBHOOK_DEFAULT_TIMEOUT_MS,
      retries: channel.retries ?? WEBHOOK_DEFAULT_RETRIES,
      headers: channel.headers,
      request: () => ({ url: channel.url, body }),
    },
    deps,
  )
}

/** The retry loop of every HTTP channel: backoff between attempts, stopped by the sender's close. Never rejects. */
export async function postWithRetries(to: PostTarget, deps: WebhookPostDeps): Promise<ChannelResult> {
  const { channel, target } = to
  let attempts = 0
  let error = ''
  for (let retry = 0; retry <= to.retries; retry++) {
    if (retry > 0) await deps.clock.sleep(webhookBackoffMs(retry), deps.closing)
    if (deps.closing.aborted) {
      error = attempts === 0 ? SENDER_CLOSED : `${error}; then ${SENDER_CLOSED}`
      break
    }
    attempts++
    const attempt = await postOnce(to, deps)
    if (attempt.ok) return { channel, target, ok: true, attempts }
    error = attempt.error ?? 'failed'
    if (!attempt.retryable) break
  }
  return { channel, target, ok: false, error, attempts }
}

async function postOnce(to: PostTarget, deps: WebhookPostDeps): Promise<Attempt> {
  const { timeoutMs } = to
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), timeoutMs)
  const signal = AbortSignal.any([timeout.signal, deps.closing])
  try {
    const { request } = await loadUndici()
    const { url, body } = to.request()
    const response = await request(url, {
      method: 'POST',
      headers: { ...to.headers, 'content-type': 'application/json' },
      body,
      signal,
      dispatcher: await deps.dispatcher(),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    })
    const status = response.statusCode
    if (status >= 200 && status < 300) {
      if (!to.checkReply) {
        await response.body.dump()
        return { ok: true, retryable: false }
      }
      // A robot that refused the message says so in a 200's body; trying again will not change its mind.
      const refused = to.checkReply(await readText(response.body))
      return refused === null ? { ok: true, retryable: false } : { ok: false, error: refused, retryable: false }
    }
    const quote = oneLineQuote(await readText(response.body))
    return {
      ok: false,
      error: `HTTP ${status}${quote ? `: ${quote}` : ''}`,
      retryable: status >= 500 || status === 408 || status === 429,
    }
  } catch (error) {
    if (deps.closing.aborted) return { ok: false, error: SENDER_CLOSED, retryable: false }
    if (timeout.signal.aborted) return { ok: false, error: `no response within ${timeoutMs} ms`, retryable: true }
    return { ok: false, error: describeError(error), retryable: true }
  } finally {
    clearTimeout(timer)
  }
}

/** The start of a reply's body (ERROR_BODY_READ_BYTES at most); the rest is left unread. */
async function readText(body: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of body) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
      chunks.push(bytes)
      size += bytes.length
      if (size >= ERROR_BODY_READ_BYTES) break
    }
  } catch {
    // A body cut off by the peer or the timeout still tells something in what arrived.
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** A reply's start as one line of text, capped for a result. */
function oneLineQuote(reply: string): string {
  const text = reply.replace(/\s+/g, ' ').trim()
  return text.length > ERROR_BODY_QUOTE_CHARS ? `${text.slice(0, ERROR_BODY_QUOTE_CHARS)}…` : text
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const code = (error as { code?: unknown }).code
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  const prefix = typeof code === 'string' && !error.message.includes(code) ? `${code} ` : ''
  return `${prefix}${error.message}${cause}`
}

/**
 * A webhook URL as shown in results and logs: no user info, no query values (chat webhooks often
 * carry their token there). Path tokens (e.g. Slack's) remain; results are shown only to operators.
 */
export function describeWebhookTarget(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.origin}${parsed.pathname}${parsed.search ? '?…' : ''}`
  } catch {
    return '(invalid URL)'
  }
}
