import type { AuditVia, PrincipalKind, Role, SessionInfo } from './auth'

/**
 * Who makes a call, as every surface hands it to the core: the desktop app (a built-in local
 * admin), the console token (admin, until the first user has a password), a signed-in user, or an
 * OpenAPI token. Checked for every API method by ./guarded-api.ts.
 */
export interface Principal {
  kind: PrincipalKind
  /** The actor the audit trail names. */
  name: string
  userId: number | null
  role: Role
  /** The executor groups granted; null: every group (admins only). */
  groupIds: readonly number[] | null
  /** The remote address, or 'desktop'. */
  source: string
  mustChangePassword: boolean
  /** The session behind it (SHA-256 of the cookie), for sign-out. */
  sessionHash?: string
  /** 'mcp': an agent calls through its owner's MCP token; the audit trail says so on every row. */
  via?: AuditVia
}

export const DESKTOP_PRINCIPAL: Principal = {
  kind: 'desktop',
  name: 'desktop',
  userId: null,
  role: 'admin',
  groupIds: null,
  source: 'desktop',
  mustChangePassword: false,
}

export function consoleTokenPrincipal(source: string): Principal {
  return { kind: 'console-token', name: 'console token', userId: null, role: 'admin', groupIds: null, source, mustChangePassword: false }
}

/** An admin has every group whatever the stored list says. */
export function grantedGroups(role: Role, groupIds: readonly number[]): readonly number[] | null {
  return role === 'admin' ? null : groupIds
}

export function sessionInfoOf(principal: Principal): SessionInfo {
  return {
    kind: principal.kind,
    name: principal.name,
    userId: principal.userId,
    role: principal.role,
    groupIds: principal.groupIds === null ? null : [...principal.groupIds],
    mustChangePassword: principal.mustChangePassword,
  }
}

/** Whether the principal sees group `groupId` (its jobs, runs, executors, logs). */
export function seesGroup(principal: Principal, groupId: number): boolean {
  return principal.groupIds === null || principal.groupIds.includes(groupId)
}

/**
 * Whether a person stands behind the call: a signed-in user, the desktop app, the console token
 * (until the first user has a password), or a personal token (its owner's). The tokens of
 * automation — a group's own token, the executor token, the API token — act for no one.
 */
export function actsForAPerson(principal: Principal): boolean {
  return principal.kind === 'user' || principal.kind === 'desktop' || principal.kind === 'console-token' || principal.kind === 'personal-token'
}

/** Whether it may change things in group `groupId` (operators and admins). */
export function operatesGroup(principal: Principal, groupId: number): boolean {
  return principal.role !== 'viewer' && seesGroup(principal, groupId)
}
