import type { ApiMethod, JobDeskApi } from '../../shared/api'
import { API_METHODS } from '../../shared/api-methods'
import type { AuditAction } from '../../shared/auth'
import { PermissionError } from '../../shared/errors'
import { notPermitted } from '../../shared/messages/coded-errors'
import type { AuditService } from '../audit/audit-service'
import { actorOf } from '../audit/audit-entry'
import { checkedApi } from './checked-api'
import { AUTH_RULES } from './auth-rules'
import { CORE_RULES } from './method-rules'
import type { AuthMethod, CoreApi, MethodRule, RuleContext } from './method-rule-types'
import { actsForAPerson, type Principal } from '../../shared/principal'
import { isRecorded, markRecorded, Refusal } from './refusal'

const RULES: Record<ApiMethod, MethodRule> = { ...CORE_RULES, ...AUTH_RULES }
/** What a user with a one-time password may still do. */
const BEFORE_PASSWORD_CHANGE = new Set<ApiMethod>(['whoAmI', 'changePassword'])

export type AuthApi = Pick<JobDeskApi, AuthMethod>

export interface GuardDeps {
  core: CoreApi
  /** What `RuleContext.entitled` answers: the addresses registered in (or configured for) a group. */
  entitled: (groupId: number) => Promise<ReadonlySet<string>>
  /** The user, token and audit methods, acting for `principal`. */
  authFor(principal: Principal): AuthApi
  audit: AuditService
}

/**
 * Runs one call of `method` for `principal`: its rule decides (a refusal runs nothing and writes
 * one audit row), the work runs with the arguments the rule allows, reads are narrowed to the
 * principal's groups, and changes are recorded with their parameters and before/after. `work` is
 * the method's implementation, or another way to the same effect (the OpenAPI's job save).
 */
export async function runGuarded<T>(
  deps: GuardDeps,
  principal: Principal,
  method: ApiMethod,
  args: unknown[],
  work: (args: unknown[]) => Promise<T>,
): Promise<T> {
  const rule = RULES[method]
  const ctx: RuleContext = { principal, core: deps.core, entitled: deps.entitled, auth: deps.authFor(principal), method }
  const who = actorOf(principal)
  const refused = async (error: Error & { code: string }): Promise<never> => {
    const action: AuditAction = rule.action ?? actionOfSave(method, args) ?? 'auth.read'
    await deps.audit.record(who, {
      action,
      outcome: 'refused',
      target: method,
      detail: { params: rule.refusedParams ? rule.refusedParams(args) : args[0], reason: { code: error.code, message: error.message } },
    })
    markRecorded(error)
    throw error
  }
  let decision
  try {
    if (principal.mustChangePassword && !BEFORE_PASSWORD_CHANGE.has(method)) throw new Refusal(notPermitted('auth.mustChangePassword'))
    if (rule.peopleOnly && !actsForAPerson(principal)) throw new Refusal(notPermitted('auth.peopleOnly', { method }))
    decision = await rule.allow(ctx, args)
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    return refused(error.error)
  }
  let result: T
  try {
    result = await work(decision.args ?? args)
  } catch (error) {
    // A service's own refusal (the last admin, a token only a user may make) is a refusal too: one row.
    if (error instanceof PermissionError && !isRecorded(error)) return refused(error)
    throw error
  }
  const action = decision.action ?? rule.action
  if (action) {
    const after = rule.after ? rule.after(result) : result
    await deps.audit.record(who, {
      action,
      outcome: 'ok',
      groupId: decision.groupId,
      target: decision.target,
      detail: { params: decision.params, before: decision.before, after },
    })
  }
  return (rule.narrow ? await rule.narrow(ctx, result, args) : result) as T
}

function actionOfSave(method: ApiMethod, args: unknown[]): AuditAction | undefined {
  const hasId = typeof (args[0] as { id?: unknown } | undefined)?.id === 'number'
  if (method === 'saveJob') return hasId ? 'job.update' : 'job.create'
  if (method === 'saveUser') return hasId ? 'user.update' : 'user.create'
  if (method === 'setFlowActive') return (args[0] as { active?: unknown } | undefined)?.active === true ? 'flow.resume' : 'flow.pause'
  if (method === 'setMaintenance') return (args[0] as { on?: unknown } | undefined)?.on === true ? 'maintenance.on' : 'maintenance.off'
  // A dry run is a read (no audit row when allowed); a refusal of either is recorded as a start.
  if (method === 'startBackfill') return 'backfill.start'
  if (method === 'decideApproval') return (args[0] as { approve?: unknown } | undefined)?.approve === true ? 'flow.approve' : 'flow.reject'
  return undefined
}

/**
 * The whole API for whoever `current` resolves to at each call (a session is looked up again every
 * time, so a sign-out or a disabled user takes effect at the next call), behind the argument
 * schemas: arguments are parsed first, then the rule decides.
 */
export function guardedApi(deps: GuardDeps, current: () => Promise<Principal>): JobDeskApi {
  const api: Partial<Record<ApiMethod, (...args: unknown[]) => Promise<unknown>>> = {}
  for (const method of API_METHODS) {
    api[method] = async (...args: unknown[]) => {
      const principal = await current()
      const target = (method in AUTH_RULES ? deps.authFor(principal) : deps.core) as unknown as Record<ApiMethod, (...a: unknown[]) => Promise<unknown>>
      return runGuarded(deps, principal, method, args, (allowed) => target[method](...allowed))
    }
  }
  return checkedApi(api as JobDeskApi)
}
