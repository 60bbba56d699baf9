import type { ExecutorApi } from '../executor/executor-api'
import type { StoreEngine } from '../store/store'
import { createNodeExecutorClient } from './node-executor-client'
import type { NodeMembership } from './node-membership'

/**
 * Whether runs go through other nodes' embedded executors (the node route), in either direction:
 * in cluster mode only — the nodes share a server database, or another process shares the SQLite
 * file. A single desktop process keeps the route closed.
 */
export function nodeRouteActive(engine: StoreEngine, membership: Pick<NodeMembership, 'peerCount'>): boolean {
  return engine !== 'sqlite' || membership.peerCount() > 0
}

/**
 * Another node's embedded executor, reached through the node route: null while the route is
 * closed, and for an address no other live node of the view has (or one whose admin URL is not
 * known yet).
 */
export function peerExecutorThroughRoute(
  embeddedAddress: string,
  { routeActive, membership, secret }: { routeActive: () => boolean; membership: Pick<NodeMembership, 'peerExecutorUrl'>; secret: () => string },
): ExecutorApi | null {
  const url = routeActive() ? membership.peerExecutorUrl(embeddedAddress) : null
  return url ? createNodeExecutorClient({ url, secret }) : null
}
