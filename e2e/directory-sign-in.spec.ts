import { expect, test } from '@playwright/test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../test/support/free-port'
import { LDAP_PEOPLE, LDAP_SERVICE_DN, LDAP_SERVICE_PASSWORD, startTempLdap, type TempLdapServer } from '../test/support/temp-ldap-server'
import { startTempOidcProvider, type TempOidcProvider } from '../test/support/temp-oidc-provider'
import { bridgeCalls, signInCookie } from './support/admin-session'
import { startHeadlessServer, START_TIMEOUT_MS, STOP_TIMEOUT_MS, type HeadlessServer } from '../test/support/headless-process'

/**
 * Issue 24 in the browser: an LDAP user signs in with the normal form (slapd started here), an
 * OIDC user with "Sign in with …" and the provider's login page (oidc-provider started here), each
 * as the role their directory groups map to; the Users page shows where each signs in; a directory
 * user an admin disabled, and one the mapping gives no role, are refused with a clear message.
 */
const ADMIN_PASSWORD = 'e2e-admin-password'
const dir = mkdtempSync(join(tmpdir(), 'jobdesk-e2e-directory-'))
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text)
  return join(dir, name)
}

let ldap: TempLdapServer
let provider: TempOidcProvider
let server: HeadlessServer

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT_MS + 60_000)
  ldap = await startTempLdap(
    [
      { uid: 'alice', password: 'alice-ldap-password' },
      { uid: 'erin', password: 'erin-ldap-password' },
    ],
    [{ cn: 'jobdesk-ops', members: ['alice', 'erin'] }],
  )
  const port = await freePort()
  const idpPort = await freePort()
  provider = await startTempOidcProvider(idpPort, `http://127.0.0.1:${port}/auth/oidc/callback`, [
    { sub: 'sub-carol', preferred_username: 'carol', email: 'carol@example.org', groups: ['jobdesk-admins'] },
    { sub: 'sub-dave', preferred_username: 'dave', email: 'dave@example.org', groups: ['cafeteria'] },
  ])
  const roles = file(
    'roles.yaml',
    [
      'ldap:',
      `  - dn: ${ldap.groupDn('jobdesk-ops')}`,
      '    role: operator',
      '    groups: [jobdesk-embedded]',
      'oidc:',
      '  claim: groups',
      '  values:',
      '    - value: jobdesk-admins',
      '      role: admin',
    ].join('\n'),
  )
  server = await startHeadlessServer({
    port,
    extraArgs: [
      ['--admin-password-file', file('admin-password', `${ADMIN_PASSWORD}\n`)],
      ['--ldap-url', ldap.url, '--ldap-user-base', LDAP_PEOPLE, '--ldap-group-base', ldap.groupDn('x').replace(/^cn=x,/, '')],
      ['--ldap-bind-dn', LDAP_SERVICE_DN, '--ldap-bind-password-file', file('bind-password', LDAP_SERVICE_PASSWORD)],
      ['--oidc-issuer', provider.issuer, '--oidc-client-id', provider.clientId, '--oidc-client-secret-file', file('client-secret', provider.clientSecret)],
      ['--oidc-name', 'Example SSO', '--directory-roles', roles],
    ].flat(),
  })
})

test.afterAll(async () => {
  test.setTimeout(STOP_TIMEOUT_MS + 20_000)
  await server?.stop()
  await provider?.stop()
  await ldap?.stop()
})

test('an LDAP user signs in with the normal form, as the role their group maps to', async ({ page }) => {
  await page.goto(server.origin)
  await page.getByTestId('sign-in-name').fill('alice')
  await page.getByTestId('sign-in-password').fill('alice-ldap-password')
  await page.getByTestId('sign-in-submit').click()
  await expect(page.getByTestId('session-name')).toHaveText('alice')
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'online')
  // An operator: no Users page.
  await expect(page.getByTestId('nav-users')).toHaveCount(0)
})

test('an OIDC user signs in with the button and the provider login page; the Users page shows each source', async ({ page }) => {
  await page.goto(server.origin)
  await page.getByTestId('sign-in-oidc').filter({ hasText: 'Sign in with Example SSO' }).click()
  await page.locator('input[name="login"]').fill('sub-carol')
  await page.locator('input[name="password"]').fill('anything')
  await page.locator('button[type="submit"]').click()
  // The provider's consent page, then back to the console.
  await page.locator('button[type="submit"]').click()
  await expect(page.getByTestId('session-name')).toHaveText('carol')
  await page.getByTestId('nav-users').click()
  const row = (name: string) => page.getByTestId('user-row').and(page.locator(`[data-name="${name}"]`))
  await expect(row('carol').getByTestId('user-source')).toHaveAttribute('data-source', 'oidc')
  await expect(row('alice').getByTestId('user-source')).toHaveAttribute('data-source', 'ldap')
  await expect(row('admin').getByTestId('user-source')).toHaveAttribute('data-source', 'local')
  await expect(row('alice').getByTestId('user-reset')).toHaveCount(0)
  await expect(row('admin').getByTestId('user-reset')).toHaveCount(1)
})

test('a directory user disabled by an admin, and one mapped to no role, are refused with a clear message', async ({ page }) => {
  // Erin signed in once (her row exists), then an admin disables her in JobDesk.
  await signInCookie(server.origin, 'erin', 'erin-ldap-password')
  const admin = await signInCookie(server.origin, 'admin', ADMIN_PASSWORD)
  await bridgeCalls(server.origin, admin, async (call) => {
    const erin = ((await call('listUsers')) as { id: number; name: string; role: string; groupIds: number[] }[]).find((u) => u.name === 'erin')!
    await call('saveUser', { id: erin.id, name: 'erin', role: erin.role, groupIds: erin.groupIds, disabled: true })
  })
  await page.goto(server.origin)
  await page.getByTestId('sign-in-name').fill('erin')
  await page.getByTestId('sign-in-password').fill('erin-ldap-password')
  await page.getByTestId('sign-in-submit').click()
  await expect(page.getByTestId('sign-in-error')).toHaveText('your user is disabled in JobDesk; ask an admin')

  await page.getByTestId('sign-in-oidc').click()
  await page.locator('input[name="login"]').fill('sub-dave')
  await page.locator('input[name="password"]').fill('anything')
  await page.locator('button[type="submit"]').click()
  await page.locator('button[type="submit"]').click()
  await expect(page.getByTestId('sign-in-error')).toHaveText('the directory gives you no JobDesk role (not in any mapped group); ask an admin')
  await expect(page.getByTestId('session-name')).toHaveCount(0)
})
