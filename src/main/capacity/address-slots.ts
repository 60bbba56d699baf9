import { addressLimitName } from '../../shared/capacity'
import type { Repos, UnitOfWork } from '../store/store'

export type AddressSlotRepos = Pick<Repos, 'poolSlots'>

/** A routed run of a group with maxConcurrent, as the address's slot is taken for it. */
export interface AddressClaim {
  logId: number
  jobId: number
  groupId: number
  maxConcurrent: number
}

/**
 * Group maxConcurrent, address by address (docs/capacity.md): the trigger's transaction gave the
 * run one of the group's slots (`group:<id>`, maxConcurrent × addresses), so some address has room;
 * when the run is routed, the router sees only the addresses below their limit, and the chosen
 * one's slot (`addr:<id>:<address>`) is taken in a transaction of its own under the address's lock
 * before the executor is called. Another node may have filled it meanwhile: the caller routes again
 * without it. Groups without maxConcurrent never come here.
 */
export class AddressSlots {
  constructor(private readonly store: UnitOfWork<AddressSlotRepos> & AddressSlotRepos) {}

  /** The addresses at their limit now (a read outside any transaction: `take` decides exactly). */
  async full(groupId: number, maxConcurrent: number, addresses: readonly string[]): Promise<Set<string>> {
    const held = await this.store.poolSlots.held(addresses.map((address) => addressLimitName(groupId, address)))
    return new Set(addresses.filter((address) => (held.get(addressLimitName(groupId, address)) ?? 0) >= maxConcurrent))
  }

  /** Takes one slot of `address` for the run; false when the address is at its limit. */
  take(claim: AddressClaim, address: string, nowMs: number): Promise<boolean> {
    const name = addressLimitName(claim.groupId, address)
    return this.store.transaction(async (tx) => {
      await tx.poolSlots.lock([name])
      if (((await tx.poolSlots.held([name])).get(name) ?? 0) >= claim.maxConcurrent) return false
      await tx.poolSlots.insert([
        { logId: claim.logId, pool: name, jobId: claim.jobId, slots: 1, state: 'held', priority: 0, orderTimeMs: nowMs, sinceMs: nowMs },
      ])
      return true
    })
  }
}
