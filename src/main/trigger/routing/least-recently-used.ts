import { coded } from '../../../shared/messages'
import { chosenTrail, emptyAddressTrail, rotatedForJob, type Router } from './router'

/**
 * LEAST_RECENTLY_USED: the address this job routed to longest ago (the database keeps each address's
 * last use, store/route-repo.ts); one never used comes first. Ties go to the earliest in the list
 * starting at `jobId mod n`, so fresh jobs spread.
 */
export function createLeastRecentlyUsedRouter(): Router {
  return {
    route(request) {
      const { addresses, jobId } = request
      if (addresses.length === 0) return emptyAddressTrail('LEAST_RECENTLY_USED')
      const lastUsed = new Map((request.shared?.uses ?? []).map((use) => [use.address, use.lastUsedMs]))
      let eldest = ''
      let eldestMs = Infinity
      for (const address of rotatedForJob(addresses, jobId)) {
        const usedMs = lastUsed.get(address) ?? 0
        if (usedMs < eldestMs) {
          eldest = address
          eldestMs = usedMs
        }
      }
      return chosenTrail('LEAST_RECENTLY_USED', request, eldest, coded('routeReason.leastRecentlyUsed', { jobId, count: addresses.length }))
    },
  }
}
