import { busyoverRouter } from './busyover'
import { createConsistentHashRouter } from './consistent-hash'
import { failoverRouter } from './failover'
import { firstRouter } from './first'
import { lastRouter } from './last'
import { createLeastFrequentlyUsedRouter } from './least-frequently-used'
import { createLeastRecentlyUsedRouter } from './least-recently-used'
import { createRandomRouter } from './random'
import { createRoundRouter } from './round'
import type { Router, RouterOptions, SingleRouteStrategy } from './router'

export type { RouteProbe, Router, RouterOptions, SingleRouteStrategy } from './router'
export { EMPTY_ADDRESS_REASON } from './router'
export { compactMsg } from '../../../shared/route-trail-text'

/** One router per strategy, keyed by the exact wire names. */
export type Routers = Record<SingleRouteStrategy, Router>

/**
 * A fresh set of routers. ROUND, LFU and LRU read their state from the request (the database keeps
 * it); RANDOM draws from `options.random`; the consistent-hash ring is cached, so each admin creates
 * its set once and reuses it for every trigger.
 */
export function createRouters(options: RouterOptions = {}): Routers {
  return {
    FIRST: firstRouter,
    LAST: lastRouter,
    ROUND: createRoundRouter(),
    RANDOM: createRandomRouter(options),
    CONSISTENT_HASH: createConsistentHashRouter(),
    LEAST_FREQUENTLY_USED: createLeastFrequentlyUsedRouter(),
    LEAST_RECENTLY_USED: createLeastRecentlyUsedRouter(),
    FAILOVER: failoverRouter,
    BUSYOVER: busyoverRouter,
  } satisfies Record<SingleRouteStrategy, Router>
}

/** The strategies whose router reads the job's use of each address (the trigger loads it first). */
export const USE_TRACKING_STRATEGIES: ReadonlySet<SingleRouteStrategy> = new Set(['LEAST_FREQUENTLY_USED', 'LEAST_RECENTLY_USED'])
