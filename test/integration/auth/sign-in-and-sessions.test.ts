import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Access } from '../../../src/main/auth/access'
import type { CoreApi } from '../../../src/main/auth/method-rule-types'
import { SESSION_TIMING } from '../../../src/main/auth/session-policy'
import { SIGN_IN_LIMITS } from '../../../src/main/auth/sign-in-guard'
import { ManualClock } from '../../../src/main/kernel/clock'
import { silentLogger } from '../../../src/main/kernel/logger'
import { openSqliteStore } from '../../../src/main/store/sqlite/open-sqlite-store'
import type { Store } from '../../../src/main/store/store'
import type { StoredUser } from '../../../src/main/store/user-repo'
import { userPrincipal } from '../../../src/main/auth/user-service'
import { DESKTOP_PRINCIPAL } from '../../../src/shared/principal'
import { TEST_SCRYPT } from '../../support/auth-session'
import { makeTempDir } from '../../support/temp-dir'

/** Sign-in, its rate limits, sessions' expiry and sign-out on a real SQLite file, on an injected clock. */
let dir: ReturnType<typeof makeTempDir>
let store: Store
let clock: ManualClock
let access: Access
const PASSWORD = 'correct horse battery'

beforeEach(async () => {
  dir = makeTempDir('jobdesk-sessions-')
  store = openSqliteStore(`${dir.path}/jobdesk.db`)
  clock = new ManualClock(Date.UTC(2026, 0, 5, 9))
  // No facade needed: these calls never reach it.
  access = new Access({ repos: store, core: {} as CoreApi, entitled: async () => new Set(), clock, logger: silentLogger, scrypt: TEST_SCRYPT })
  await access.users.ensureFirstAdmin(PASSWORD)
})
afterEach(async () => {
  await store.close()
  dir.remove()
})

describe('sign-in', () => {
  it('starts a session for the right password and refuses a wrong one or an unknown name alike', async () => {
    const ok = await access.signIn('admin', PASSWORD, '127.0.0.1')
    expect(ok.ok).toBe(true)
    const wrong = await access.signIn('admin', 'wrong password', '127.0.0.1')
    const unknown = await access.signIn('nobody', PASSWORD, '127.0.0.1')
    expect(wrong).toMatchObject({ ok: false, status: 401, error: { code: 'auth.signInFailed' } })
    expect(unknown).toMatchObject({ ok: false, status: 401, error: { code: 'auth.signInFailed' } })
    const audit = await access.audit.list({ action: 'auth.signIn' })
    expect(audit.entries.map((e) => [e.actor, e.outcome])).toEqual([
      ['nobody', 'failed'],
      ['admin', 'failed'],
      ['admin', 'ok'],
    ])
  })

  it('refuses an empty or whitespace password unchecked, audited, without counting it against the account', async () => {
    const before = await session()
    for (let i = 0; i <= SIGN_IN_LIMITS.perAccount.maxFailures; i++) {
      expect(await access.signIn('admin', ['', ' ', '\t\n'][i % 3], '127.0.0.1')).toMatchObject({
        ok: false,
        status: 401,
        error: { code: 'auth.blankPassword' },
      })
    }
    // Identical refusals within a minute are one row that counts them (audit/audit-fold.ts).
    const refused = (await access.audit.list({ action: 'auth.signIn', outcome: 'refused' })).entries
    expect(refused.reduce((sum, entry) => sum + entry.count, 0)).toBe(SIGN_IN_LIMITS.perAccount.maxFailures + 1)
    expect(refused[0]).toMatchObject({ actor: 'admin', actorKind: 'anonymous', detail: { reason: { code: 'auth.blankPassword' } } })
    expect(await access.users.resolveSession(before, '127.0.0.1')).not.toBeNull()
    expect((await access.signIn('admin', PASSWORD, '127.0.0.2')).ok).toBe(true)
  })

  it('counts blank passwords against the address: a flood of them locks that address out, audited once a minute', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.maxFailures; i++) await access.signIn(`name${i}`, '', '127.0.0.7')
    for (let i = 0; i < 5; i++) expect(await access.signIn('admin', '', '127.0.0.7')).toMatchObject({ ok: false, status: 429 })
    expect((await access.audit.list({ action: 'auth.signIn' })).entries).toHaveLength(SIGN_IN_LIMITS.perAddress.maxFailures + 1)
    expect((await access.signIn('admin', PASSWORD, '127.0.0.8')).ok).toBe(true)
  })

  it('takes a name in any case as the same user, and refuses a second user whose name differs only in case', async () => {
    const admin = (await store.users.findByName('admin'))!
    for (const name of ['ADMIN', ' Admin ']) {
      const result = await access.signIn(name, PASSWORD, '127.0.0.1')
      expect(result.ok && result.principal).toMatchObject({ name: 'admin', userId: admin.id })
    }
    await expect(access.users.save(DESKTOP_PRINCIPAL, { name: 'Admin', role: 'viewer', groupIds: [], password: 'viewer-password' })).rejects.toMatchObject({
      code: 'user.nameTaken',
    })
    expect((await access.users.list()).map((u) => u.name)).toEqual(['admin'])
  })

  it('locks an account after 5 failures in 15 minutes, even with the right password, until the window ends', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.maxFailures; i++) {
      expect((await access.signIn('admin', `wrong ${i}`, `127.0.0.${i + 1}`)).ok).toBe(false)
    }
    const locked = await access.signIn('admin', PASSWORD, '127.0.0.99')
    expect(locked).toMatchObject({ ok: false, status: 429, error: { code: 'auth.tooManyAttempts' } })
    await clock.advance(SIGN_IN_LIMITS.perAccount.windowMs)
    expect((await access.signIn('admin', PASSWORD, '127.0.0.99')).ok).toBe(true)
  })

  it('locks an address out of every account after 20 failures in a minute', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.maxFailures; i++) await access.signIn(`guess${i}`, 'x', '127.0.0.7')
    expect(await access.signIn('admin', PASSWORD, '127.0.0.7')).toMatchObject({ ok: false, status: 429 })
    expect((await access.signIn('admin', PASSWORD, '127.0.0.8')).ok).toBe(true)
    await clock.advance(SIGN_IN_LIMITS.perAddress.windowMs)
    expect((await access.signIn('admin', PASSWORD, '127.0.0.7')).ok).toBe(true)
  })
})

