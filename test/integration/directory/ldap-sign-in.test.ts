import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DirectorySettings } from '../../../src/main/auth/directory/directory-settings'
import { SIGN_IN_LIMITS } from '../../../src/main/auth/sign-in-guard'
import { AUTH_PATHS } from '../../../src/shared/auth'
import { DESKTOP_PRINCIPAL } from '../../../src/shared/principal'
import { EMBEDDED_APP_NAME } from '../../../src/shared/model'
import { AuthHarness, ADMIN_PASSWORD, errorCodeOf, resultOf } from '../../support/auth-harness'
import { signIn } from '../../support/auth-session'
import { BridgeClient } from '../../support/bridge-client'
import { LDAP_PEOPLE, LDAP_SERVICE_DN, LDAP_SERVICE_PASSWORD, startTempLdap, type TempLdapServer } from '../../support/temp-ldap-server'

// `admin` is a directory entry named like the local admin, in the admins' group: it must never
// become that account, nor a second one beside it.
const people = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gina', 'admin'].map((uid) => ({ uid, password: `${uid}-ldap-password` }))
const groups = [
  { cn: 'jobdesk-ops', members: ['alice', 'carol', 'erin', 'frank', 'gina'] },
  { cn: 'jobdesk-admins', members: ['carol', 'admin'] },
  { cn: 'cafeteria', members: ['dave'] },
]

let ldap: TempLdapServer
let auth: AuthHarness
let strict: AuthHarness
let anonymous: AuthHarness

function settings(server: TempLdapServer, requireDirectorySignIn = false, serviceAccount = true): DirectorySettings {
  return {
    ldap: {
      url: server.url,
      ...(serviceAccount ? { bindDn: LDAP_SERVICE_DN, bindPassword: LDAP_SERVICE_PASSWORD } : {}),
      userBase: LDAP_PEOPLE,
      userFilter: '(uid={{username}})',
      groupBase: server.groupDn('x').replace(/^cn=x,/, ''),
      groupFilter: '(member={{dn}})',
      timeoutMs: 5000,
    },
    roles: {
      ldap: [
        { dn: server.groupDn('jobdesk-ops'), role: 'operator', groups: [EMBEDDED_APP_NAME] },
        // Spaces and case as an operator might type them: the same DN.
        { dn: server.groupDn('jobdesk-admins').toUpperCase().replace(/,/g, ', '), role: 'admin', groups: [] },
      ],
      oidc: { claim: 'groups', values: [] },
    },
    requireDirectorySignIn,
    breakGlassUser: 'admin',
  }
}

const password = (uid: string) => `${uid}-ldap-password`

async function stateOf(cookie: string, h = auth): Promise<{ signedIn: boolean }> {
  return (await fetch(`${h.origin}${AUTH_PATHS.state}`, { headers: { cookie } })).json() as Promise<{ signedIn: boolean }>
}

async function lastSignIn(h: AuthHarness) {
  return (await h.h.headless.core.access.audit.list({ action: 'auth.signIn', limit: 1 })).entries[0]
}

/** A personal token made by the user signed in with `cookie`, through the console bridge. */
async function tokenOf(h: AuthHarness, cookie: string): Promise<string> {
  const bridge = await BridgeClient.connectWithCookie(h.origin, cookie)
  try {
    return (await bridge.value<{ token: string }>('createApiToken', [{ name: 'ci', role: 'viewer' }])).token
  } finally {
    bridge.close()
  }
}

async function tokenWorks(h: AuthHarness, token: string): Promise<boolean> {
  return (await h.h.headless.core.access.tokens.authenticate(token, '127.0.0.1')) !== null
}

/**
 * The failures so far from this address (every test signs in from 127.0.0.1) are let go: the
 * per-address window (20 a minute) ends on the harness's clock.
 */
async function newAddressWindow(h: AuthHarness): Promise<void> {
  await h.h.clock.advance(SIGN_IN_LIMITS.perAddress.windowMs)
}

