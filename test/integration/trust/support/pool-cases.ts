import type { SecurityWorld } from '../../../support/security-world'
import { securityMatrix } from './security-matrix'
import type { BridgeCase } from './matrix-cases'

/**
 * Resource pools are the server's: everyone reads them, admins manage them and start a run past
 * them; whoever operates a run's group cancels it while it waits (docs/capacity.md).
 */
export function poolBridgeCases(world: () => SecurityWorld): BridgeCase[] {
  const { throwawayQueuedRun } = securityMatrix(world)
  const throwawayPool = async () =>
    (await world().auth.h.headless.core.api.addPool({ name: `throwaway-${Math.random().toString(36).slice(2, 8)}`, slots: 2 })).name
  return [
    { method: 'listPools', args: () => [], need: 'anyone', action: 'auth.read' },
    { method: 'addPool', args: (role) => [{ name: `added-by-${role}`, slots: 3 }], need: 'admin', action: 'pool.add' },
    { method: 'updatePool', args: async () => [{ name: await throwawayPool(), slots: 4 }], need: 'admin', action: 'pool.update' },
    { method: 'removePool', args: async () => [{ name: await throwawayPool() }], need: 'admin', action: 'pool.remove' },
    { method: 'listQueue', args: () => [{}], need: 'anyone', action: 'auth.read' },
    { method: 'cancelQueued', args: async () => [{ runId: await throwawayQueuedRun() }], need: 'operator', action: 'queue.cancel' },
    { method: 'startQueuedNow', args: async () => [{ runId: await throwawayQueuedRun() }], need: 'admin', action: 'queue.startNow' },
  ]
}
