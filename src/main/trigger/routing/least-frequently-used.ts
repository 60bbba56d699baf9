import { coded } from '../../../shared/messages'
import { USE_WINDOW_MS } from '../../domain/address-use'
import { chosenTrail, emptyAddressTrail, rotatedForJob, type Router } from './router'

/**
 * LEAST_FREQUENTLY_USED: the address this job used least often in the last 24 h (the database counts
 * each run's address, store/route-repo.ts; XXL-JOB forgets its counts daily too). An address not used
 * yet counts 0; ties go to the earliest in the list starting at `jobId mod n`, so fresh jobs spread.
 */
export function createLeastFrequentlyUsedRouter(): Router {
  return {
    route(request) {
      const { addresses, jobId, nowMs } = request
      if (addresses.length === 0) return emptyAddressTrail('LEAST_FREQUENTLY_USED')
      const counts = new Map<string, number>()
      for (const use of request.shared?.uses ?? []) {
        if (use.windowStartMs >= nowMs - USE_WINDOW_MS) counts.set(use.address, use.useCount)
      }
      let chosen = ''
      let fewest = Infinity
      for (const address of rotatedForJob(addresses, jobId)) {
        const count = counts.get(address) ?? 0
        if (count < fewest) {
          chosen = address
          fewest = count
        }
      }
      const reason = coded('routeReason.leastFrequentlyUsed', { jobId, useCount: fewest, count: addresses.length })
      return chosenTrail('LEAST_FREQUENTLY_USED', request, chosen, reason)
    },
  }
}
