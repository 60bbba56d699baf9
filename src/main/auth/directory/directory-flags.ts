import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { ROLES } from '../../../shared/auth'
import { z } from '../../../shared/schema/z'
import type { DirectoryRoles, DirectorySettings, LdapSettings, OidcSettings } from './directory-settings'

/** A start-time problem with the directory flags: one line that names the flag. */
export class DirectoryFlagError extends Error {
  override readonly name = 'DirectoryFlagError'
}

/** The serve flags this module reads (names as on the command line, without `--`). */
export interface DirectoryFlags {
  'ldap-url'?: string
  'ldap-bind-dn'?: string
  'ldap-bind-password-file'?: string
  'ldap-user-base'?: string
  'ldap-user-filter'?: string
  'ldap-group-base'?: string
  'ldap-group-filter'?: string
  'oidc-issuer'?: string
  'oidc-client-id'?: string
  'oidc-client-secret-file'?: string
  'oidc-redirect-url'?: string
  'oidc-name'?: string
  'directory-roles'?: string
  'require-directory-sign-in'?: boolean
  'break-glass-user'?: string
}

const grant = { role: z.enum(ROLES), groups: z.array(z.string().trim().min(1).max(64)).max(500).default([]) }
const rolesSchema = z.strictObject({
  ldap: z.array(z.strictObject({ dn: z.string().trim().min(3).max(1024), ...grant })).default([]),
  oidc: z
    .strictObject({ claim: z.string().trim().min(1).max(100), values: z.array(z.strictObject({ value: z.string().min(1).max(500), ...grant })) })
    .default({ claim: 'groups', values: [] }),
})

/** Loopback issuers may be plain http (a provider on this machine, e.g. in tests); any other must be https. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
}

/** The directory settings the flags give, or undefined when none is on; throws DirectoryFlagError. */
export function directorySettingsFrom(flags: DirectoryFlags): DirectorySettings | undefined {
  const ldap = ldapSettings(flags)
  const oidc = oidcSettings(flags)
  const requireDirectorySignIn = flags['require-directory-sign-in'] === true
  if (!ldap && !oidc) {
    if (requireDirectorySignIn) fail('--require-directory-sign-in', 'needs --ldap-url or --oidc-issuer: nobody could sign in but the break-glass admin')
    if (flags['directory-roles'] !== undefined) fail('--directory-roles', 'needs --ldap-url or --oidc-issuer')
    return undefined
  }
  if (flags['directory-roles'] === undefined)
    fail('--directory-roles', 'is needed with --ldap-url or --oidc-issuer: it says which role each directory group gets')
  const breakGlassUser = (flags['break-glass-user'] ?? 'admin').trim()
  if (breakGlassUser === '') fail('--break-glass-user', 'is empty')
  return { ldap, oidc, roles: readRoles(flags['directory-roles']), requireDirectorySignIn, breakGlassUser }
}

function ldapSettings(flags: DirectoryFlags): LdapSettings | undefined {
  const url = flags['ldap-url']
  if (url === undefined) {
    for (const flag of ['ldap-bind-dn', 'ldap-user-base', 'ldap-group-base'] as const) if (flags[flag] !== undefined) fail(`--${flag}`, 'needs --ldap-url')
    return undefined
  }
  if (!/^ldaps?:\/\/[^\s/]+\/?$/.test(url)) fail('--ldap-url', `'${url.slice(0, 120)}' is not an ldap:// or ldaps:// URL (ldaps://ldap.example.org:636)`)
  const userBase = flags['ldap-user-base']
  if (userBase === undefined || userBase.trim() === '') fail('--ldap-user-base', 'is needed with --ldap-url (ou=people,dc=example,dc=org)')
  const userFilter = flags['ldap-user-filter'] ?? '(uid={{username}})'
  if (!userFilter.includes('{{username}}')) fail('--ldap-user-filter', "must contain {{username}} (e.g. '(uid={{username}})')")
  const groupFilter = flags['ldap-group-filter'] ?? '(member={{dn}})'
  if (!groupFilter.includes('{{dn}}')) fail('--ldap-group-filter', "must contain {{dn}} (e.g. '(member={{dn}})')")
  const bindDn = flags['ldap-bind-dn']
  const passwordFile = flags['ldap-bind-password-file']
  if ((bindDn === undefined) !== (passwordFile === undefined)) fail('--ldap-bind-dn', 'and --ldap-bind-password-file go together')
  return {
    url,
    bindDn,
    bindPassword: passwordFile === undefined ? undefined : firstLine('--ldap-bind-password-file', passwordFile),
    userBase,
    userFilter,
    groupBase: flags['ldap-group-base'],
    groupFilter,
    timeoutMs: 10_000,
  }
}

function oidcSettings(flags: DirectoryFlags): OidcSettings | undefined {
  const issuer = flags['oidc-issuer']
  if (issuer === undefined) {
    for (const flag of ['oidc-client-id', 'oidc-client-secret-file', 'oidc-redirect-url'] as const)
      if (flags[flag] !== undefined) fail(`--${flag}`, 'needs --oidc-issuer')
    return undefined
  }
  const url = urlOf('--oidc-issuer', issuer)
  if (url.protocol !== 'https:' && !isLoopbackHttp(url))
    fail('--oidc-issuer', `'${issuer.slice(0, 120)}' must be https:// (plain http only on 127.0.0.1 or localhost)`)
  const clientId = flags['oidc-client-id']
  if (clientId === undefined || clientId.trim() === '') fail('--oidc-client-id', 'is needed with --oidc-issuer')
  const redirectUrl = flags['oidc-redirect-url']
  if (redirectUrl !== undefined && !/^https?:$/.test(urlOf('--oidc-redirect-url', redirectUrl).protocol))
    fail('--oidc-redirect-url', 'must be an http:// or https:// URL')
  const secretFile = flags['oidc-client-secret-file']
  return {
    issuer,
    clientId,
    clientSecret: secretFile === undefined ? undefined : firstLine('--oidc-client-secret-file', secretFile),
    redirectUrl,
    label: (flags['oidc-name'] ?? url.host).slice(0, 60),
  }
}

/** The YAML parser, loaded only when a directory is configured: most servers never read YAML at start (B9). */
const yamlParser = () => createRequire(import.meta.url)('yaml') as typeof import('yaml')

function readRoles(file: string): DirectoryRoles {
  let document: unknown
  try {
    document = yamlParser().parse(readFileSync(file, 'utf8'))
  } catch (error) {
    fail('--directory-roles', `cannot read ${file}: ${(error as Error).message.split('\n')[0]}`)
  }
  const parsed = rolesSchema.safeParse(document ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    fail('--directory-roles', `${file}: ${issue.path.join('.') || '(top)'}: ${issue.message}`)
  }
  if (parsed.data.ldap.length === 0 && parsed.data.oidc.values.length === 0) fail('--directory-roles', `${file} maps nothing: nobody would get a role`)
  return parsed.data
}

function firstLine(flag: string, file: string): string {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    fail(flag, `cannot read ${file}: ${(error as Error).message}`)
  }
  const line = text.split(/\r?\n/)[0]
  if (line === '') fail(flag, `${file} is empty`)
  return line
}

function urlOf(flag: string, text: string): URL {
  try {
    return new URL(text)
  } catch {
    fail(flag, `'${text.slice(0, 120)}' is not a URL`)
  }
}

function fail(flag: string, problem: string): never {
  throw new DirectoryFlagError(`${flag}: ${problem}`)
}
