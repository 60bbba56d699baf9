import type { Client, Entry } from 'ldapts'
import { isBlankPassword } from '../password'
import type { LdapSettings } from './directory-settings'
import { fillFilter } from './ldap-filter'

/** What the directory says of a name and password. */
export type LdapAnswer =
  | { kind: 'ok'; dn: string; groupDns: string[] }
  /**
   * Nothing proven either way: a wrong (or blank) password, several entries for the name, or —
   * without a service account — no entry to bind as (the anonymous search may only not be let look).
   */
  | { kind: 'unproven' }
  /** An authenticated search (the service account's, or the user's own after their bind) found no entry: the user is gone. */
  | { kind: 'absent' }

/**
 * What an authenticated user search tells by how many entries it found: the user, that there is
 * none, or nothing (several entries: a filter that is not unique names nobody, and proves nobody
 * gone). An anonymous search is never asked this: finding no one may only mean it may not look.
 */
export function searchVerdict(entries: number): 'one' | 'absent' | 'unproven' {
  if (entries === 1) return 'one'
  return entries === 0 ? 'absent' : 'unproven'
}

/** ldapts, loaded by the first directory sign-in: ~25 ms of every start (B9) otherwise, for a setting few servers use. */
let ldapts: Promise<typeof import('ldapts')> | null = null
const loadLdapts = () => (ldapts ??= import('ldapts'))

/**
 * The LDAP side of a sign-in: the service account finds the user's entry by `userFilter` and their
 * groups (a group search, or the entry's `memberOf`), then a bind as the entry's DN with the typed
 * password proves it. Without a service account nothing the anonymous may read is taken as an
 * answer (access rules may hide entries and groups from it): the user binds first — as the entry
 * the anonymous search found, or else as the DN JobDesk knows for them (`knownDn`) — and the entry
 * and groups are read again as them. A connection is made per sign-in and closed after. Throws when
 * the directory cannot be reached or refuses the service account.
 */
export class LdapDirectory {
  constructor(private readonly settings: LdapSettings) {}

  async check(name: string, password: string, knownDn?: string): Promise<LdapAnswer> {
    // Never sent: a directory takes an empty password as an anonymous bind, and says yes to it.
    if (isBlankPassword(password)) return { kind: 'unproven' }
    const s = this.settings
    const { Client, InvalidCredentialsError } = await loadLdapts()
    const client = new Client({ url: s.url, timeout: s.timeoutMs, connectTimeout: s.timeoutMs })
    const bindAs = (dn: string, secret: string) => bindWith(client, InvalidCredentialsError, dn, secret)
    try {
      // A blank service password would be an unauthenticated bind: that is searching anonymously.
      const asService = s.bindDn !== undefined && !isBlankPassword(s.bindPassword ?? '')
      if (asService) await client.bind(s.bindDn!, s.bindPassword!)
      let entries = await this.findUser(client, name)
      let boundDn: string | undefined
      if (!asService) {
        boundDn = entries.length === 1 ? entries[0].dn : knownDn
        if (boundDn === undefined || !(await bindAs(boundDn, password))) return { kind: 'unproven' }
        entries = await this.findUser(client, name)
      }
      const verdict = searchVerdict(entries.length)
      if (verdict !== 'one') return { kind: verdict }
      const entry = entries[0]
      const groupDns = s.groupBase === undefined ? valuesOf(entry.memberOf) : await this.groupSearch(client, s.groupBase, entry.dn)
      if (boundDn !== entry.dn && !(await bindAs(entry.dn, password))) return { kind: 'unproven' }
      return { kind: 'ok', dn: entry.dn, groupDns }
    } finally {
      await client.unbind().catch(() => undefined)
    }
  }

  /** At most two entries: a filter that is not unique names nobody. */
  private async findUser(client: Client, name: string): Promise<Entry[]> {
    const s = this.settings
    const { searchEntries } = await client.search(s.userBase, {
      scope: 'sub',
      filter: fillFilter(s.userFilter, { username: name }),
      attributes: ['memberOf'],
      sizeLimit: 2,
    })
    return searchEntries
  }

  private async groupSearch(client: Client, base: string, dn: string): Promise<string[]> {
    const { searchEntries } = await client.search(base, { scope: 'sub', filter: fillFilter(this.settings.groupFilter, { dn }), attributes: ['dn'] })
    return searchEntries.map((e) => e.dn)
  }
}

/** Binds as `dn`; false when the directory says the password is not its (or there is no such entry). */
async function bindWith(client: Client, invalidCredentials: typeof import('ldapts').InvalidCredentialsError, dn: string, password: string): Promise<boolean> {
  try {
    await client.bind(dn, password)
    return true
  } catch (error) {
    if (error instanceof invalidCredentials) return false
    throw error
  }
}

function valuesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value]
  return list.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : v)).filter((v): v is string => typeof v === 'string')
}
