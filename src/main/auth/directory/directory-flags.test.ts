import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../../test/support/temp-dir'
import { directorySettingsFrom } from './directory-flags'

const dir = makeTempDir('jobdesk-directory-flags-')
afterAll(() => dir.remove())

function file(name: string, text: string): string {
  const path = join(dir.path, name)
  writeFileSync(path, text)
  return path
}

const roles = file(
  'roles.yaml',
  'ldap:\n  - dn: cn=ops,ou=groups,dc=example,dc=org\n    role: operator\n    groups: [billing]\noidc:\n  claim: groups\n  values:\n    - value: admins\n      role: admin\n',
)

describe('directory flags', () => {
  it('are off without --ldap-url or --oidc-issuer', () => {
    expect(directorySettingsFrom({})).toBeUndefined()
  })

  it('read the LDAP and OIDC settings, secrets from files, and the roles file', () => {
    const settings = directorySettingsFrom({
      'ldap-url': 'ldap://127.0.0.1:3890',
      'ldap-user-base': 'ou=people,dc=example,dc=org',
      'ldap-bind-dn': 'cn=jobdesk,dc=example,dc=org',
      'ldap-bind-password-file': file('bind', 'bind-secret\nignored'),
      'oidc-issuer': 'https://idp.example.org/realms/x',
      'oidc-client-id': 'jobdesk',
      'directory-roles': roles,
    })!
    expect(settings.ldap).toMatchObject({ bindPassword: 'bind-secret', userFilter: '(uid={{username}})', groupFilter: '(member={{dn}})' })
    expect(settings.oidc).toMatchObject({ label: 'idp.example.org', clientSecret: undefined })
    expect(settings.roles.ldap[0]).toEqual({ dn: 'cn=ops,ou=groups,dc=example,dc=org', role: 'operator', groups: ['billing'] })
    expect(settings.roles.oidc.values[0]).toEqual({ value: 'admins', role: 'admin', groups: [] })
    expect(settings.breakGlassUser).toBe('admin')
  })

  it('stop the start with one line naming the flag', () => {
    const ldap = { 'ldap-url': 'ldap://127.0.0.1:3890', 'ldap-user-base': 'ou=people,dc=x', 'directory-roles': roles }
    expect(() => directorySettingsFrom({ 'require-directory-sign-in': true })).toThrow(/^--require-directory-sign-in: needs/)
    expect(() => directorySettingsFrom({ ...ldap, 'directory-roles': undefined })).toThrow(/^--directory-roles: is needed/)
    expect(() => directorySettingsFrom({ ...ldap, 'ldap-url': 'http://x' })).toThrow(/^--ldap-url: /)
    expect(() => directorySettingsFrom({ ...ldap, 'ldap-user-filter': '(uid=x)' })).toThrow(/^--ldap-user-filter: must contain/)
    expect(() => directorySettingsFrom({ ...ldap, 'directory-roles': file('bad.yaml', 'ldap:\n  - dn: cn=x,dc=y\n    role: boss\n') })).toThrow(
      /^--directory-roles: .*bad\.yaml: ldap\.0\.role: /,
    )
    expect(() => directorySettingsFrom({ 'oidc-issuer': 'http://idp.example.org', 'oidc-client-id': 'x', 'directory-roles': roles })).toThrow(
      /^--oidc-issuer: .*must be https/,
    )
    expect(directorySettingsFrom({ 'oidc-issuer': 'http://127.0.0.1:9999', 'oidc-client-id': 'x', 'directory-roles': roles })?.oidc?.issuer).toBe(
      'http://127.0.0.1:9999',
    )
  })
})
