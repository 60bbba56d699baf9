import { coded } from '../../../shared/messages'
import { chosenTrail, emptyAddressTrail, randomIndex, type Router, type RouterOptions } from './router'

/** RANDOM: a uniformly random index on every trigger. */
export function createRandomRouter(options: RouterOptions = {}): Router {
  const random = options.random ?? Math.random
  return {
    route(request) {
      const { addresses } = request
      if (addresses.length === 0) return emptyAddressTrail('RANDOM')
      const index = randomIndex(random, addresses.length)
      return chosenTrail('RANDOM', request, addresses[index], coded('routeReason.random', { index, count: addresses.length }))
    },
  }
}
