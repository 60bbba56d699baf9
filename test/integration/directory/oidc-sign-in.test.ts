import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_PATHS, OIDC_PATHS } from '../../../src/shared/auth'
import { EMBEDDED_APP_NAME } from '../../../src/shared/model'
import { AuthHarness } from '../../support/auth-harness'
import { freePort } from '../../support/free-port'
import { OidcBrowser } from '../../support/oidc-browser'
import { startTempOidcProvider, type OidcAccount, type TempOidcProvider } from '../../support/temp-oidc-provider'

const accounts: OidcAccount[] = [
  { sub: 'sub-alice', preferred_username: 'alice', email: 'alice@example.org', groups: ['jobdesk-ops'] },
  { sub: 'sub-carol', preferred_username: 'carol', email: 'carol@example.org', groups: ['jobdesk-ops', 'jobdesk-admins'] },
  { sub: 'sub-dave', preferred_username: 'dave', email: 'dave@example.org', groups: ['cafeteria'] },
  // An identity named like the local admin, in the admins' group: it must never become that account.
  { sub: 'sub-admin', preferred_username: 'Admin', email: 'admin@example.org', groups: ['jobdesk-admins'] },
]

let provider: TempOidcProvider
let auth: AuthHarness

beforeAll(async () => {
  const port = await freePort()
  auth = await AuthHarness.start({
    directory: {
      oidc: { issuer: `http://127.0.0.1:${port}`, clientId: 'jobdesk', clientSecret: 'jobdesk-client-secret-0123', label: 'Test IdP' },
      roles: {
        ldap: [],
        oidc: {
          claim: 'groups',
          values: [
            { value: 'jobdesk-ops', role: 'operator', groups: [EMBEDDED_APP_NAME] },
            { value: 'jobdesk-admins', role: 'admin', groups: [] },
          ],
        },
      },
      requireDirectorySignIn: false,
      breakGlassUser: 'admin',
    },
  })
  provider = await startTempOidcProvider(port, `${auth.origin}${OIDC_PATHS.callback}`, accounts)
}, 60_000)

afterAll(async () => {
  await auth?.stop()
  await provider?.stop()
})

async function whoIs(cookie: string): Promise<{ signedIn: boolean }> {
  return (await fetch(`${auth.origin}${AUTH_PATHS.state}`, { headers: { cookie } })).json() as Promise<{ signedIn: boolean }>
}

async function lastSignIn() {
  return (await auth.h.headless.core.access.audit.list({ action: 'auth.signIn', limit: 1 })).entries[0]
}

