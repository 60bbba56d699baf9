import type { StoreEngine } from '../store/store'
import type { NodeMembership } from './node-membership'

/**
 * Whether runs go through other nodes' embedded executors (the node route), in either direction:
 * in cluster mode only — the nodes share a server database, or another process shares the SQLite
 * file. A single desktop process keeps the route closed.
 */
export function nodeRouteActive(engine: StoreEngine, membership: Pick<NodeMembership, 'peerCount'>): boolean {
  return engine !== 'sqlite' || membership.peerCount() > 0
}
