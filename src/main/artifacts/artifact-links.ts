import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Repos } from '../store/store'

/** How long a one-time link may wait for its fetch: a node's run fetches its inputs as it starts. */
export const ARTIFACT_LINK_TTL_MS = 15 * 60_000

/** The flow node run a link is for: the referring node's current attempt. */
export interface LinkHolder {
  flowRunId: number
  key: string
  attempt: number
}

interface LinkClaims {
  runId: number
  name: string
  holder: LinkHolder
  expiresAtMs: number
  nonce: string
}

export type Redeemed = { ok: true; runId: number; name: string } | { ok: false; reason: string }

/**
 * `${nodes.<key>.artifacts.<name>}` in a flow node's parameter becomes a URL on JobDesk:
 * `<node URL>/api/artifact-links/<token>`, the token an HMAC-SHA256 (under a key kept in the
 * settings table, so every node of a cluster checks it) over the artifact's run and name, the
 * referring node's flow run, key and attempt, an expiry and a nonce. It is good once (its id is
 * claimed in `job_artifact_fetch`), until it expires, and only while the node run it was made for
 * is running: the token is the fetcher's credential, so it is bound to the one run that got it.
 */
export class ArtifactLinks {
  constructor(
    private readonly deps: {
      key: Buffer
      repos: Pick<Repos, 'artifacts' | 'flowRuns'>
      baseUrl: () => string
      nowMs: () => number
    },
  ) {}

  /** The URL the holder's run gets for artifact `name` of run `runId`. */
  urlFor(runId: number, name: string, holder: LinkHolder): string {
    const claims: LinkClaims = { runId, name, holder, expiresAtMs: this.deps.nowMs() + ARTIFACT_LINK_TTL_MS, nonce: randomBytes(9).toString('base64url') }
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
    return `${this.deps.baseUrl().replace(/\/+$/, '')}/api/artifact-links/${body}.${this.sign(body)}`
  }

  /** Checks a token and uses it up; a refusal says why (for the fetcher, who holds the token anyway). */
  async redeem(token: string, nowMs: number): Promise<Redeemed> {
    const [body, signature, extra] = token.split('.')
    if (!body || !signature || extra !== undefined || !this.signedBy(body, signature)) return { ok: false, reason: 'not a link of this server' }
    let claims: LinkClaims
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkClaims
    } catch {
      return { ok: false, reason: 'not a link of this server' }
    }
    if (nowMs >= claims.expiresAtMs) return { ok: false, reason: 'the link has expired' }
    const { flowRunId, key, attempt } = claims.holder
    const holder = (await this.deps.repos.flowRuns.nodes(flowRunId)).find((node) => node.key === key)
    if (!holder || holder.attempt !== attempt || holder.state !== 'running')
      return { ok: false, reason: `the link was for node ${key} of flow run ${flowRunId}, which is not running` }
    const tokenId = createHash('sha256').update(token).digest('hex')
    if (!(await this.deps.repos.artifacts.claimFetch(tokenId, claims.expiresAtMs, nowMs)))
      return { ok: false, reason: 'the link has been used: it is good for one fetch' }
    return { ok: true, runId: claims.runId, name: claims.name }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.deps.key).update(body).digest('base64url')
  }

  private signedBy(body: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(body))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given)
  }
}

/** The settings row holding the links' key (made at the first start, then shared by every node). */
export const ARTIFACT_LINK_KEY_SETTING = 'artifactLinkKey'