describe('OpenID Connect sign-in against oidc-provider', () => {
  it('offers the button by its name on the sign-in state', async () => {
    const state = (await (await fetch(`${auth.origin}${AUTH_PATHS.state}`)).json()) as { oidc?: { label: string } }
    expect(state.oidc).toEqual({ label: 'Test IdP' })
  })

  it('sends the browser to the provider with PKCE (S256), state, nonce and the configured redirect URI', async () => {
    const response = await fetch(`${auth.origin}${OIDC_PATHS.start}`, { redirect: 'manual', headers: { host: 'evil.example.org' } })
    expect(response.status).toBe(303)
    const url = new URL(response.headers.get('location')!)
    expect(url.origin).toBe(provider.issuer)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/)
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/)
    // The server's own address, never the Host a request names.
    expect(url.searchParams.get('redirect_uri')).toBe(`${auth.origin}${OIDC_PATHS.callback}`)
    expect(response.headers.get('set-cookie')).toMatch(/^jobdesk_oidc=[\w-]+; HttpOnly; SameSite=Lax; Path=\/auth\/oidc; Max-Age=600$/)
  })

  it('signs a user in through the full code + PKCE flow, as the role their groups claim maps to', async () => {
    const browser = new OidcBrowser()
    const callback = await browser.toCallback(`${auth.origin}${OIDC_PATHS.start}`, 'sub-alice')
    const landed = await browser.open(callback)
    expect(landed.location).toBe('/')
    expect(landed.session).not.toBeNull()
    expect((await whoIs(landed.session!)).signedIn).toBe(true)
    const alice = (await auth.h.headless.core.access.users.list()).find((u) => u.name === 'alice')!
    expect(alice).toMatchObject({ source: 'oidc', role: 'operator', groupIds: [auth.h.fixture.embeddedGroupId] })
    expect(await lastSignIn()).toMatchObject({ actor: 'alice', outcome: 'ok', detail: { params: { via: 'oidc' } } })
    // The same callback again (a replay) signs nobody in: its state was used.
    expect((await browser.open(callback)).location).toBe('/#sign-in-error=directory.oidcState')
  })

  it('takes the highest role the claim values map to', async () => {
    const browser = new OidcBrowser()
    await browser.open(await browser.toCallback(`${auth.origin}${OIDC_PATHS.start}`, 'sub-carol'))
    expect((await auth.h.headless.core.access.users.list()).find((u) => u.name === 'carol')).toMatchObject({ source: 'oidc', role: 'admin' })
  })

  it('refuses a tampered state, and a callback opened in another browser, audited', async () => {
    const browser = new OidcBrowser()
    const callback = new URL(await browser.toCallback(`${auth.origin}${OIDC_PATHS.start}`, 'sub-alice'))
    const tampered = new URL(callback)
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`)
    // Counted, as identical refusals within a minute are one row (the replay above may have made it).
    const stateRefusals = async () =>
      (await auth.h.headless.core.access.audit.list({ action: 'auth.signIn', outcome: 'refused', text: 'directory.oidcState' })).entries.reduce(
        (n, e) => n + e.count,
        0,
      )
    const before = await stateRefusals()
    const refused = await browser.open(tampered.href)
    expect(refused).toEqual({ location: '/#sign-in-error=directory.oidcState', session: null })
    expect(await stateRefusals()).toBe(before + 1)
    // Sent to another browser (login CSRF): that browser has no binding cookie.
    const other = new OidcBrowser()
    expect((await other.open(callback.href)).location).toBe('/#sign-in-error=directory.oidcState')
  })

  it('refuses a user whose claims map to no role, and writes no user', async () => {
    const browser = new OidcBrowser()
    const landed = await browser.open(await browser.toCallback(`${auth.origin}${OIDC_PATHS.start}`, 'sub-dave'))
    expect(landed).toEqual({ location: '/#sign-in-error=directory.noRole', session: null })
    expect((await auth.h.headless.core.access.users.list()).some((u) => u.name === 'dave')).toBe(false)
    expect(await lastSignIn()).toMatchObject({ actor: 'dave', outcome: 'refused', detail: { reason: { code: 'directory.noRole' } } })
  })

  it("refuses an identity whose name is the local admin's in another case: no second account, no merge, audited", async () => {
    const access = auth.h.headless.core.access
    const before = await access.users.list()
    const browser = new OidcBrowser()
    const landed = await browser.open(await browser.toCallback(`${auth.origin}${OIDC_PATHS.start}`, 'sub-admin'))
    expect(landed).toEqual({ location: '/#sign-in-error=directory.nameTaken', session: null })
    expect(await access.users.list()).toEqual(before)
    expect(before.filter((u) => u.name.toLowerCase() === 'admin')).toEqual([expect.objectContaining({ name: 'admin', source: 'local' })])
    expect(await lastSignIn()).toMatchObject({ actor: 'Admin', outcome: 'refused', detail: { reason: { code: 'directory.nameTaken' } } })
  })

  it('refuses a password sign-in for an OIDC user', async () => {
    const response = await fetch(`${auth.origin}${AUTH_PATHS.signIn}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: auth.origin },
      body: JSON.stringify({ name: 'alice', password: 'anything-at-all' }),
    })
    expect(response.status).toBe(401)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('directory.useOidc')
  })
})
