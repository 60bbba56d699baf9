import { ROLES, roleAtLeast } from '../../../shared/auth'
import type { DirectoryRoles, Grant } from './directory-settings'

/**
 * What the directory's answer grants: the highest role among the rules that match, and the union
 * of their executor groups (none for an admin, who has every group). Null: no rule matches — the
 * user has no role in JobDesk and is refused.
 */
export function grantOf(rules: readonly Grant[]): Grant | null {
  if (rules.length === 0) return null
  const role = rules.map((r) => r.role).reduce((best, r) => (roleAtLeast(r, best) ? r : best), ROLES[0])
  const groups = role === 'admin' ? [] : [...new Set(rules.flatMap((r) => r.groups))].sort()
  return { role, groups }
}

export function ldapGrant(roles: DirectoryRoles, groupDns: readonly string[]): Grant | null {
  const member = new Set(groupDns.map(normalDn))
  return grantOf(roles.ldap.filter((rule) => member.has(normalDn(rule.dn))))
}

/** The claim may be a string or a list of strings (other values match nothing). */
export function oidcGrant(roles: DirectoryRoles, claims: Readonly<Record<string, unknown>>): Grant | null {
  const claim = claims[roles.oidc.claim]
  const values = new Set((Array.isArray(claim) ? claim : [claim]).filter((v): v is string => typeof v === 'string'))
  return grantOf(roles.oidc.values.filter((rule) => values.has(rule.value)))
}

/** DNs compare without case and without the spaces around `,` and `=` (how directories print them varies). */
function normalDn(dn: string): string {
  return dn
    .trim()
    .replace(/\s*([,=])\s*/g, '$1')
    .toLowerCase()
}
