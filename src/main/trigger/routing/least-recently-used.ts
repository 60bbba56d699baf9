import { coded } from '../../../shared/messages'
import { RouteMemory } from './route-memory'
import { chosenTrail, emptyAddressTrail, type Router } from './router'

/**
 * LEAST_RECENTLY_USED: per job, the addresses in access order (a Set keeps insertion order; re-adding
 * marks an address most recent). Newly listed addresses join as most recent, in list order, as in
 * XXL-JOB's access-ordered LinkedHashMap; addresses no longer listed are dropped; the eldest wins and
 * becomes most recent. All maps are discarded every 24 h.
 */
export function createLeastRecentlyUsedRouter(): Router {
  const memory = new RouteMemory<Set<string>>()
  return {
    async route(request) {
      const { addresses, jobId } = request
      if (addresses.length === 0) return emptyAddressTrail('LEAST_RECENTLY_USED')
      const maps = memory.at(request.nowMs)
      let order = maps.get(jobId)
      if (!order) maps.set(jobId, (order = new Set()))

      for (const address of addresses) order.add(address)
      const listed = new Set(addresses)
      for (const address of order) if (!listed.has(address)) order.delete(address)

      const eldest = order.values().next().value as string
      order.delete(eldest)
      order.add(eldest)
      const reason = coded('routeReason.leastRecentlyUsed', { jobId, count: addresses.length })
      return chosenTrail('LEAST_RECENTLY_USED', request, eldest, reason)
    },
  }
}
