import { createHash, randomBytes } from 'node:crypto'
import type { PasswordChange, SessionInfo, UserInput, UserView } from '../../shared/auth'
import { conflict, invalidField, notFound, notPermitted } from '../../shared/messages/coded-errors'
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from '../../shared/password-length'
import type { Clock } from '../kernel/clock'
import type { RepoAccess } from '../store/store'
import type { StoredUser } from '../store/user-repo'
import {
  ConcurrencyLimit,
  DEFAULT_SCRYPT_PARAMS,
  decoyHash,
  hashPassword,
  oneTimePassword,
  VERIFICATION_LIMIT,
  verifyPassword,
  type ScryptParams,
} from './password'
import { grantedGroups, sessionInfoOf, type Principal } from '../../shared/principal'
import { checkSession, SESSION_TIMING, sessionEndMs, type SessionTiming } from './session-policy'

export type UserRepos = RepoAccess<'users' | 'sessions' | 'apiTokens'>

export interface UserServiceOptions {
  clock: Clock
  scrypt?: ScryptParams
  sessionTiming?: SessionTiming
}

/** The SHA-256 of a session cookie or a token: what the database keeps instead of the secret. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

export function userView({ passwordHash: _hash, directoryId: _id, ...user }: StoredUser): UserView {
  return user
}

/**
 * Users, their passwords and their sessions. Passwords are scrypt hashes; sessions are rows keyed
 * by the hash of the cookie, so sign-out, a disabled user or a reset password end them at once on
 * every node. Sign-in attempts are limited by the caller (./sign-in-guard.ts).
 */
export class UserService {
  private readonly scrypt: ScryptParams
  private readonly timing: SessionTiming
  private decoy: Promise<string> | null = null
  private readonly verifications = new ConcurrencyLimit(VERIFICATION_LIMIT.maxRunning, VERIFICATION_LIMIT.maxQueued)

  constructor(
    private readonly repos: UserRepos,
    private readonly options: UserServiceOptions,
  ) {
    this.scrypt = options.scrypt ?? DEFAULT_SCRYPT_PARAMS
    this.timing = options.sessionTiming ?? SESSION_TIMING
  }

  private nowMs(): number {
    return this.options.clock.nowMs()
  }

  /**
   * At first start: an `admin` with the password of `--admin-password-file` (ready to use), or with
   * a one-time password to print (replaced at first sign-in). Nothing when a user exists.
   */
  async ensureFirstAdmin(givenPassword: string | undefined): Promise<{ oneTimePassword: string | null; created: boolean }> {
    if ((await this.repos.users.count()) > 0) return { oneTimePassword: null, created: false }
    if (givenPassword !== undefined) checkPasswordLength(givenPassword, '--admin-password-file')
    const password = givenPassword ?? oneTimePassword()
    const hash = await hashPassword(password, this.scrypt)
    // Another node may create it at the same moment: the unique name lets one win.
    const id = await this.repos.users.insert(
      { name: 'admin', passwordHash: hash, role: 'admin', groupIds: [], mustChangePassword: givenPassword === undefined },
      this.nowMs(),
    )
    if (id === null) return { oneTimePassword: null, created: false }
    return { oneTimePassword: givenPassword === undefined ? password : null, created: true }
  }

  /** True while no user has a password of their own: the console token still opens the console. */
  async consoleTokenAccepted(): Promise<boolean> {
    return !(await this.repos.users.anyActivated())
  }

  /**
   * The user when name and password match an enabled user; null otherwise (in about the same time).
   * At most VERIFICATION_LIMIT checks run at once and wait; past that it rejects with
   * VerificationsBusyError before looking at anything.
   */
  checkCredentials(name: string, password: string): Promise<StoredUser | null> {
    return this.verifications.run(async () => {
      const user = await this.repos.users.findByName(name.trim())
      // A directory user has no password here: checked like a name nobody has.
      if (!user || user.source !== 'local') {
        this.decoy ??= decoyHash(this.scrypt)
        await verifyPassword(password, await this.decoy)
        return null
      }
      const ok = await verifyPassword(password, user.passwordHash)
      return ok && !user.disabled ? user : null
    })
  }

  /** Starts a session; resolves with the cookie's secret. */
  async startSession(user: StoredUser, remoteAddress: string): Promise<string> {
    const secret = randomBytes(32).toString('base64url')
    const nowMs = this.nowMs()
    await this.repos.sessions.insert({
      idHash: secretHash(secret),
      userId: user.id,
      remoteAddress: remoteAddress.slice(0, 100),
      createdAtMs: nowMs,
      lastSeenAtMs: nowMs,
      expiresAtMs: sessionEndMs(nowMs, nowMs, this.timing),
    })
    return secret
  }

  /** The principal of a live session (moving its idle end), or null: unknown, expired, user gone or disabled. */
  async resolveSession(secret: string, source: string): Promise<Principal | null> {
    const idHash = secretHash(secret)
    const session = await this.repos.sessions.get(idHash)
    if (!session) return null
    const check = checkSession(session, this.nowMs(), this.timing)
    const user = check.live ? await this.repos.users.get(session.userId) : undefined
    if (!user || user.disabled) {
      await this.repos.sessions.delete(idHash)
      return null
    }
    if (check.live && check.touch) await this.repos.sessions.touch(idHash, check.touch.lastSeenAtMs, check.touch.expiresAtMs)
    return userPrincipal(user, source, idHash)
  }

  async endSession(secret: string): Promise<void> {
    await this.repos.sessions.delete(secretHash(secret))
  }

