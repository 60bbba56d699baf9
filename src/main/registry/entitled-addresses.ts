import type { JobGroup } from '../../shared/model'
import { splitAddressList } from '../../shared/address-list'
import type { Repos } from '../store/store'

/**
 * The addresses that hold a group's secret by right: those registered under its app name (whatever
 * their health: a suspect executor is still the group's) and, for a manual group, its configured
 * list. JobDesk calls an executor with the group's token (or the global executor token) only at
 * these; any other address a caller names gets no token, and only an admin may name one.
 */
export async function entitledAddresses(repos: Pick<Repos, 'registry'>, group: JobGroup | undefined): Promise<Set<string>> {
  if (!group) return new Set()
  const addresses = new Set(await repos.registry.addressesOf(group.appName))
  if (group.addressType === 1) for (const address of splitAddressList(group.addressList)) addresses.add(address)
  return addresses
}

/** The addresses of `named` outside `entitled`, in their order. */
export function outside(named: readonly string[], entitled: ReadonlySet<string>): string[] {
  return named.filter((address) => !entitled.has(address))
}
