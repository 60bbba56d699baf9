import { hash, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import type { ProtocolGeneration } from '../../../shared/model'

/** Header names as XXL-JOB spells them; Node hands them to us lower-cased. */
export const ACCESS_TOKEN_HEADER = 'XXL-JOB-ACCESS-TOKEN'
export const APP_NAME_HEADER = 'XXL-JOB-APPNAME'

/** Exact failure texts (docs/protocol.md#executor-authentication, #admin-authentication). */
export const AUTH_MESSAGES = {
  tokenWrong: 'The access token is wrong.',
  appAuthEmpty: 'invalid request, accessToken or appname is empty.',
  appAuthInvalid: 'invalid request, accessToken or appname invalid.',
} as const

/**
 * Secrets are compared as SHA-256 digests: equal-length buffers for timingSafeEqual, so neither the
 * bytes nor the length of the configured secret leak through timing. The configured side's digest is
 * computed once (the same few secrets are compared on every request).
 */
const digests = new Map<string, Buffer>()

function digestOf(secret: string): Buffer {
  return hash('sha256', secret, 'buffer') as Buffer
}

function configuredDigest(secret: string): Buffer {
  let digest = digests.get(secret)
  if (!digest) {
    if (digests.size > 64) digests.clear()
    digests.set(secret, (digest = digestOf(secret)))
  }
  return digest
}

/** Constant-time string equality; `expected` is the configured secret, `sent` what the peer sent. */
export function secretsEqual(sent: string, expected: string): boolean {
  return timingSafeEqual(digestOf(sent), configuredDigest(expected))
}

export interface WireCredentials {
  accessToken: string
  appName: string
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

/**
 * G1/G2 rule: only `XXL-JOB-ACCESS-TOKEN` is read, and only when a token is configured; a missing
 * header then counts as a mismatch. Returns the failure text, or null when the request may pass.
 */
export function checkTokenAuth(headers: IncomingHttpHeaders, accessToken: string): string | null {
  if (accessToken === '') return null
  const sent = headerValue(headers, ACCESS_TOKEN_HEADER) ?? ''
  return secretsEqual(sent, accessToken) ? null : AUTH_MESSAGES.tokenWrong
}

/** G3 rule: token and app name both present and non-blank, and both equal to ours. */
export function checkAppAuth(headers: IncomingHttpHeaders, expected: WireCredentials): string | null {
  const token = headerValue(headers, ACCESS_TOKEN_HEADER) ?? ''
  const appName = headerValue(headers, APP_NAME_HEADER) ?? ''
  if (token.trim() === '' || appName.trim() === '') return AUTH_MESSAGES.appAuthEmpty
  // Evaluate both comparisons so the reply time does not tell which one failed.
  const tokenOk = secretsEqual(token, expected.accessToken)
  const appOk = secretsEqual(appName, expected.appName)
  return tokenOk && appOk ? null : AUTH_MESSAGES.appAuthInvalid
}

/**
 * The executor-side check for the admin generation we serve. With `auto` (admin generation unknown)
 * either header set passes: the token must match, and an app name header, when sent, must be ours —
 * answered with the G3 texts then (only a G3-style admin sends it), else with the G1/G2 text.
 */
export function checkExecutorAuth(headers: IncomingHttpHeaders, expected: WireCredentials, generation: ProtocolGeneration | 'auto'): string | null {
  if (generation === 'g3') return checkAppAuth(headers, expected)
  if (generation === 'g1' || generation === 'g2') return checkTokenAuth(headers, expected.accessToken)
  if (headerValue(headers, APP_NAME_HEADER) !== undefined) return checkAppAuth(headers, expected)
  return checkTokenAuth(headers, expected.accessToken)
}
