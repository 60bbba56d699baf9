import { coded } from '../../../shared/messages'
import { chosenTrail, emptyAddressTrail, type Router } from './router'

/** FIRST: always the first address of the list. */
export const firstRouter: Router = {
  route(request) {
    const { addresses } = request
    if (addresses.length === 0) return emptyAddressTrail('FIRST')
    return chosenTrail('FIRST', request, addresses[0], coded('routeReason.first', { count: addresses.length }))
  },
}
