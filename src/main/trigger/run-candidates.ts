import type { JobGroup } from '../../shared/model'
import { splitAddressList } from '../../shared/address-list'
import { entitledAddresses, outside } from '../registry/entitled-addresses'
import type { Repos } from '../store/store'

/** The addresses a run of a job routes over, and which of them get no access token. */
export interface RunCandidates {
  /** The group's list, or a trigger's override, in order. */
  addresses: readonly string[]
  addressOverride: boolean
  /**
   * Addresses of an (admin's) override that are not the group's: called without its access token.
   * Empty for the group's own list.
   */
  tokenless: readonly string[]
}

/** The group's own list: each address holds the group's secret by right. */
export function groupCandidates(group: JobGroup | undefined): RunCandidates {
  return { addresses: splitAddressList(group?.addressList ?? ''), addressOverride: false, tokenless: [] }
}

/**
 * The candidates of a trigger, with or without an override: a real trigger and a route preview ask
 * here, so both route over the same list and send a token to the same addresses.
 */
export async function runCandidates(repos: Pick<Repos, 'registry'>, group: JobGroup | undefined, override?: readonly string[]): Promise<RunCandidates> {
  if (!override || override.length === 0) return groupCandidates(group)
  return { addresses: [...override], addressOverride: true, tokenless: outside(override, await entitledAddresses(repos, group)) }
}
