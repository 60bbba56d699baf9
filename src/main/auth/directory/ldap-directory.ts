import { Client, InvalidCredentialsError } from 'ldapts'
import type { LdapSettings } from './directory-settings'
import { fillFilter } from './ldap-filter'

/** What the directory says of a name and password. */
export type LdapAnswer =
  | { kind: 'ok'; dn: string; groupDns: string[] }
  /** The entry exists; the password is not its own. */
  | { kind: 'wrong-password'; dn: string }
  /** No entry (or several: a filter that is not unique names nobody). */
  | { kind: 'not-found' }

/**
 * The LDAP side of a sign-in: the service account (or an anonymous bind) finds the user's entry by
 * `userFilter` and their groups (a group search, or the entry's `memberOf`), then a bind as the
 * entry's DN with the typed password proves it. A connection is made per sign-in and closed after.
 * Throws when the directory cannot be reached or refuses the service account.
 */
export class LdapDirectory {
  constructor(private readonly settings: LdapSettings) {}

  async check(name: string, password: string): Promise<LdapAnswer> {
    // An empty password would be an unauthenticated bind, which directories accept: never a proof.
    if (password === '') return { kind: 'not-found' }
    const s = this.settings
    const client = new Client({ url: s.url, timeout: s.timeoutMs, connectTimeout: s.timeoutMs })
    try {
      if (s.bindDn !== undefined) await client.bind(s.bindDn, s.bindPassword ?? '')
      const { searchEntries } = await client.search(s.userBase, {
        scope: 'sub',
        filter: fillFilter(s.userFilter, { username: name }),
        attributes: ['memberOf'],
        sizeLimit: 2,
      })
      if (searchEntries.length !== 1) return { kind: 'not-found' }
      const entry = searchEntries[0]
      const groupDns = s.groupBase === undefined ? valuesOf(entry.memberOf) : await this.groupSearch(client, s.groupBase, entry.dn)
      try {
        await client.bind(entry.dn, password)
      } catch (error) {
        if (error instanceof InvalidCredentialsError) return { kind: 'wrong-password', dn: entry.dn }
        throw error
      }
      return { kind: 'ok', dn: entry.dn, groupDns }
    } finally {
      await client.unbind().catch(() => undefined)
    }
  }

  private async groupSearch(client: Client, base: string, dn: string): Promise<string[]> {
    const { searchEntries } = await client.search(base, { scope: 'sub', filter: fillFilter(this.settings.groupFilter, { dn }), attributes: ['dn'] })
    return searchEntries.map((e) => e.dn)
  }
}

function valuesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value]
  return list.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : v)).filter((v): v is string => typeof v === 'string')
}
