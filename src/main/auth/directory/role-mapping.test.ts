import { describe, expect, it } from 'vitest'
import type { DirectoryRoles } from './directory-settings'
import { ldapGrant, oidcGrant } from './role-mapping'

const roles: DirectoryRoles = {
  ldap: [
    { dn: 'cn=ops,ou=groups,dc=example,dc=org', role: 'operator', groups: ['billing'] },
    { dn: 'cn=watchers,ou=groups,dc=example,dc=org', role: 'viewer', groups: ['reports', 'billing'] },
    { dn: 'cn=admins,ou=groups,dc=example,dc=org', role: 'admin', groups: ['ignored'] },
  ],
  oidc: {
    claim: 'groups',
    values: [
      { value: 'jobdesk-ops', role: 'operator', groups: ['billing'] },
      { value: 'jobdesk-viewers', role: 'viewer', groups: ['reports'] },
    ],
  },
}

describe('directory role mapping', () => {
  it('gives the highest role and the union of the groups of the rules that match', () => {
    expect(ldapGrant(roles, ['CN=Ops, OU=groups, DC=example, DC=org', 'cn=watchers,ou=groups,dc=example,dc=org'])).toEqual({
      role: 'operator',
      groups: ['billing', 'reports'],
    })
    expect(ldapGrant(roles, ['cn=admins,ou=groups,dc=example,dc=org', 'cn=ops,ou=groups,dc=example,dc=org'])).toEqual({ role: 'admin', groups: [] })
  })

  it('gives nothing when no rule matches', () => {
    expect(ldapGrant(roles, ['cn=cafeteria,ou=groups,dc=example,dc=org'])).toBeNull()
    expect(ldapGrant(roles, [])).toBeNull()
    expect(oidcGrant(roles, { groups: ['other'] })).toBeNull()
    expect(oidcGrant(roles, {})).toBeNull()
  })

  it('reads an OIDC claim that is a list or a single string, and ignores other values', () => {
    expect(oidcGrant(roles, { groups: ['jobdesk-viewers', 7, null] })).toEqual({ role: 'viewer', groups: ['reports'] })
    expect(oidcGrant(roles, { groups: 'jobdesk-ops' })).toEqual({ role: 'operator', groups: ['billing'] })
    expect(oidcGrant(roles, { groups: { 'jobdesk-ops': true } })).toBeNull()
  })
})
