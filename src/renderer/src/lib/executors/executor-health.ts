import type { JobGroup, JobRun, RegistryEntry } from '../../../../shared/model'
import { splitAddressList } from '../../../../shared/address-list'

/** One address of a group as the Executors page lists it. */
export interface GroupAddress {
  address: string
  /** From the registry for automatic groups; null for a manual address (no beats to judge by). */
  entry: RegistryEntry | null
}

/**
 * The addresses of a group: for an automatic group, its registered entries (sorted as XXL-JOB
 * sorts them: ascending strings); for a manual group, its own list in the operator's order.
 */
export function groupAddresses(group: JobGroup, registry: readonly RegistryEntry[]): GroupAddress[] {
  if (group.addressType === 1) {
    return splitAddressList(group.addressList).map((address) => ({
      address,
      entry: registry.find((e) => e.appName === group.appName && e.address === address) ?? null,
    }))
  }
  return registry
    .filter((entry) => entry.appName === group.appName)
    .sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0))
    .map((entry) => ({ address: entry.address, entry }))
}

/** Running runs per executor address, newest first (runs without an address yet are left out). */
export function runningByAddress(runs: readonly JobRun[]): Record<string, JobRun[]> {
  const byAddress: Record<string, JobRun[]> = {}
  for (const run of [...runs].sort((a, b) => b.id - a.id)) if (run.executorAddress) (byAddress[run.executorAddress] ??= []).push(run)
  return byAddress
}

/** Registered entries whose app name has no group (the core creates one; until then they are strays). */
export function straysOf(groups: readonly JobGroup[], registry: readonly RegistryEntry[]): RegistryEntry[] {
  const apps = new Set(groups.map((group) => group.appName))
  return registry.filter((entry) => !apps.has(entry.appName))
}
