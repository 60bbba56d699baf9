import { EMBEDDED_ADDRESS_PREFIX, type AddressHealth, type JobGroup, type RegistryEntry } from '../../../../shared/model'
import { splitAddressList } from '../../../../shared/address-list'

/**
 * The addresses that hold a group's access token by right, decided as the core decides them
 * (src/main/registry/entitled-addresses.ts): every address registered under its app name, whatever
 * its health (a suspect executor is still the group's), and for a manual group its configured list.
 * Only these may a non-admin name in Run once; sorted, as XXL-JOB lists addresses.
 */
export function entitledAddresses(group: JobGroup | undefined, registry: readonly RegistryEntry[]): string[] {
  if (!group) return []
  const addresses = new Set(registry.filter((entry) => entry.appName === group.appName).map((entry) => entry.address))
  if (group.addressType === 1) for (const address of splitAddressList(group.addressList)) addresses.add(address)
  return [...addresses].sort()
}

/** The addresses of `named` outside the group (in their order): a non-admin's trigger naming one is refused. */
export function outsideGroup(named: readonly string[], entitled: readonly string[]): string[] {
  const own = new Set(entitled)
  return named.filter((address) => !own.has(address))
}

/**
 * The addresses of `named` JobDesk calls without the group's access token: those outside the group,
 * but for an embedded executor's, which is reached in-process or over the node route and never
 * takes a group's token anyway (the core's RoutePreview.tokenless leaves them out too).
 */
export function calledWithoutToken(named: readonly string[], entitled: readonly string[]): string[] {
  return outsideGroup(named, entitled).filter((address) => !address.startsWith(EMBEDDED_ADDRESS_PREFIX))
}

export interface AddressChoice {
  address: string
  /** From the registry; null for a configured address that never registered. */
  health: AddressHealth | null
  /** Picked while it was the group's, and no longer is (its executor deregistered): a non-admin's run there is refused. */
  gone: boolean
}

/**
 * The checkboxes of Run once: the group's own addresses, plus any picked one that has left the
 * group since, so the operator sees it and can untick it (dropping it silently would send the run
 * to the whole group instead of where it was aimed).
 */
export function addressChoices(
  entitled: readonly string[],
  registry: readonly RegistryEntry[],
  appName: string | undefined,
  picked: readonly string[],
): AddressChoice[] {
  const health = new Map(registry.filter((entry) => entry.appName === appName).map((entry) => [entry.address, entry.health]))
  const gone = outsideGroup(picked, entitled)
  return [
    ...entitled.map((address) => ({ address, health: health.get(address) ?? null, gone: false })),
    ...gone.map((address) => ({ address, health: null, gone: true })),
  ]
}
