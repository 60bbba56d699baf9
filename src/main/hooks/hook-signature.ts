import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { HOOK_HEADERS } from '../../shared/hook-types'

/**
 * How a request to a trigger URL proves it knows the hook's secret. JobDesk's own scheme is
 * Stripe's and Slack's: an HMAC-SHA256 of `<timestamp>.<raw body>`, so a request is good for
 * 5 minutes around its timestamp and, within them, once. The Git providers sign no timestamp:
 * GitHub and Gitea send an HMAC of the raw body, GitLab the secret itself. Whatever the scheme, a
 * delivery is used once: its use is recorded under one key of its signed timestamp (none for the
 * Git providers) and its body, so a copy sent again under another provider's header is the same use.
 */
export type HookScheme = 'jobdesk' | 'github' | 'gitea' | 'gitlab'

/** How far a JobDesk timestamp may be from this server's clock, either way. */
export const HOOK_CLOCK_SKEW_MS = 5 * 60_000
/**
 * How long a Git provider's signature (or GitLab's delivery id) is remembered as used: they carry
 * no timestamp, so this is all the replay protection they get (docs/trigger-urls.md).
 */
export const GIT_DELIVERY_MEMORY_MS = 30 * 86_400_000

const GIT_HEADERS = {
  github: { signature: 'x-hub-signature-256', delivery: 'x-github-delivery' },
  gitea: { signature: 'x-gitea-signature', delivery: 'x-gitea-delivery' },
  gitlab: { token: 'x-gitlab-token', delivery: 'x-gitlab-event-uuid' },
} as const

export type SignatureProblem = 'unsigned' | 'badSignature' | 'stale'

export type Verification =
  | {
      ok: true
      scheme: HookScheme
      /** What marks this request as used (`job_hook_use.use_key`): `useKeyOf` its timestamp and body, the same under every scheme. */
      useKey: string
      /**
       * The keys versions before the shared key recorded this delivery under (scheme-named): rows of
       * them may stay in job_hook_use for up to GIT_DELIVERY_MEMORY_MS after an upgrade, and still refuse it.
       */
      earlierKeys: string[]
      /** Until when it must be remembered: after that it could not pass anyway (or, for the Git providers, no longer is). */
      expiresAtMs: number
      /** The provider's delivery id, for the audit trail ('' for JobDesk's scheme). */
      deliveryId: string
    }
  | { ok: false; problem: SignatureProblem }

/** Checks a request's signature against `secret`; the request is its headers and raw body. Time is an argument. */
export function verifyHookRequest(secret: string, headers: IncomingHttpHeaders, rawBody: string, nowMs: number): Verification {
  const jobdesk = header(headers, HOOK_HEADERS.signature)
  if (jobdesk !== undefined) return verifyJobDesk(secret, header(headers, HOOK_HEADERS.timestamp), jobdesk, rawBody, nowMs)
  const github = header(headers, GIT_HEADERS.github.signature)
  if (github !== undefined) return verifyBodyHmac('github', secret, github.startsWith('sha256=') ? github.slice(7) : '', rawBody, headers, nowMs)
  const gitea = header(headers, GIT_HEADERS.gitea.signature)
  if (gitea !== undefined) return verifyBodyHmac('gitea', secret, gitea, rawBody, headers, nowMs)
  const gitlab = header(headers, GIT_HEADERS.gitlab.token)
  if (gitlab !== undefined) return verifyGitLab(secret, gitlab, rawBody, headers, nowMs)
  return { ok: false, problem: 'unsigned' }
}

/** The `X-JobDesk-Signature` value for a body sent at `timestampSec` (what a sender computes; the tests and the docs' example use it). */
export function jobDeskSignature(secret: string, timestampSec: number | string, rawBody: string): string {
  return `sha256=${hmacHex(secret, `${timestampSec}.${rawBody}`)}`
}

