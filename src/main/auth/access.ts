import type { JobDeskApi, ApiMethod } from '../../shared/api'
import { notPermitted } from '../../shared/messages/coded-errors'
import type { PermissionError } from '../../shared/errors'
import { AuditService } from '../audit/audit-service'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { AuditRepo } from '../store/audit-repo'
import { ApiTokenService } from './api-token-service'
import { EventVisibility } from './event-visibility'
import { guardedApi, runGuarded, type AuthApi, type GuardDeps } from './guarded-api'
import type { CoreApi } from './method-rule-types'
import { isBlankPassword, VerificationsBusyError, type ScryptParams } from './password'
import { consoleTokenPrincipal, sessionInfoOf, type Principal } from '../../shared/principal'
import type { SessionTiming } from './session-policy'
import { SignInGuard } from './sign-in-guard'
import { RateLimit } from '../kernel/rate-limit'
import { secretHash, userPrincipal, UserService } from './user-service'
import type { DirectoryRepos } from './directory/directory-accounts'
import { DirectorySignIn, type SignInCheck } from './directory/directory-sign-in'
import type { DirectorySettings } from './directory/directory-settings'
import type { OidcOutcome } from './directory/oidc-flow'

export interface AccessOptions {
  repos: DirectoryRepos & { audit: AuditRepo }
  core: CoreApi
  /** The addresses registered in (or configured for) a group: what a non-admin may name as a target. */
  entitled: (groupId: number) => Promise<ReadonlySet<string>>
  clock: Clock
  logger: Logger
  scrypt?: ScryptParams
  sessionTiming?: SessionTiming
  /** The audit trail, when the core built it before (its monitors purge it); else one over `repos.audit`. */
  audit?: AuditService
  /** Sign-in through LDAP and/or OpenID Connect (`--ldap-*`, `--oidc-*`, `--directory-roles`). */
  directory?: DirectorySettings
}

/** A refusal's `retryAfterSeconds` is for the Retry-After header (429: the limit's window; 503: busy). */
export type SignInResult =
  { ok: true; secret: string; principal: Principal } | { ok: false; status: 401 | 403 | 429 | 503; error: PermissionError; retryAfterSeconds?: number }

/** How a console came in: a session cookie, or the console token (until the admin set a password). */
export type ConsoleCredential = { kind: 'session'; secret: string } | { kind: 'console-token' }

/** `current` looks the principal up again (a call); `latest` is what the last lookup found (events). */
export type ConsoleOpening = { ok: true; current: () => Promise<Principal>; latest: () => Principal } | { ok: false; error: PermissionError }

/**
 * Who may do what, for every surface: users and their sessions, personal tokens, the audit trail,
 * and the API as each principal may call it.
 */
export class Access {
  readonly users: UserService
  readonly tokens: ApiTokenService
  readonly audit: AuditService
  private readonly signIns = new SignInGuard()
  private readonly directory: DirectorySignIn
  private readonly refusalsRecorded = new RateLimit(1, 60_000)
  private readonly deps: GuardDeps
  /** Once a user has set a password the console token is out for good (a cache of that fact). */
  private consoleTokenRetired = false

  constructor(private readonly options: AccessOptions) {
    this.users = new UserService(options.repos, { clock: options.clock, scrypt: options.scrypt, sessionTiming: options.sessionTiming })
    this.tokens = new ApiTokenService(options.repos.apiTokens, (id) => this.users.currentUser(id), options.clock)
    this.audit = options.audit ?? new AuditService(options.repos.audit, options.clock, options.logger)
    this.directory = new DirectorySignIn(options.repos, this.users, options.directory, options.clock, options.logger)
    this.deps = { core: options.core, entitled: options.entitled, audit: this.audit, authFor: (principal) => this.authFor(principal) }
  }

  /** The API as `current` may call it (resolved again at every call). */
  apiFor(current: () => Promise<Principal>): JobDeskApi {
    return guardedApi(this.deps, current)
  }

  /** One call under `method`'s rule, done by `work` (the OpenAPI's own job save). */
  run<T>(principal: Principal, method: ApiMethod, args: unknown[], work: (args: unknown[]) => Promise<T>): Promise<T> {
    return runGuarded(this.deps, principal, method, args, work)
  }

  /** The event stream as the principal `latest` returns may see it. */
  eventFilter(latest: () => Principal): EventVisibility {
    return new EventVisibility(this.options.core, latest)
  }

  authFor(principal: Principal): AuthApi {
    const { users, tokens, audit } = this
    return {
      whoAmI: async () => sessionInfoOf(principal),
      changePassword: (change) => users.changePassword(principal, change),
      listUsers: () => users.list(),
      saveUser: (input) => users.save(principal, input),
      deleteUser: (id) => users.delete(principal, id),
      resetUserPassword: (id) => users.resetPassword(id),
      listApiTokens: () => tokens.list(principal),
      createApiToken: (input) => tokens.create(principal, input),
      revokeApiToken: (id) => tokens.revoke(principal, id),
      listAudit: (filter) => audit.list(filter),
      exportAudit: (request) => audit.export(request),
    }
  }

