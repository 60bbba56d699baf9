import type { Role } from '../../../shared/auth'

/** How JobDesk reaches an LDAP directory (`--ldap-*`). */
export interface LdapSettings {
  url: string
  /** The service account that searches for users; absent: anonymous search. */
  bindDn?: string
  bindPassword?: string
  userBase: string
  /** Contains `{{username}}`, replaced by the typed name escaped per RFC 4515. */
  userFilter: string
  /** Group membership by a search under this base (`groupFilter`); absent: the user entry's `memberOf`. */
  groupBase?: string
  /** Contains `{{dn}}`, replaced by the user's DN escaped per RFC 4515. */
  groupFilter: string
  timeoutMs: number
}

/** How JobDesk signs users in through an OpenID Connect provider (`--oidc-*`). */
export interface OidcSettings {
  issuer: string
  clientId: string
  /** Absent: a public client (PKCE only). */
  clientSecret?: string
  /** Where the provider sends the browser back; absent: `/auth/oidc/callback` on the node's own URL. */
  redirectUrl?: string
  /** The sign-in button's "Sign in with …". */
  label: string
}

/** What a directory rule grants: a role and, for an operator or viewer, executor groups by app name. */
export interface Grant {
  role: Role
  groups: string[]
}

/** `--directory-roles FILE`: LDAP group DNs and OIDC claim values mapped to grants. */
export interface DirectoryRoles {
  ldap: (Grant & { dn: string })[]
  oidc: { claim: string; values: (Grant & { value: string })[] }
}

export interface DirectorySettings {
  ldap?: LdapSettings
  oidc?: OidcSettings
  roles: DirectoryRoles
  /** Local passwords are refused for everyone but `breakGlassUser`. */
  requireDirectorySignIn: boolean
  breakGlassUser: string
}