beforeAll(async () => {
  ldap = await startTempLdap(people, groups)
  auth = await AuthHarness.start({ directory: settings(ldap) })
  strict = await AuthHarness.start({ directory: settings(ldap, true) })
  anonymous = await AuthHarness.start({ directory: settings(ldap, false, false) })
}, 90_000)

afterAll(async () => {
  await auth?.stop()
  await strict?.stop()
  await anonymous?.stop()
  await ldap?.stop()
})

describe('LDAP sign-in against slapd', () => {
  it('signs a directory user in with the typed password, as the role and groups their LDAP groups map to', async () => {
    const answer = await signIn(auth.origin, 'alice', password('alice'))
    expect(answer.status).toBe(200)
    expect(answer.body.session).toMatchObject({ name: 'alice', role: 'operator', groupIds: [auth.h.fixture.embeddedGroupId] })
    const row = await auth.h.headless.core.access.users.get((answer.body.session as unknown as { userId: number }).userId)
    expect(row).toMatchObject({ name: 'alice', source: 'ldap', role: 'operator' })
    const bridge = await BridgeClient.connectWithCookie(auth.origin, answer.cookie!)
    expect(errorCodeOf(await resultOf(bridge, 'listGroups'))).toBeNull()
    bridge.close()
    expect(await lastSignIn(auth)).toMatchObject({ actor: 'alice', outcome: 'ok', detail: { params: { via: 'ldap' } } })
  })

  it('refuses an empty or whitespace password before asking the directory, audited, and changes nothing for the user', async () => {
    const access = auth.h.headless.core.access
    const session = await signIn(auth.origin, 'alice', password('alice'))
    const token = await tokenOf(auth, session.cookie!)
    const users = await access.users.list()
    for (const blank of ['', ' ', '\t  \n']) {
      const answer = await signIn(auth.origin, 'alice', blank)
      expect(answer.status, JSON.stringify(blank)).toBe(401)
      expect(answer.body.error?.code).toBe('auth.blankPassword')
      expect(answer.cookie).toBeNull()
      expect(await lastSignIn(auth)).toMatchObject({ actor: 'alice', outcome: 'refused', detail: { reason: { code: 'auth.blankPassword' } } })
    }
    // A wrong password proves nothing either.
    expect((await signIn(auth.origin, 'alice', 'not-alices-password')).body.error?.code).toBe('auth.signInFailed')
    expect((await stateOf(session.cookie!)).signedIn).toBe(true)
    expect(await tokenWorks(auth, token)).toBe(true)
    expect(await access.users.list()).toEqual(users)
    // Blank attempts never count against her account: more of them than its limit, and she still signs in.
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.maxFailures + 1; i++) await signIn(auth.origin, 'alice', '')
    expect((await signIn(auth.origin, 'alice', password('alice'))).status).toBe(200)
    await newAddressWindow(auth)
  })

  it('signs the same directory user in whatever the case of the typed name', async () => {
    const first = await signIn(auth.origin, 'alice', password('alice'))
    const ids = new Set<number>()
    for (const name of ['ALICE', ' Alice ', 'aLiCe']) {
      const answer = await signIn(auth.origin, name, password('alice'))
      expect(answer.status, name).toBe(200)
      ids.add((answer.body.session as unknown as { userId: number }).userId)
    }
    expect(ids).toEqual(new Set([(first.body.session as unknown as { userId: number }).userId]))
    expect((await auth.h.headless.core.access.users.list()).filter((u) => u.name.toLowerCase() === 'alice')).toHaveLength(1)
  })

  it('never makes a directory entry named like the local admin a second account, nor the admin: a wrong password for the local one, audited', async () => {
    const access = auth.h.headless.core.access
    const admin = (await access.users.list()).find((u) => u.name === 'admin')!
    const adminSession = await signIn(auth.origin, 'admin', ADMIN_PASSWORD)
    const before = await access.users.list()
    for (const name of ['Admin', 'admin', 'ADMIN']) {
      const answer = await signIn(auth.origin, name, password('admin'))
      expect(answer.status, name).toBe(401)
      expect(answer.body.error?.code).toBe('auth.signInFailed')
      expect(await lastSignIn(auth)).toMatchObject({ actor: name, outcome: 'failed', target: `user ${admin.id}`, detail: { params: { via: 'local' } } })
    }
    expect(await access.users.list()).toEqual(before)
    expect((await stateOf(adminSession.cookie!)).signedIn).toBe(true)
    expect((await signIn(auth.origin, 'Admin', ADMIN_PASSWORD)).body.session).toMatchObject({ name: 'admin', userId: admin.id })
    await newAddressWindow(auth)
  })

  it('takes the highest role of the mapped groups (DNs compared without case or spaces)', async () => {
    const answer = await signIn(auth.origin, 'carol', password('carol'))
    expect(answer.body.session).toMatchObject({ role: 'admin', groupIds: null })
  })

  it('refuses a wrong password and writes no user', async () => {
    const before = (await auth.h.headless.core.access.users.list()).length
    const answer = await signIn(auth.origin, 'bob', 'not-bobs-password')
    expect(answer.status).toBe(401)
    expect(answer.body.error?.code).toBe('auth.signInFailed')
    expect((await auth.h.headless.core.access.users.list()).length).toBe(before)
    expect(await lastSignIn(auth)).toMatchObject({ actor: 'bob', outcome: 'failed' })
  })

  it('looks a filter-injection attempt up as a name: nobody signs in with it', async () => {
    for (const name of ['*)(uid=*', '*', 'alice)(|(uid=*', 'al*']) {
      const answer = await signIn(auth.origin, name, password('alice'))
      expect(answer.status).toBe(401)
      expect(answer.body.error?.code).toBe('auth.signInFailed')
    }
  })

  it('refuses a user whose groups map to no role, with a clear message, and writes no user', async () => {
    const answer = await signIn(auth.origin, 'dave', password('dave'))
    expect(answer.status).toBe(403)
    expect(answer.body.error?.code).toBe('directory.noRole')
    expect((await auth.h.headless.core.access.users.list()).some((u) => u.name === 'dave')).toBe(false)
    expect(await lastSignIn(auth)).toMatchObject({ actor: 'dave', outcome: 'refused', detail: { reason: { code: 'directory.noRole' } } })
  })

  it('refuses a user taken out of the group at their next sign-in, and ends their session', async () => {
    const first = await signIn(auth.origin, 'erin', password('erin'))
    expect(first.status).toBe(200)
    expect((await stateOf(first.cookie!)).signedIn).toBe(true)
    await ldap.removeFromGroup('jobdesk-ops', 'erin')
    const again = await signIn(auth.origin, 'erin', password('erin'))
    expect(again.status).toBe(403)
    expect(again.body.error?.code).toBe('directory.noRole')
    expect((await stateOf(first.cookie!)).signedIn).toBe(false)
    expect(await lastSignIn(auth)).toMatchObject({ actor: 'erin', outcome: 'refused', detail: { reason: { code: 'directory.noRole' } } })
  })

  it('ends the sessions of a user the directory no longer has and suspends her tokens, telling the caller no more than a wrong password', async () => {
    const access = auth.h.headless.core.access
    const first = await signIn(auth.origin, 'frank', password('frank'))
    expect(first.status).toBe(200)
    const token = await tokenOf(auth, first.cookie!)
    await ldap.deletePerson('frank')
    const again = await signIn(auth.origin, 'frank', password('frank'))
    expect(again.body.error?.code).toBe('auth.signInFailed')
    expect((await stateOf(first.cookie!)).signedIn).toBe(false)
    expect(await lastSignIn(auth)).toMatchObject({ actor: 'frank', outcome: 'failed', detail: { reason: { code: 'directory.notFound' } } })
    expect(await tokenWorks(auth, token)).toBe(false)
    const frank = (await access.users.list()).find((u) => u.name === 'frank')!
    const [suspended] = await access.tokens.list({ ...DESKTOP_PRINCIPAL, role: 'viewer', userId: frank.id, groupIds: [] })
    expect(suspended).toMatchObject({ revokedAtMs: 0, suspendedAtMs: auth.h.clock.nowMs() })
    // She comes back (the same entry, still in her group): her token works again.
    await ldap.addPerson({ uid: 'frank', password: password('frank') })
    expect((await signIn(auth.origin, 'Frank', password('frank'))).status).toBe(200)
    expect(await tokenWorks(auth, token)).toBe(true)
  })

  it('without a service account reads the entry and groups as the user, and takes nobody as gone: an anonymous search that finds no one proves nothing', async () => {
    // The test directory hides groups from the anonymous: her role comes from what she reads herself.
    const first = await signIn(anonymous.origin, 'gina', password('gina'))
    expect(first.body.session).toMatchObject({ name: 'gina', role: 'operator' })
    const token = await tokenOf(anonymous, first.cookie!)
    await ldap.deletePerson('gina')
    const again = await signIn(anonymous.origin, 'gina', password('gina'))
    expect(again.body.error?.code).toBe('auth.signInFailed')
    expect(await lastSignIn(anonymous)).toMatchObject({ actor: 'gina', outcome: 'failed', detail: { reason: { code: 'auth.signInFailed' } } })
    expect((await stateOf(first.cookie!, anonymous)).signedIn).toBe(true)
    expect(await tokenWorks(anonymous, token)).toBe(true)
    await ldap.addPerson({ uid: 'gina', password: password('gina') })
  })

  it('keeps a directory user that an admin disabled out, whatever the directory says', async () => {
    const access = auth.h.headless.core.access
    const alice = (await access.users.list()).find((u) => u.name === 'alice')!
    await auth.h.headless.core.api.saveUser({ id: alice.id, name: alice.name, role: alice.role, groupIds: alice.groupIds, disabled: true })
    const answer = await signIn(auth.origin, 'alice', password('alice'))
    expect(answer.status).toBe(403)
    expect(answer.body.error?.code).toBe('directory.disabled')
    await auth.h.headless.core.api.saveUser({ id: alice.id, name: alice.name, role: alice.role, groupIds: alice.groupIds, disabled: false })
    expect((await signIn(auth.origin, 'alice', password('alice'))).status).toBe(200)
  })

  it('keeps no password for a directory user: none can be reset or changed in JobDesk', async () => {
    const alice = (await auth.h.headless.core.access.users.list()).find((u) => u.name === 'alice')!
    await expect(auth.h.headless.core.api.resetUserPassword(alice.id)).rejects.toMatchObject({ code: 'directory.noPassword' })
    const answer = await signIn(auth.origin, 'alice', password('alice'))
    const bridge = await BridgeClient.connectWithCookie(auth.origin, answer.cookie!)
    const change = await resultOf(bridge, 'changePassword', [{ currentPassword: 'whatever-12345', newPassword: 'another-12345' }])
    expect(errorCodeOf(change)).toBe('directory.noPassword')
    bridge.close()
  })

  it('under --require-directory-sign-in refuses local passwords except the break-glass admin, audited', async () => {
    await strict.console('op-a').catch(() => undefined)
    const local = await signIn(strict.origin, 'op-a', 'op-a-first-pass')
    expect(local.status).toBe(403)
    expect(local.body.error?.code).toBe('directory.required')
    expect(await lastSignIn(strict)).toMatchObject({ actor: 'op-a', outcome: 'refused', detail: { reason: { code: 'directory.required' } } })
    // A wrong password learns nothing more than a wrong password.
    expect((await signIn(strict.origin, 'op-a', 'wrong-password-1')).body.error?.code).toBe('auth.signInFailed')
    expect((await signIn(strict.origin, 'admin', ADMIN_PASSWORD)).status).toBe(200)
    expect((await signIn(strict.origin, 'carol', password('carol'))).status).toBe(200)
  })
})
