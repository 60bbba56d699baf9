import { randomBytes } from 'node:crypto'
import { roleAtLeast, ROLES, type ApiTokenInput, type ApiTokenView, type CreatedApiToken, type McpMode, type Role, type TokenScope } from '../../shared/auth'
import { invalidField, notFound, notPermitted } from '../../shared/messages/coded-errors'
import type { Clock } from '../kernel/clock'
import type { ApiTokenRepo, StoredApiToken } from '../store/api-token-repo'
import type { StoredUser } from '../store/user-repo'
import { grantedGroups, type Principal } from '../../shared/principal'
import { secretHash } from './user-service'

import { PERSONAL_TOKEN_PREFIX } from './token-prefix'

const LAST_USED_EVERY_MS = 60_000

function lower(a: Role, b: Role): Role {
  return ROLES[Math.min(ROLES.indexOf(a), ROLES.indexOf(b))]
}

function view({ userId: _user, ...token }: StoredApiToken): ApiTokenView {
  return token
}

/**
 * Why `creator` may not make the token `input` asks for, or null: only a person makes one (not a
 * token), with a role and groups no wider than the creator's own. The rule of `createApiToken`
 * refuses with it (audited); the service checks it again for any other way in.
 */
export function tokenAboveCreator(creator: Principal, input: ApiTokenInput): (Error & { code: string }) | null {
  if (creator.kind !== 'user' && creator.kind !== 'desktop' && creator.kind !== 'console-token') return notPermitted('token.needsUser')
  if (!roleAtLeast(creator.role, input.role)) return invalidField('role', 'token.roleAboveOwner', { role: creator.role })
  const groupIds = input.role === 'admin' ? [] : input.groupIds
  const outside = creator.groupIds === null ? undefined : groupIds.find((id) => !creator.groupIds!.includes(id))
  return outside === undefined ? null : invalidField('groupIds', 'token.groupNotOwned', { groupId: outside })
}

/** What an MCP token acts as at `/mcp`: its principal (audited `via: 'mcp'`) and its mode. */
export interface McpCaller {
  principal: Principal
  mode: McpMode
}

/**
 * Personal API tokens for the OpenAPI or for `/mcp` (its scope: each is accepted at its own door
 * only, so a token given to an agent never reaches the OpenAPI, the artifacts or the metrics): a name, a role and groups no wider than the creator's, an
 * expiry; the secret is shown once and only its SHA-256 is kept. At every use the token acts with
 * the lower of its own rights and its owner's current ones, so demoting or disabling a user
 * narrows or stops their tokens at once.
 */
export class ApiTokenService {
  constructor(
    private readonly tokens: ApiTokenRepo,
    private readonly currentUser: (id: number) => Promise<StoredUser | null>,
    private readonly clock: Clock,
  ) {}

  async create(creator: Principal, input: ApiTokenInput): Promise<CreatedApiToken> {
    const aboveRights = tokenAboveCreator(creator, input)
    if (aboveRights) throw aboveRights
    const nowMs = this.clock.nowMs()
    if (input.expiresAtMs !== 0 && input.expiresAtMs <= nowMs) throw invalidField('expiresAtMs', 'token.expiryPast')
    const groupIds = input.role === 'admin' ? [] : input.groupIds
    const token = `${PERSONAL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
    const id = await this.tokens.insert(
      {
        tokenHash: secretHash(token),
        name: input.name,
        userId: creator.userId ?? 0,
        owner: creator.name,
        role: input.role,
        groupIds,
        expiresAtMs: input.expiresAtMs,
        scope: input.scope ?? 'openapi',
        mode: input.scope === 'mcp' ? (input.mode ?? 'read') : null,
      },
      nowMs,
    )
    return { token, info: view((await this.tokens.get(id))!) }
  }

  /** One's own tokens; an admin sees every token. */
  async list(viewer: Principal): Promise<ApiTokenView[]> {
    const all = viewer.role === 'admin' ? await this.tokens.list() : viewer.userId === null ? [] : await this.tokens.list(viewer.userId)
    return all.map(view)
  }

  async get(id: number): Promise<StoredApiToken> {
    const token = await this.tokens.get(id)
    if (!token) throw notFound('token.notFound', { id })
    return token
  }

  /** An admin revokes any token; others only their own (another's reads as not found). */
  async revoke(actor: Principal, id: number): Promise<ApiTokenView> {
    const token = await this.tokens.get(id)
    if (!token || (actor.role !== 'admin' && token.userId !== actor.userId)) throw notFound('token.notFound', { id })
    await this.tokens.revoke(id, this.clock.nowMs())
    return view((await this.tokens.get(id))!)
  }

  /**
   * The principal a presented OpenAPI token acts as, or null: unknown, revoked, suspended, expired,
   * owner gone or disabled — or an MCP token, which is good at `/mcp` only.
   */
  async authenticate(secret: string, source: string): Promise<Principal | null> {
    return (await this.resolve(secret, source, 'openapi'))?.principal ?? null
  }

  /**
   * What a presented MCP token acts as at `/mcp`, or null (as `authenticate`, and an OpenAPI token).
   * A read token acts as a viewer at most, so the core's own rules refuse a change whatever asks for it.
   */
  async authenticateMcp(secret: string, source: string): Promise<McpCaller | null> {
    const found = await this.resolve(secret, source, 'mcp')
    if (!found) return null
    const mode = found.token.mode ?? 'read'
    const role = mode === 'read' ? lower(found.principal.role, 'viewer') : found.principal.role
    return { principal: { ...found.principal, role, via: 'mcp' }, mode }
  }

  private async resolve(secret: string, source: string, scope: TokenScope): Promise<{ token: StoredApiToken; principal: Principal } | null> {
    if (!secret.startsWith(PERSONAL_TOKEN_PREFIX) || secret.length > 200) return null
    const token = await this.tokens.findByHash(secretHash(secret))
    const nowMs = this.clock.nowMs()
    if (!token || token.scope !== scope) return null
    if (token.revokedAtMs !== 0 || token.suspendedAtMs !== 0 || (token.expiresAtMs !== 0 && nowMs >= token.expiresAtMs)) return null
    let role = token.role
    let groupIds: readonly number[] | null = grantedGroups(token.role, token.groupIds)
    if (token.userId !== 0) {
      const owner = await this.currentUser(token.userId)
      if (!owner) return null
      role = lower(token.role, owner.role)
      const ownerGroups = grantedGroups(owner.role, owner.groupIds)
      if (role !== 'admin') {
        const own = token.role === 'admin' ? (ownerGroups ?? []) : token.groupIds
        groupIds = ownerGroups === null ? own : own.filter((id) => ownerGroups.includes(id))
      } else groupIds = null
    }
    if (nowMs - token.lastUsedAtMs >= LAST_USED_EVERY_MS) await this.tokens.noteUsed(token.id, nowMs)
    const principal: Principal = {
      kind: 'personal-token',
      name: `${token.owner}/${token.name}`,
      userId: token.userId || null,
      role,
      groupIds,
      source,
      mustChangePassword: false,
    }
    return { token, principal }
  }
}
