import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type * as OpenId from 'openid-client'
import type { Clock } from '../../kernel/clock'
import { isLoopbackHttp } from './directory-flags'
import type { OidcSettings } from './directory-settings'

/** A sign-in this server started: what the callback must match, kept here (never in the browser). */
interface PendingSignIn {
  verifier: string
  nonce: string
  /** The SHA-256 of the binding cookie given to the browser that started it. */
  bindingHash: string
  expiresAtMs: number
}

export const OIDC_PENDING_MS = 10 * 60_000
const MAX_PENDING = 10_000

export type OidcOutcome = { ok: true; issuer: string; claims: Record<string, unknown> } | { ok: false; reason: 'state' | 'failed'; detail: string }

/** openid-client, loaded by the first OIDC sign-in: ~13 ms of every start (B9) otherwise, for a setting few servers use. */
let openIdClient: Promise<typeof OpenId> | null = null
const loadOpenId = () => (openIdClient ??= import('openid-client'))

/**
 * The authorization code flow with PKCE, state and nonce (openid-client). `begin` makes the
 * provider's URL and a binding secret for an HttpOnly cookie; `finish` takes the callback's query
 * and that cookie, and resolves with the ID token's claims merged with the userinfo's. State,
 * nonce and code verifier stay in this process for OIDC_PENDING_MS and are used once; the cookie
 * ties the callback to the browser that began (another browser's callback URL signs nobody in).
 * The redirect URI is the server's own configured one, never taken from a request.
 */
export class OidcFlow {
  private config: Promise<OpenId.Configuration> | null = null
  private readonly pending = new Map<string, PendingSignIn>()

  constructor(
    private readonly settings: OidcSettings,
    private readonly redirectUrl: () => string,
    private readonly clock: Clock,
  ) {}

  async begin(): Promise<{ url: string; binding: string }> {
    const config = await this.configuration()
    const oidc = await loadOpenId()
    const verifier = oidc.randomPKCECodeVerifier()
    const state = oidc.randomState()
    const nonce = oidc.randomNonce()
    const binding = randomBytes(32).toString('base64url')
    this.sweep()
    this.pending.set(state, { verifier, nonce, bindingHash: sha256(binding), expiresAtMs: this.clock.nowMs() + OIDC_PENDING_MS })
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUrl(),
      scope: 'openid profile email',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    return { url: url.href, binding }
  }

  async finish(query: URLSearchParams, binding: string | null): Promise<OidcOutcome> {
    const state = query.get('state') ?? ''
    const started = this.pending.get(state)
    if (started) this.pending.delete(state)
    if (!started || started.expiresAtMs <= this.clock.nowMs() || binding === null || !sameHash(started.bindingHash, sha256(binding))) {
      return { ok: false, reason: 'state', detail: started ? 'expired or another browser' : 'unknown state' }
    }
    try {
      const config = await this.configuration()
      const oidc = await loadOpenId()
      const callback = new URL(this.redirectUrl())
      callback.search = query.toString()
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: started.verifier,
        expectedState: state,
        expectedNonce: started.nonce,
        idTokenExpected: true,
      })
      const idClaims = tokens.claims()!
      const userInfo = config.serverMetadata().userinfo_endpoint ? await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub) : {}
      return { ok: true, issuer: config.serverMetadata().issuer, claims: { ...userInfo, ...idClaims } }
    } catch (error) {
      return { ok: false, reason: 'failed', detail: (error as Error).message.slice(0, 300) }
    }
  }

  /** Discovery at first use (and again after a failure): the server starts whether the provider is up or not. */
  private configuration(): Promise<OpenId.Configuration> {
    if (this.config) return this.config
    const s = this.settings
    const issuer = new URL(s.issuer)
    this.config = loadOpenId().then((oidc) => {
      const auth = s.clientSecret === undefined ? oidc.None() : oidc.ClientSecretBasic(s.clientSecret)
      // Plain http only to a provider on this machine (directory-flags.ts refuses any other at start).
      const execute = isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : []
      return oidc.discovery(issuer, s.clientId, undefined, auth, { execute, timeout: 10 })
    })
    this.config.catch(() => (this.config = null))
    return this.config
  }

  private sweep(): void {
    const nowMs = this.clock.nowMs()
    for (const [state, p] of this.pending) if (p.expiresAtMs <= nowMs) this.pending.delete(state)
    // A flood of starts forgets the oldest rather than growing without end.
    while (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value!)
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
}
