/**
 * Users, roles, personal API tokens and the audit trail as the UI and the core share them
 * (docs/trust.md). Permissions are per executor group, as XXL-JOB grants them: an operator or viewer
 * sees and acts on the groups granted only; an admin on every group, users and settings.
 */

export const ROLES = ['viewer', 'operator', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** Whether `role` includes everything `other` may do (viewer < operator < admin). */
export function roleAtLeast(role: Role, other: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(other)
}

/** How a caller proved who it is. */
export type PrincipalKind = 'desktop' | 'console-token' | 'user' | 'api-token' | 'group-token' | 'personal-token' | 'executor-token'

/** Who the console is talking as (`whoAmI`). */
export interface SessionInfo {
  kind: PrincipalKind
  /** The user name, or what the credential is called ('desktop', 'console token'). */
  name: string
  userId: number | null
  role: Role
  /** The executor groups granted; null: every group (admins). */
  groupIds: number[] | null
  /** A one-time password must be replaced before anything else works. */
  mustChangePassword: boolean
}

/**
 * Where a user signs in: `local` with a password JobDesk keeps, or through the company's directory
 * (`ldap`, `oidc`: their role and groups come from the directory at each sign-in; no password here).
 */
export const USER_SOURCES = ['local', 'ldap', 'oidc'] as const
export type UserSource = (typeof USER_SOURCES)[number]

export interface UserView {
  id: number
  name: string
  source: UserSource
  role: Role
  /** Groups granted to an operator or viewer; [] for admins (they have every group). */
  groupIds: number[]
  disabled: boolean
  mustChangePassword: boolean
  addTimeMs: number
  updateTimeMs: number
}

export interface UserInput {
  /** No id: create (then `password` is required and must be changed at first sign-in). */
  id?: number
  name: string
  role: Role
  groupIds: number[]
  disabled?: boolean
  password?: string
}

export interface PasswordChange {
  currentPassword: string
  newPassword: string
}

/**
 * Where a personal token is accepted: the OpenAPI (every token made before MCP) or `/mcp` only
 * (docs/mcp.md). Neither is accepted at the other's door.
 */
export const TOKEN_SCOPES = ['openapi', 'mcp'] as const
export type TokenScope = (typeof TOKEN_SCOPES)[number]

/** What an MCP token's agent may do: read (the default), or also operate (trigger, kill, retry, decide). */
export const MCP_MODES = ['read', 'operate'] as const
export type McpMode = (typeof MCP_MODES)[number]

/** How an audited call came, where it says more than the actor: 'mcp' for an agent through an MCP token. */
export type AuditVia = '' | 'mcp'

export interface ApiTokenView {
  id: number
  name: string
  scope: TokenScope
  /** An MCP token's mode; null for an OpenAPI token. */
  mode: McpMode | null
  /** Who created it (the user name); the token acts with at most that user's current rights. */
  owner: string
  role: Role
  groupIds: number[]
  createdAtMs: number
  /** 0: never expires. */
  expiresAtMs: number
  lastUsedAtMs: number
  /** 0: not revoked. */
  revokedAtMs: number
  /**
   * 0: not suspended. A directory sign-in that found the owner gone (or without a role) stops the
   * token until the owner signs in again with a role; unlike a revocation this is undone.
   */
  suspendedAtMs: number
}

export interface ApiTokenInput {
  name: string
  role: Role
  groupIds: number[]
  /** 0: never. */
  expiresAtMs: number
  /** Default 'openapi'. */
  scope?: TokenScope
  /** An MCP token's mode (default 'read'); refused on an OpenAPI token. */
  mode?: McpMode
}

export interface CreatedApiToken {
  /** The secret, shown this once; only its SHA-256 is stored. */
  token: string
  info: ApiTokenView
}

/** Every audited action. A refused request is recorded under the action it attempted. */
export const AUDIT_ACTIONS = [
  'job.create',
  'job.update',
  'job.delete',
  'job.start',
  'job.stop',
  'job.trigger',
  'job.export',
  'jobs.import',
  'definitions.apply',
  /** Definition files written out of the server (`jobdesk export`): they carry every job's settings and scripts. */
  'definitions.export',
  'jobs.demoRemove',
  'run.kill',
  'run.rerun',
  'flow.create',
  'flow.update',
  'flow.delete',
  'flow.pause',
  'flow.resume',
  'flow.trigger',
  'flow.retry',
  'flow.kill',
  'flow.mark',
  'flow.approve',
  'flow.reject',
  'link.save',
  'link.delete',
  'glue.save',
  'group.save',
  'group.delete',
  'executor.probe',
  'settings.save',
  'settings.accessToken',
  'settings.apiToken',
  'settings.testChannel',
  'user.create',
  'user.update',
  'user.delete',
  'user.resetPassword',
  'user.changePassword',
  'token.create',
  'token.revoke',
  'auth.signIn',
  'auth.signOut',
  'auth.read',
  /** A request whose credential was refused: the executor API, the OpenAPI, the node route. */
  'auth.token',
  /** The console bridge refused to open (a wrong console token, another site's page, a session that ended). */
  'auth.console',
  'executor.register',
  'executor.remove',
  'executor.callback',
  /** A call of another node's core to this node's embedded executor. */
  'cluster.call',
  'cluster.rotateSecret',
  'hook.create',
  'hook.remove',
  /** A signed request to a trigger URL started a run (or failed to). */
  'hook.trigger',
  /** A request to a trigger URL was refused: unknown hook, bad signature, stale, replayed, over its budget, bad body. */
  'hook.refused',
  'calendar.add',
  'calendar.update',
  'calendar.remove',
  'calendar.import',
  'window.add',
  'window.update',
  'window.remove',
  /** Pause-all switched on; the reason is in the entry's params. */
  'maintenance.on',
  'maintenance.off',
  /** An alarm silence added (its target, until and reason in the params) or lifted. */
  'silence.add',
  'silence.remove',
  'backfill.start',
  'backfill.pause',
  'backfill.resume',
  'backfill.cancel',
  'pool.add',
  'pool.update',
  'pool.remove',
  /** A queued run cancelled before it started. */
  'queue.cancel',
  /** A queued run started past its pools by an admin. */
  'queue.startNow',
  /** An alarm of the alarm list sent again by hand (docs/alarm-list.md). */
  'alarm.resend',
  /** A secret's new value stored (docs/secrets.md): the entry names the secret and its scope, never the value. */
  'secret.set',
  'secret.remove',
  /** Every secret re-encrypted under a new key (`jobdesk secrets rotate-key`, on the host). */
  'secret.rotateKey',
  /** An agent called a tool through an MCP token (docs/mcp.md): the tool and its arguments; what it changed has its own row too. */
  'mcp.tool',
  /** An agent read a resource (a definition, a run's log) through an MCP token. */
  'mcp.resource',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AUDIT_OUTCOMES = ['ok', 'refused', 'failed'] as const
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number]

export interface AuditEntry {
  id: number
  atMs: number
  actor: string
  actorKind: PrincipalKind | 'anonymous'
  /** The remote address, or 'desktop'. */
  source: string
  /** How the call came: 'mcp' for an agent through an MCP token, '' otherwise. */
  via: AuditVia
  action: AuditAction
  outcome: AuditOutcome
  /** The executor group the action was in, when it was in one. */
  groupId: number | null
  /** What it acted on, e.g. `job 12`, `user 3`. */
  target: string
  /** Parameters, before/after for edits, and why it was refused. */
  detail: AuditDetail
  /**
   * How many identical refusals the row stands for: the same actor from the same address, action,
   * target and reason within one minute are one row (the first one's details) whose count grows.
   * 1 for every other row.
   */
  count: number
}

export interface AuditDetail {
  params?: unknown
  before?: unknown
  after?: unknown
  /** A refusal's or failure's message code and English text. */
  reason?: { code: string; message: string }
}

export interface AuditFilter {
  actor?: string
  action?: AuditAction
  outcome?: AuditOutcome
  groupId?: number
  sinceMs?: number
  untilMs?: number
  /** Text anywhere in the target or the detail. */
  text?: string
  beforeId?: number
  limit?: number
}

export interface AuditPage {
  entries: AuditEntry[]
  nextBeforeId: number | null
}

export interface AuditExportRequest {
  format: 'csv' | 'json'
  filter?: Omit<AuditFilter, 'beforeId' | 'limit'>
}

/** The cookie of a signed-in console. */
export const SESSION_COOKIE = 'jobdesk_session'
/** The headless server's sign-in endpoints (JSON bodies). */
export const AUTH_PATHS = { state: '/auth/state', signIn: '/auth/sign-in', signOut: '/auth/sign-out' } as const
/** Sign-in through an OpenID Connect provider: the browser goes to `start`, the provider sends it back to `callback`. */
export const OIDC_PATHS = { start: '/auth/oidc/start', callback: '/auth/oidc/callback' } as const
/** The console's address fragment key carrying the message code of a refused directory sign-in. */
export const SIGN_IN_ERROR_FRAGMENT = 'sign-in-error'

/** `GET /auth/state`: what the console needs before it opens the bridge. */
export interface AuthState {
  /** The cookie names a live session. */
  signedIn: boolean
  /** The console token still opens the console (no user has set a password yet). */
  consoleTokenAccepted: boolean
  /** Sign-in through an OpenID Connect provider is on: the button's name for it. */
  oidc?: { label: string }
}
