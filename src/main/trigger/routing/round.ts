import { coded } from '../../../shared/messages'
import { chosenTrail, emptyAddressTrail, type Router } from './router'

/**
 * ROUND: each run of a job has a position in the job's sequence, reserved with its row in the
 * database (store/route-repo.ts: a random start 0…99 for a new job, then one step per run), so the
 * sequence is one across every node; the address is list[position mod n].
 */
export function createRoundRouter(): Router {
  return {
    route(request) {
      const { addresses, jobId } = request
      if (addresses.length === 0) return emptyAddressTrail('ROUND')
      const position = request.shared?.roundPosition ?? 0
      const index = position % addresses.length
      return chosenTrail('ROUND', request, addresses[index], coded('routeReason.round', { position, jobId, index, count: addresses.length }))
    },
  }
}
