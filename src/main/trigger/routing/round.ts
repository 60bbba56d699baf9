import { coded } from '../../../shared/messages'
import { RouteMemory } from './route-memory'
import { chosenTrail, emptyAddressTrail, randomIndex, type Router, type RouterOptions } from './router'

/** A counter above this restarts at a random value, as in XXL-JOB. */
export const ROUND_COUNTER_LIMIT = 1_000_000
/** First use starts at a random 0…99 so jobs first triggered together spread over the list, not all on list[0]. */
const ROUND_RANDOM_START = 100

/**
 * ROUND: a counter per jobId; the first trigger (or one after the counter passed 1,000,000) takes a
 * random start 0…99 as is, every later trigger adds 1; the address is list[counter mod n]. All
 * counters are discarded every 24 h.
 */
export function createRoundRouter(options: RouterOptions = {}): Router {
  const random = options.random ?? Math.random
  const memory = new RouteMemory<number>()
  return {
    async route(request) {
      const { addresses, jobId } = request
      if (addresses.length === 0) return emptyAddressTrail('ROUND')
      const counters = memory.at(request.nowMs)
      const previous = counters.get(jobId)
      const restart = previous === undefined || previous > ROUND_COUNTER_LIMIT
      const counter = restart ? randomIndex(random, ROUND_RANDOM_START) : previous + 1
      counters.set(jobId, counter)
      const index = counter % addresses.length
      const reason = coded(restart ? 'routeReason.roundRandomStart' : 'routeReason.round', { counter, jobId, index, count: addresses.length })
      return chosenTrail('ROUND', request, addresses[index], reason)
    },
  }
}
