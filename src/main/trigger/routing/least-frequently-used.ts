import { coded } from '../../../shared/messages'
import { RouteMemory } from './route-memory'
import { chosenTrail, emptyAddressTrail, randomIndex, type Router, type RouterOptions } from './router'

/** A use count above this restarts at a random value, as in XXL-JOB. */
export const LFU_COUNT_LIMIT = 1_000_000

/**
 * LEAST_FREQUENTLY_USED: per job, a use count per address. A new address (or one whose count passed
 * 1,000,000) starts at a random 0…n−1 so a fresh map does not send every job to list[0]; addresses no
 * longer listed are dropped; the smallest count wins and is incremented. Ties go to the earlier
 * address in the list (XXL-JOB breaks them by Java HashMap order, which is arbitrary). All maps are
 * discarded every 24 h.
 */
export function createLeastFrequentlyUsedRouter(options: RouterOptions = {}): Router {
  const random = options.random ?? Math.random
  const memory = new RouteMemory<Map<string, number>>()
  return {
    async route(request) {
      const { addresses, jobId } = request
      if (addresses.length === 0) return emptyAddressTrail('LEAST_FREQUENTLY_USED')
      const maps = memory.at(request.nowMs)
      let counts = maps.get(jobId)
      if (!counts) maps.set(jobId, (counts = new Map()))

      for (const address of addresses) {
        const count = counts.get(address)
        if (count === undefined || count > LFU_COUNT_LIMIT) counts.set(address, randomIndex(random, addresses.length))
      }
      const listed = new Set(addresses)
      for (const address of counts.keys()) if (!listed.has(address)) counts.delete(address)

      let chosen = addresses[0]
      let fewest = counts.get(chosen) as number
      for (const address of addresses) {
        const count = counts.get(address) as number
        if (count < fewest) {
          chosen = address
          fewest = count
        }
      }
      counts.set(chosen, fewest + 1)
      const reason = coded('routeReason.leastFrequentlyUsed', { jobId, useCount: fewest, count: addresses.length })
      return chosenTrail('LEAST_FREQUENTLY_USED', request, chosen, reason)
    },
  }
}