  /**
   * Checks a sign-in and starts a session; audited either way. The attempt takes its place in the
   * per-account and per-address limits (./sign-in-guard.ts) before anything is awaited, so a burst
   * is checked no further than the limits; a success gives its place back, a failure keeps it.
   * Past VERIFICATION_LIMIT checks in progress it is refused (503) unchecked, and gives it back too.
   * A blank password is refused before anything is checked or asked (./password.ts): nothing
   * changes for the user named, and it counts against the address only — counted against the
   * account, anyone could lock that user out with it.
   */
  async signIn(name: string, password: string, source: string): Promise<SignInResult> {
    const blank = isBlankPassword(password)
    const nowMs = this.options.clock.nowMs()
    const attempt = blank ? this.signIns.reserveAddress(source, nowMs) : this.signIns.reserve(name, source, nowMs)
    const who = { actor: name.trim().slice(0, 64) || '(empty)', actorKind: 'anonymous' as const, source }
    const refuse = async (status: 429 | 503, error: PermissionError, retryAfterSeconds: number): Promise<SignInResult> => {
      // Recorded once a minute per address (the first name it tried then): a flood of refused
      // attempts from one address must not fill the audit trail; each address's first one shows.
      if (this.refusalsRecorded.take(source, this.options.clock.nowMs())) {
        await this.audit.record(who, { action: 'auth.signIn', outcome: 'refused', detail: { reason: { code: error.code, message: error.message } } })
      }
      return { ok: false, status, error, retryAfterSeconds }
    }
    if (!attempt.ok) {
      const seconds = Math.ceil(attempt.retryAfterMs / 1000)
      return refuse(429, notPermitted('auth.tooManyAttempts', { seconds }), seconds)
    }
    if (blank) {
      const error = notPermitted('auth.blankPassword')
      await this.audit.record(who, { action: 'auth.signIn', outcome: 'refused', detail: { reason: { code: error.code, message: error.message } } })
      return { ok: false, status: 401, error }
    }
    let check: SignInCheck
    try {
      check = await this.directory.withPassword(name, password)
    } catch (error) {
      // Any other error keeps the place: the password may have been checked.
      if (!(error instanceof VerificationsBusyError)) throw error
      attempt.release()
      return refuse(503, notPermitted('auth.signInBusy'), 1)
    }
    // A success gives its place back, and so does a directory that did not answer (it checked nothing).
    if (check.ok || !check.counted) attempt.release()
    return this.concluded(check, who)
  }

  /** The end of an OpenID Connect sign-in (net/oidc-http.ts): the provider's answer, mapped and audited. */
  async signInWithOidc(outcome: OidcOutcome, source: string): Promise<SignInResult> {
    const check = await this.directory.withOidc(outcome)
    const name = outcome.ok ? String(outcome.claims.preferred_username ?? outcome.claims.email ?? outcome.claims.sub ?? '') : ''
    const who = { actor: name.slice(0, 64) || '(oidc)', actorKind: 'anonymous' as const, source }
    if (!outcome.ok) this.options.logger.warn('OIDC sign-in refused', { reason: outcome.reason, detail: outcome.detail })
    return this.concluded(check, who)
  }

  /** Starts the session of a sign-in that passed, or says why not; audited either way. */
  private async concluded(check: SignInCheck, who: { actor: string; actorKind: 'anonymous'; source: string }): Promise<SignInResult> {
    const via = { via: check.via }
    if (!check.ok) {
      const error = notPermitted(check.code, check.params)
      const audited = check.auditCode === undefined ? error : notPermitted(check.auditCode)
      await this.audit.record(who, {
        action: 'auth.signIn',
        outcome: check.status === 401 ? 'failed' : 'refused',
        target: check.userId === undefined ? '' : `user ${check.userId}`,
        detail: { params: via, reason: { code: audited.code, message: audited.message } },
      })
      return { ok: false, status: check.status, error }
    }
    const user = check.user
    const secret = await this.users.startSession(user, who.source)
    const principal = userPrincipal(user, who.source, secretHash(secret))
    await this.audit.record(
      { actor: user.name, actorKind: 'user', source: who.source },
      { action: 'auth.signIn', outcome: 'ok', target: `user ${user.id}`, detail: { params: via } },
    )
    return { ok: true, secret, principal }
  }

  async signOut(secret: string, source: string): Promise<void> {
    const principal = await this.users.resolveSession(secret, source)
    await this.users.endSession(secret)
    if (principal)
      await this.audit.record(
        { actor: principal.name, actorKind: 'user', source },
        { action: 'auth.signOut', outcome: 'ok', target: `user ${principal.userId}` },
      )
  }

  async consoleTokenAccepted(): Promise<boolean> {
    if (this.consoleTokenRetired) return false
    const accepted = await this.users.consoleTokenAccepted()
    if (!accepted) this.consoleTokenRetired = true
    return accepted
  }

  /** The principal of a console about to open its bridge, and how to look it up again at each call. */
  async openConsole(credential: ConsoleCredential, source: string): Promise<ConsoleOpening> {
    if (credential.kind === 'console-token') {
      if (!(await this.consoleTokenAccepted())) return { ok: false, error: notPermitted('auth.consoleTokenRetired') }
      const principal = consoleTokenPrincipal(source)
      const current = async () => {
        if (!(await this.consoleTokenAccepted())) throw notPermitted('auth.consoleTokenRetired')
        return principal
      }
      return { ok: true, current, latest: () => principal }
    }
    const principal = await this.users.resolveSession(credential.secret, source)
    if (!principal) return { ok: false, error: notPermitted('auth.signedOut') }
    let latest = principal
    const current = async () => {
      const now = await this.users.resolveSession(credential.secret, source)
      if (!now) throw notPermitted('auth.signedOut')
      latest = now
      return latest
    }
    return { ok: true, current, latest: () => latest }
  }
}
