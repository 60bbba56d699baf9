import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DirectorySettings } from '../../../src/main/auth/directory/directory-settings'
import { AUTH_PATHS } from '../../../src/shared/auth'
import { EMBEDDED_APP_NAME } from '../../../src/shared/model'
import { AuthHarness, ADMIN_PASSWORD, errorCodeOf, resultOf } from '../../support/auth-harness'
import { signIn } from '../../support/auth-session'
import { BridgeClient } from '../../support/bridge-client'
import { LDAP_PEOPLE, LDAP_SERVICE_DN, LDAP_SERVICE_PASSWORD, startTempLdap, type TempLdapServer } from '../../support/temp-ldap-server'

const people = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'].map((uid) => ({ uid, password: `${uid}-ldap-password` }))
const groups = [
  { cn: 'jobdesk-ops', members: ['alice', 'carol', 'erin', 'frank'] },
  { cn: 'jobdesk-admins', members: ['carol'] },
  { cn: 'cafeteria', members: ['dave'] },
]

let ldap: TempLdapServer
let auth: AuthHarness
let strict: AuthHarness

function settings(server: TempLdapServer, requireDirectorySignIn = false): DirectorySettings {
  return {
    ldap: {
      url: server.url,
      bindDn: LDAP_SERVICE_DN,
      bindPassword: LDAP_SERVICE_PASSWORD,
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

async function stateOf(cookie: string): Promise<{ signedIn: boolean }> {
  return (await fetch(`${auth.origin}${AUTH_PATHS.state}`, { headers: { cookie } })).json() as Promise<{ signedIn: boolean }>
}

async function lastSignIn(h: AuthHarness) {
  return (await h.h.headless.core.access.audit.list({ action: 'auth.signIn', limit: 1 })).entries[0]
}

beforeAll(async () => {
  ldap = await startTempLdap(people, groups)
  auth = await AuthHarness.start({ directory: settings(ldap) })
  strict = await AuthHarness.start({ directory: settings(ldap, true) })
}, 60_000)

afterAll(async () => {
  await auth?.stop()
  await strict?.stop()
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

  it('ends the sessions of a user the directory no longer has, telling the caller no more than a wrong password', async () => {
    const first = await signIn(auth.origin, 'frank', password('frank'))
    expect(first.status).toBe(200)
    await ldap.deletePerson('frank')
    const again = await signIn(auth.origin, 'frank', password('frank'))
    expect(again.body.error?.code).toBe('auth.signInFailed')
    expect((await stateOf(first.cookie!)).signedIn).toBe(false)
    expect(await lastSignIn(auth)).toMatchObject({ actor: 'frank', outcome: 'failed', detail: { reason: { code: 'directory.notFound' } } })
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