  /**
   * One's own new password. Every other session of the user ends (a password changed because it
   * leaked must shut out whoever used it); the session making the change stays signed in. Personal
   * tokens stay: they are not the password, and are revoked one by one.
   */
  async changePassword(principal: Principal, change: PasswordChange): Promise<SessionInfo> {
    if (principal.kind !== 'user' || principal.userId === null) throw notPermitted('auth.noUserAccount')
    const user = await this.repos.users.get(principal.userId)
    if (!user) throw notFound('user.notFound', { id: principal.userId })
    if (user.source !== 'local') throw notPermitted('directory.noPassword')
    if (!(await verifyPassword(change.currentPassword, user.passwordHash))) throw invalidField('currentPassword', 'auth.wrongPassword')
    if (change.currentPassword === change.newPassword) throw invalidField('newPassword', 'auth.samePassword')
    const hash = await hashPassword(change.newPassword, this.scrypt)
    const keep = principal.sessionHash
    await this.repos.transaction(async (tx) => {
      await tx.users.setPassword(user.id, hash, false, this.nowMs())
      if (keep === undefined) await tx.sessions.deleteForUser(user.id)
      else await tx.sessions.deleteOthersOfUser(user.id, keep)
    })
    return sessionInfoOf({ ...principal, mustChangePassword: false })
  }

  async list(): Promise<UserView[]> {
    return (await this.repos.users.list()).map(userView)
  }

  async get(id: number): Promise<UserView> {
    const user = await this.repos.users.get(id)
    if (!user) throw notFound('user.notFound', { id })
    return userView(user)
  }

  /** Creates or updates a user; the last enabled admin stays one, and nobody demotes or disables themselves. */
  async save(actor: Principal, input: UserInput): Promise<UserView> {
    const nowMs = this.nowMs()
    const groupIds = input.role === 'admin' ? [] : input.groupIds
    if (input.id === undefined) {
      if (input.password === undefined) throw invalidField('password', 'user.passwordRequired')
      const hash = await hashPassword(input.password, this.scrypt)
      const id = await this.repos.users.insert({ name: input.name, passwordHash: hash, role: input.role, groupIds, mustChangePassword: true }, nowMs)
      if (id === null) throw conflict('user.nameTaken', { name: input.name })
      return this.get(id)
    }
    const id = input.id
    // Hashed before the transaction: its write lock is not held for scrypt's 100 ms.
    const newHash = input.password === undefined ? undefined : await hashPassword(input.password, this.scrypt)
    return this.repos.transaction(async (tx) => {
      const before = await tx.users.get(id)
      if (!before) throw notFound('user.notFound', { id })
      if (newHash !== undefined && before.source !== 'local') throw invalidField('password', 'directory.noPassword')
      const other = await tx.users.findByName(input.name)
      if (other && other.id !== id) throw conflict('user.nameTaken', { name: input.name })
      const losesAdmin = before.role === 'admin' && !before.disabled && (input.role !== 'admin' || input.disabled === true)
      if (losesAdmin && actor.userId === id) throw notPermitted('user.selfChange')
      if (losesAdmin && (await enabledAdmins(tx.users)) <= 1) throw notPermitted('user.lastAdmin')
      await tx.users.update(id, { name: input.name, role: input.role, groupIds, disabled: input.disabled === true }, nowMs)
      if (newHash !== undefined) await tx.users.setPassword(id, newHash, true, nowMs)
      // Rights changed: open consoles pick them up at their next call; a disabled user is out at once.
      if (input.disabled === true || newHash !== undefined) {
        await tx.sessions.deleteForUser(id)
        await tx.apiTokens.revokeForUser(id, nowMs)
      }
      return userView((await tx.users.get(id))!)
    })
  }

  async delete(actor: Principal, id: number): Promise<void> {
    await this.repos.transaction(async (tx) => {
      const user = await tx.users.get(id)
      if (!user) throw notFound('user.notFound', { id })
      if (actor.userId === id) throw notPermitted('user.selfChange')
      if (user.role === 'admin' && !user.disabled && (await enabledAdmins(tx.users)) <= 1) throw notPermitted('user.lastAdmin')
      await tx.sessions.deleteForUser(id)
      await tx.apiTokens.revokeForUser(id, this.nowMs())
      await tx.users.delete(id)
    })
  }

  /** A new one-time password; the user's sessions end. */
  async resetPassword(id: number): Promise<{ password: string }> {
    const user = await this.repos.users.get(id)
    if (!user) throw notFound('user.notFound', { id })
    if (user.source !== 'local') throw notPermitted('directory.noPassword')
    const password = oneTimePassword()
    const hash = await hashPassword(password, this.scrypt)
    await this.repos.transaction(async (tx) => {
      await tx.users.setPassword(id, hash, true, this.nowMs())
      await tx.sessions.deleteForUser(id)
    })
    return { password }
  }

  /** The user behind a personal token, as they are now (null: gone or disabled). */
  async currentUser(id: number): Promise<StoredUser | null> {
    const user = await this.repos.users.get(id)
    return user && !user.disabled ? user : null
  }
}

export function userPrincipal(user: StoredUser, source: string, sessionHash?: string): Principal {
  return {
    kind: 'user',
    name: user.name,
    userId: user.id,
    role: user.role,
    groupIds: grantedGroups(user.role, user.groupIds),
    source,
    mustChangePassword: user.mustChangePassword,
    sessionHash,
  }
}

async function enabledAdmins(users: { list(): Promise<StoredUser[]> }): Promise<number> {
  return (await users.list()).filter((u) => u.role === 'admin' && !u.disabled).length
}

function checkPasswordLength(password: string, field: string): void {
  if (password.length < PASSWORD_MIN_CHARS || password.length > PASSWORD_MAX_CHARS) {
    throw invalidField(field, 'user.passwordLength', { min: PASSWORD_MIN_CHARS, max: PASSWORD_MAX_CHARS })
  }
}