async function session(): Promise<string> {
  const result = await access.signIn('admin', PASSWORD, '127.0.0.1')
  if (!result.ok) throw new Error('sign-in failed')
  return result.secret
}

describe('sessions', () => {
  it('slide: each use moves the idle end; unused for 12 h they end', async () => {
    const secret = await session()
    await clock.advance(SESSION_TIMING.idleMs - 60_000)
    expect(await access.users.resolveSession(secret, '127.0.0.1')).not.toBeNull()
    await clock.advance(SESSION_TIMING.idleMs - 60_000)
    expect(await access.users.resolveSession(secret, '127.0.0.1')).not.toBeNull()
    await clock.advance(SESSION_TIMING.idleMs)
    expect(await access.users.resolveSession(secret, '127.0.0.1')).toBeNull()
  })

  it('end 7 days after sign-in however often they are used', async () => {
    const secret = await session()
    for (let hours = 0; hours < 7 * 24 - 6; hours += 6) {
      await clock.advance(6 * 3600_000)
      expect(await access.users.resolveSession(secret, '127.0.0.1'), `after ${hours + 6} h`).not.toBeNull()
    }
    await clock.advance(6 * 3600_000)
    expect(await access.users.resolveSession(secret, '127.0.0.1')).toBeNull()
  })

  it('end at sign-out, and when the user is disabled', async () => {
    const first = await session()
    await access.signOut(first, '127.0.0.1')
    expect(await access.users.resolveSession(first, '127.0.0.1')).toBeNull()
    expect((await access.audit.list({ action: 'auth.signOut' })).entries).toHaveLength(1)

    const admin = (await store.users.findByName('admin'))!
    const viewerId = (
      await access.users.save(
        { kind: 'desktop', name: 'desktop', userId: null, role: 'admin', groupIds: null, source: 'desktop', mustChangePassword: false },
        { name: 'v', role: 'viewer', groupIds: [1], password: 'viewer-password' },
      )
    ).id
    const viewerSecret = await access.users.startSession((await store.users.get(viewerId))!, '127.0.0.1')
    expect(await access.users.resolveSession(viewerSecret, '127.0.0.1')).toMatchObject({ role: 'viewer', groupIds: [1], mustChangePassword: true })
    await access.users.save(
      { kind: 'user', name: 'admin', userId: admin.id, role: 'admin', groupIds: null, source: 'x', mustChangePassword: false },
      { id: viewerId, name: 'v', role: 'viewer', groupIds: [1], disabled: true },
    )
    expect(await access.users.resolveSession(viewerSecret, '127.0.0.1')).toBeNull()
  })

  it('keep the last admin: it cannot be demoted, disabled or deleted', async () => {
    const admin = (await store.users.findByName('admin'))!
    const desktop = {
      kind: 'desktop' as const,
      name: 'desktop',
      userId: null,
      role: 'admin' as const,
      groupIds: null,
      source: 'desktop',
      mustChangePassword: false,
    }
    await expect(access.users.save(desktop, { id: admin.id, name: 'admin', role: 'operator', groupIds: [] })).rejects.toMatchObject({ code: 'user.lastAdmin' })
    await expect(access.users.delete(desktop, admin.id)).rejects.toMatchObject({ code: 'user.lastAdmin' })
    expect((await store.users.get(admin.id))!.role).toBe('admin')
  })
})

