import { Client, InvalidCredentialsError, type Entry } from 'ldapts'
import { isBlankPassword } from '../password'
import type { LdapSettings } from './directory-settings'
import { fillFilter } from './ldap-filter'

/** What the directory says of a name and password. */
export type LdapAnswer =
  | { kind: 'ok'; dn: string; groupDns: string[] }
  /**
   * Nothing proven either way: a wrong (or blank) password, several entries for the name, or an
   * anonymous search that found no one (which may only mean the anonymous may not look).
   */
  | { kind: 'unproven' }
  /** An authenticated search (the service account's, or the user's own after their bind) found no entry: the user is gone. */
  | { kind: 'absent' }

/** What one user search tells: the entry, that there is none (only an authenticated search may say so), or nothing. */
export function searchVerdict(entries: number, authenticated: boolean): 'one' | 'absent' | 'unproven' {
  if (entries === 1) return 'one'
  return entries === 0 && authenticated ? 'absent' : 'unproven'
}

/**
 * The LDAP side of a sign-in: the service account (or an anonymous bind) finds the user's entry by
 * `userFilter` and their groups (a group search, or the entry's `memberOf`), then a bind as the
 * entry's DN with the typed password proves it. Without a service account, a user JobDesk already
 * knows (`knownDn`) whom the anonymous search does not find binds as that DN, and the search is
 * made again as them. A connection is made per sign-in and closed after. Throws when the directory
 * cannot be reached or refuses the service account.
 */
export class LdapDirectory {
  constructor(private readonly settings: LdapSettings) {}

  async check(name: string, password: string, knownDn?: string): Promise<LdapAnswer> {
    // Never sent: a directory takes an empty password as an anonymous bind, and says yes to it.
    if (isBlankPassword(password)) return { kind: 'unproven' }
    const s = this.settings
    const client = new Client({ url: s.url, timeout: s.timeoutMs, connectTimeout: s.timeoutMs })
    try {
      const asService = s.bindDn !== undefined && !isBlankPassword(s.bindPassword ?? '')
      if (asService) await client.bind(s.bindDn!, s.bindPassword!)
      let entries = await this.findUser(client, name)
      let verdict = searchVerdict(entries.length, asService)
      if (verdict === 'unproven' && !asService && knownDn !== undefined && entries.length === 0) {
        if (!(await bindAs(client, knownDn, password))) return { kind: 'unproven' }
        entries = await this.findUser(client, name)
        verdict = searchVerdict(entries.length, true)
      }
      if (verdict !== 'one') return { kind: verdict }
      const entry = entries[0]
      const groupDns = s.groupBase === undefined ? valuesOf(entry.memberOf) : await this.groupSearch(client, s.groupBase, entry.dn)
      if (!(await bindAs(client, entry.dn, password))) return { kind: 'unproven' }
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
async function bindAs(client: Client, dn: string, password: string): Promise<boolean> {
  try {
    await client.bind(dn, password)
    return true
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return false
    throw error
  }
}

function valuesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value]
  return list.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : v)).filter((v): v is string => typeof v === 'string')
}
