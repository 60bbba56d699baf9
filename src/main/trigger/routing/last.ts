import { coded } from '../../../shared/messages'
import { chosenTrail, emptyAddressTrail, type Router } from './router'

/** LAST: always the last address of the list. */
export const lastRouter: Router = {
  route(request) {
    const { addresses } = request
    if (addresses.length === 0) return emptyAddressTrail('LAST')
    const last = addresses[addresses.length - 1]
    return chosenTrail('LAST', request, last, coded('routeReason.last', { count: addresses.length }))
  },
}