describe('a new password', () => {
  async function withToken(): Promise<{ admin: StoredUser; token: string }> {
    const admin = (await store.users.findByName('admin'))!
    const { token } = await access.tokens.create(userPrincipal(admin, '127.0.0.1'), { name: 'ci', role: 'admin', groupIds: [], expiresAtMs: 0 })
    return { admin, token }
  }

  it("of one's own ends one's other sessions, keeps the one that changed it, and leaves tokens as they are", async () => {
    const { token } = await withToken()
    const other = await session()
    const current = await access.signIn('admin', PASSWORD, '127.0.0.2')
    if (!current.ok) throw new Error('sign-in failed')
    await access.users.changePassword(current.principal, { currentPassword: PASSWORD, newPassword: 'a brand new password' })
    expect(await access.users.resolveSession(other, '127.0.0.1')).toBeNull()
    expect(await access.users.resolveSession(current.secret, '127.0.0.2')).toMatchObject({ name: 'admin' })
    expect(await access.tokens.authenticate(token, '127.0.0.1')).not.toBeNull()
    // Through the session as the console resolves it at each call, too.
    const again = await access.signIn('admin', 'a brand new password', '127.0.0.3')
    if (!again.ok) throw new Error('sign-in failed')
    const resolved = (await access.users.resolveSession(again.secret, '127.0.0.3'))!
    await access.users.changePassword(resolved, { currentPassword: 'a brand new password', newPassword: 'yet another password' })
    expect(await access.users.resolveSession(current.secret, '127.0.0.2')).toBeNull()
    expect(await access.users.resolveSession(again.secret, '127.0.0.3')).not.toBeNull()
  })

  it('reset by an admin ends every session of the user and keeps their tokens, as before', async () => {
    const { admin, token } = await withToken()
    const first = await session()
    await access.users.resetPassword(admin.id)
    expect(await access.users.resolveSession(first, '127.0.0.1')).toBeNull()
    expect(await access.tokens.authenticate(token, '127.0.0.1')).not.toBeNull()
  })

  it('set by an admin ends every session of the user and revokes their tokens, as before', async () => {
    const { admin, token } = await withToken()
    const first = await session()
    await access.users.save(DESKTOP_PRINCIPAL, { id: admin.id, name: 'admin', role: 'admin', groupIds: [], password: 'set by another admin' })
    expect(await access.users.resolveSession(first, '127.0.0.1')).toBeNull()
    expect(await access.tokens.authenticate(token, '127.0.0.1')).toBeNull()
  })
})

describe('the console token', () => {
  it('opens the console until a user has a password of their own, then is refused', async () => {
    const fresh = makeTempDir('jobdesk-token-')
    const other = openSqliteStore(`${fresh.path}/jobdesk.db`)
    try {
      const local = new Access({ repos: other, core: {} as CoreApi, entitled: async () => new Set(), clock, logger: silentLogger, scrypt: TEST_SCRYPT })
      const { oneTimePassword } = await local.users.ensureFirstAdmin(undefined)
      expect(oneTimePassword).toMatch(/^[A-Za-z0-9_-]{24}$/)
      const opened = await local.openConsole({ kind: 'console-token' }, '127.0.0.1')
      expect(opened.ok).toBe(true)
      const signedIn = await local.signIn('admin', oneTimePassword!, '127.0.0.1')
      if (!signedIn.ok) throw new Error('sign-in with the one-time password failed')
      expect(signedIn.principal.mustChangePassword).toBe(true)
      expect(await local.consoleTokenAccepted()).toBe(true)
      await local.users.changePassword(signedIn.principal, { currentPassword: oneTimePassword!, newPassword: 'my own admin password' })
      expect(await local.openConsole({ kind: 'console-token' }, '127.0.0.1')).toMatchObject({ ok: false, error: { code: 'auth.consoleTokenRetired' } })
      if (opened.ok) await expect(opened.current()).rejects.toMatchObject({ code: 'auth.consoleTokenRetired' })
    } finally {
      await other.close()
      fresh.remove()
    }
  })
})
