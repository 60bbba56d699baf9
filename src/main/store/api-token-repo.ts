import type { ApiTokenView, McpMode, Role, TokenScope } from '../../shared/auth'
import type { Connection } from './sql/connection'
import { groupIdsFromText, groupIdsToText } from './group-id-list'

interface Row {
  id: number
  token_hash: string
  name: string
  user_id: number
  owner: string
  role: string
  group_ids: string
  created_at: number
  expires_at: number
  last_used_at: number
  revoked_at: number
  suspended_at: number
  scope: string
  mode: string
}

export interface StoredApiToken extends ApiTokenView {
  userId: number
}

export interface NewApiToken {
  tokenHash: string
  name: string
  userId: number
  owner: string
  role: Role
  groupIds: readonly number[]
  expiresAtMs: number
  scope: TokenScope
  /** An MCP token's mode; null for an OpenAPI token. */
  mode: McpMode | null
}

/** `job_api_token`: personal OpenAPI and MCP tokens, by the SHA-256 of their secret. */
export class ApiTokenRepo {
  constructor(private readonly db: Connection) {}

  async insert(token: NewApiToken, nowMs: number): Promise<number> {
    const id = await this.db.insert(
      'INSERT INTO job_api_token (token_hash, name, user_id, owner, role, group_ids, created_at, expires_at, last_used_at, revoked_at, scope, mode) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?)',
      [
        token.tokenHash,
        token.name,
        token.userId,
        token.owner,
        token.role,
        groupIdsToText(token.groupIds),
        nowMs,
        token.expiresAtMs,
        token.scope,
        token.mode ?? '',
      ],
    )
    return id!
  }

  async list(userId?: number): Promise<StoredApiToken[]> {
    const rows =
      userId === undefined
        ? await this.db.all<Row>('SELECT * FROM job_api_token ORDER BY id DESC')
        : await this.db.all<Row>('SELECT * FROM job_api_token WHERE user_id = ? ORDER BY id DESC', [userId])
    return rows.map(fromRow)
  }

  async get(id: number): Promise<StoredApiToken | undefined> {
    const row = await this.db.get<Row>('SELECT * FROM job_api_token WHERE id = ?', [id])
    return row && fromRow(row)
  }

  async findByHash(tokenHash: string): Promise<StoredApiToken | undefined> {
    const row = await this.db.get<Row>('SELECT * FROM job_api_token WHERE token_hash = ?', [tokenHash])
    return row && fromRow(row)
  }

  async revoke(id: number, nowMs: number): Promise<void> {
    await this.db.run('UPDATE job_api_token SET revoked_at = ? WHERE id = ? AND revoked_at = 0', [nowMs, id])
  }

  async revokeForUser(userId: number, nowMs: number): Promise<void> {
    await this.db.run('UPDATE job_api_token SET revoked_at = ? WHERE user_id = ? AND revoked_at = 0', [nowMs, userId])
  }

  /** Stops a user's tokens until `resumeForUser` (a directory user gone, or left without a role). */
  async suspendForUser(userId: number, nowMs: number): Promise<void> {
    await this.db.run('UPDATE job_api_token SET suspended_at = ? WHERE user_id = ? AND suspended_at = 0', [nowMs, userId])
  }

  /** Undoes `suspendForUser`; revoked and expired tokens stay what they are. */
  async resumeForUser(userId: number): Promise<void> {
    await this.db.run('UPDATE job_api_token SET suspended_at = 0 WHERE user_id = ? AND suspended_at <> 0', [userId])
  }

  async noteUsed(id: number, nowMs: number): Promise<void> {
    await this.db.run('UPDATE job_api_token SET last_used_at = ? WHERE id = ?', [nowMs, id])
  }
}

function fromRow(row: Row): StoredApiToken {
  return {
    id: Number(row.id),
    name: row.name,
    userId: Number(row.user_id),
    owner: row.owner,
    role: row.role as Role,
    groupIds: groupIdsFromText(row.group_ids),
    createdAtMs: Number(row.created_at),
    expiresAtMs: Number(row.expires_at),
    lastUsedAtMs: Number(row.last_used_at),
    revokedAtMs: Number(row.revoked_at),
    suspendedAtMs: Number(row.suspended_at),
    scope: row.scope === 'mcp' ? 'mcp' : 'openapi',
    mode: row.scope !== 'mcp' ? null : row.mode === 'operate' ? 'operate' : 'read',
  }
}