function verifyJobDesk(secret: string, timestamp: string | undefined, signature: string, rawBody: string, nowMs: number): Verification {
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return { ok: false, problem: 'stale' }
  const sentAtMs = Number(timestamp) * 1000
  // Checked before the HMAC: a stale request costs no hashing, and says nothing more than "no".
  if (Math.abs(nowMs - sentAtMs) > HOOK_CLOCK_SKEW_MS) return { ok: false, problem: 'stale' }
  const presented = signature.startsWith('sha256=') ? signature.slice(7) : ''
  const expected = hmacHex(secret, `${timestamp}.${rawBody}`)
  if (!sameHex(presented, expected)) return { ok: false, problem: 'badSignature' }
  // Good until sentAt + skew; remembered a minute longer than it could pass.
  return {
    ok: true,
    scheme: 'jobdesk',
    useKey: useKeyOf(sentAtMs / 1000, rawBody),
    earlierKeys: [`jobdesk:${expected}`],
    expiresAtMs: Math.max(nowMs, sentAtMs) + HOOK_CLOCK_SKEW_MS + 60_000,
    deliveryId: '',
  }
}

/**
 * GitHub and Gitea: an HMAC of the body (the same HMAC: a GitHub delivery's signature is a good
 * Gitea one). The used key is the body's, not the delivery id: the id is not signed, so a copy of a
 * request with a new id — or under the other header — must still be refused.
 */
function verifyBodyHmac(
  scheme: 'github' | 'gitea',
  secret: string,
  presented: string,
  rawBody: string,
  headers: IncomingHttpHeaders,
  nowMs: number,
): Verification {
  const expected = hmacHex(secret, rawBody)
  if (!sameHex(presented, expected)) return { ok: false, problem: 'badSignature' }
  const deliveryId = (header(headers, GIT_HEADERS[scheme].delivery) ?? '').slice(0, 100)
  const earlierKeys = [`github:${expected}`, `gitea:${expected}`]
  return { ok: true, scheme, useKey: useKeyOf(null, rawBody), earlierKeys, expiresAtMs: nowMs + GIT_DELIVERY_MEMORY_MS, deliveryId }
}

/**
 * GitLab sends the secret itself: compared in constant time (as digests, so the length says
 * nothing). It signs nothing; its delivery is used once by its body as the other providers' are,
 * and the event's UUID it must carry is kept for the audit trail.
 */
function verifyGitLab(secret: string, token: string, rawBody: string, headers: IncomingHttpHeaders, nowMs: number): Verification {
  if (!timingSafeEqual(sha256(token), sha256(secret))) return { ok: false, problem: 'badSignature' }
  const deliveryId = (header(headers, GIT_HEADERS.gitlab.delivery) ?? '').slice(0, 100)
  if (deliveryId === '') return { ok: false, problem: 'badSignature' }
  const earlierKeys = [`gitlab:${sha256(deliveryId).toString('hex')}`]
  return { ok: true, scheme: 'gitlab', useKey: useKeyOf(null, rawBody), earlierKeys, expiresAtMs: nowMs + GIT_DELIVERY_MEMORY_MS, deliveryId }
}

/**
 * The one replay key of a delivery: a digest of its signed timestamp (seconds; null when the scheme
 * signs none) and its raw body, 73 characters. It names no scheme, so every scheme shares it.
 */
export function useKeyOf(timestampSec: number | null, rawBody: string): string {
  return `delivery:${createHash('sha256')
    .update(`${timestampSec ?? ''}.${rawBody}`, 'utf8')
    .digest('hex')}`
}

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex')
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}

/** Two hex HMACs compared in constant time (a wrong length is not a secret: every HMAC here has 64 digits). */
function sameHex(presented: string, expected: string): boolean {
  const given = Buffer.from(presented.toLowerCase(), 'utf8')
  const wanted = Buffer.from(expected, 'utf8')
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  const text = Array.isArray(value) ? value[0] : value
  return text === undefined ? undefined : text.trim()
}
