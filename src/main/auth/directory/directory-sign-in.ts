import type { UserSource } from '../../../shared/auth'
import type { MessageCode } from '../../../shared/messages'
import { USER_NAME_PATTERN } from '../../../shared/schema/auth'
import { sameUserName } from '../../../shared/user-name'
import type { Clock } from '../../kernel/clock'
import type { Logger } from '../../kernel/logger'
import type { StoredUser } from '../../store/user-repo'
import type { UserService } from '../user-service'
import { DirectoryAccounts, type DirectoryRepos } from './directory-accounts'
import type { DirectorySettings } from './directory-settings'
import { LdapDirectory } from './ldap-directory'
import type { OidcOutcome } from './oidc-flow'
import { ldapGrant, oidcGrant } from './role-mapping'

/**
 * A sign-in's verdict. A refusal says what the caller is told (`code`), what the audit row says
 * when that differs (`auditCode`: the caller of an unproven name learns no more than "wrong name or
 * password"), and whether it counts against the sign-in limits (`counted`: a directory that could
 * not be reached checked nothing).
 */
export type SignInCheck =
  | { ok: true; user: StoredUser; via: UserSource }
  | {
      ok: false
      status: 401 | 403 | 503
      code: MessageCode
      params?: Record<string, string>
      auditCode?: MessageCode
      counted: boolean
      via: UserSource
      userId?: number
    }

/**
 * Which way a name and password sign in, and the OIDC callback's verdict. The form is one form, and
 * names are compared without case (src/shared/user-name.ts): a name that is a local user signs in
 * with JobDesk's password (refused under --require-directory-sign-in unless it is the break-glass
 * admin), and its password is never sent to the directory — so `Admin` typed with a directory
 * password is a wrong password for the local `admin`, never a second account; a name that is an
 * LDAP user, or no user at all while LDAP is on, is checked by the directory; an OIDC user must use
 * the button. Only the directory's proof acts on a user: a sign-in that proves nothing (a wrong
 * password, an anonymous search that finds no one) changes nothing.
 */
export class DirectorySignIn {
  private readonly ldap: LdapDirectory | null
  private readonly accounts: DirectoryAccounts

  constructor(
    private readonly repos: DirectoryRepos,
    private readonly users: UserService,
    private readonly settings: DirectorySettings | undefined,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.ldap = settings?.ldap ? new LdapDirectory(settings.ldap) : null
    this.accounts = new DirectoryAccounts(repos, logger)
  }

  async withPassword(name: string, password: string): Promise<SignInCheck> {
    const typed = name.trim()
    const existing = await this.repos.users.findByName(typed)
    if (existing?.source === 'oidc') return refusal(401, 'directory.useOidc', 'oidc')
    if (this.ldap && (!existing || existing.source === 'ldap')) return this.withLdap(this.ldap, typed, password, existing)
    const user = await this.users.checkCredentials(typed, password)
    if (!user) return { ...refusal(401, 'auth.signInFailed', 'local'), userId: existing?.id }
    if (this.settings?.requireDirectorySignIn && !sameUserName(user.name, this.settings.breakGlassUser))
      return { ...refusal(403, 'directory.required', 'local'), userId: user.id }
    return { ok: true, user, via: 'local' }
  }

  private async withLdap(ldap: LdapDirectory, name: string, password: string, existing: StoredUser | undefined): Promise<SignInCheck> {
    let answer
    try {
      answer = await ldap.check(name, password, existing?.source === 'ldap' ? existing.directoryId : undefined)
    } catch (error) {
      // The error text names the directory's problem (never the password, which ldapts does not echo).
      this.logger.warn('LDAP sign-in: the directory did not answer', { error: (error as Error).message })
      return { ...refusal(503, 'directory.unavailable', 'ldap'), counted: false }
    }
    if (answer.kind === 'absent') {
      const goneId = existing?.source === 'ldap' ? await this.accounts.gone('ldap', existing.directoryId, this.clock.nowMs()) : null
      if (goneId !== null) return { ...refusal(401, 'auth.signInFailed', 'ldap'), auditCode: 'directory.notFound', userId: goneId }
      return refusal(401, 'auth.signInFailed', 'ldap')
    }
    if (answer.kind === 'unproven') return { ...refusal(401, 'auth.signInFailed', 'ldap'), userId: existing?.id }
    if (!existing && !USER_NAME_PATTERN.test(name)) return refusal(403, 'user.nameRule', 'ldap')
    const admission = await this.accounts.admit(
      { source: 'ldap', directoryId: answer.dn, name },
      ldapGrant(this.settings!.roles, answer.groupDns),
      this.clock.nowMs(),
    )
    if (!admission.ok) return { ...refusal(403, admission.code, 'ldap'), params: admission.params, userId: admission.userId }
    return { ok: true, user: admission.user, via: 'ldap' }
  }

  /** The verdict on a finished OIDC flow: the claims mapped to a role, the user's row written. */
  async withOidc(outcome: OidcOutcome): Promise<SignInCheck> {
    if (!outcome.ok) return refusal(403, outcome.reason === 'state' ? 'directory.oidcState' : 'directory.oidcFailed', 'oidc')
    const sub = outcome.claims.sub
    if (typeof sub !== 'string' || sub === '') return refusal(403, 'directory.oidcFailed', 'oidc')
    const name = [outcome.claims.preferred_username, outcome.claims.email, sub].find((n): n is string => typeof n === 'string' && USER_NAME_PATTERN.test(n))
    if (name === undefined) return refusal(403, 'user.nameRule', 'oidc')
    const admission = await this.accounts.admit(
      { source: 'oidc', directoryId: `${outcome.issuer} ${sub}`, name },
      oidcGrant(this.settings!.roles, outcome.claims),
      this.clock.nowMs(),
    )
    if (!admission.ok) return { ...refusal(403, admission.code, 'oidc'), params: admission.params, userId: admission.userId }
    return { ok: true, user: admission.user, via: 'oidc' }
  }
}

function refusal(status: 401 | 403 | 503, code: MessageCode, via: UserSource): SignInCheck & { ok: false } {
  return { ok: false, status, code, counted: true, via }
}
