import { probeInOrder } from './probe-in-order'
import type { Router } from './router'

/** FAILOVER: the first address, in list order, whose `/beat` answers code 200. */
export const failoverRouter: Router = {
  route: (request) => probeInOrder('FAILOVER', 'beat', request, (address) => request.probe.beat(address)),
}
