import type { ApiMethod, JobDeskApi } from '../../shared/api'
import type { AuditAction } from '../../shared/auth'
import type { Principal } from '../../shared/principal'

/** The facade's methods that are not about users, tokens or the audit trail. */
export type AuthMethod =
  | 'whoAmI'
  | 'changePassword'
  | 'listUsers'
  | 'saveUser'
  | 'deleteUser'
  | 'resetUserPassword'
  | 'listApiTokens'
  | 'createApiToken'
  | 'revokeApiToken'
  | 'listAudit'
  | 'exportAudit'
export type CoreApi = Omit<JobDeskApi, AuthMethod>

export interface RuleContext {
  principal: Principal
  /** The facade without checks, for the lookups a rule needs (a job's group, a run's group). */
  core: CoreApi
  /** The addresses registered in (or configured for) a group: the only ones a non-admin may name. */
  entitled: (groupId: number) => Promise<ReadonlySet<string>>
  /** The same for users and tokens (before/after of their edits). */
  auth: Pick<JobDeskApi, 'listUsers' | 'listApiTokens'>
  method: ApiMethod
}

/** What a permitted call records, and the arguments it runs with (narrowed for reads). */
export interface Decision {
  groupId?: number | null
  target?: string
  before?: unknown
  params?: unknown
  args?: unknown[]
  /** The action, when it depends on the arguments (create or update). */
  action?: AuditAction
}

export interface MethodRule {
  /** Recorded in the audit trail when set (changes and manual actions). */
  action?: AuditAction
  /**
   * A decision only a person takes (an approval, a node marked by hand): the guard refuses it to
   * the credentials of automation (a group's token, the executor token, the API token) before the
   * rule itself is asked, whatever rights they hold, and the audit trail names the person who took it.
   */
  peopleOnly?: true
  /** What a refused call's audit row shows of its arguments (default the first): a rule whose arguments carry a secret's value leaves it out. */
  refusedParams?(args: unknown[]): unknown
  /** Throws a Refusal (./refusal.ts) when the principal may not make the call. */
  allow(ctx: RuleContext, args: any[]): Promise<Decision>
  /** Reads: the answer narrowed to what the principal sees. */
  narrow?(ctx: RuleContext, result: any, args: any[]): Promise<unknown>
  /** What the audit entry shows as `after` (default: the result). */
  after?(result: any): unknown
}
