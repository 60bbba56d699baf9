import type { BridgeCase } from './matrix-cases'
import type { SecurityWorld } from '../../../support/security-world'

/**
 * The console bridge's cases for maintenance windows, pause-all and missed slots
 * (security-matrix-bridge.test.ts): everyone reads windows and pause-all, admins write them; the
 * missed slots of a job or a flow are read by whoever sees it.
 */
export function windowBridgeCases(world: () => SecurityWorld, flowIdOfA: () => Promise<number>): BridgeCase[] {
  // A year ahead: a window the matrix adds must hold back none of the jobs later cases count on.
  const windowNamed = (name: string) => ({ name, timezone: 'UTC', start: Date.now() + 366 * 86_400_000, end: Date.now() + 367 * 86_400_000 })
  const throwawayWindow = async () => (await world().auth.h.headless.core.api.addWindow(windowNamed(`throwaway-${Math.random().toString(36).slice(2, 8)}`))).id
  const lastWeek = () => ({ from: Date.now() - 7 * 86_400_000, to: Date.now() })
  return [
    { method: 'listWindows', args: () => [], need: 'anyone', action: 'auth.read' },
    { method: 'addWindow', args: (role) => [windowNamed(`added-by-${role}`)], need: 'admin', action: 'window.add' },
    {
      method: 'updateWindow',
      args: async (role) => [{ id: await throwawayWindow(), ...windowNamed(`updated-by-${role}`) }],
      need: 'admin',
      action: 'window.update',
    },
    { method: 'removeWindow', args: async () => [{ id: await throwawayWindow() }], need: 'admin', action: 'window.remove' },
    { method: 'getMaintenance', args: () => [], need: 'anyone', action: 'auth.read' },
    // Off, not on: pause-all on would hold back the scheduled jobs the later cases count on.
    { method: 'setMaintenance', args: () => [{ on: false, reason: 'from the matrix' }], need: 'admin', action: 'maintenance.off' },
    { method: 'listMissedSlots', args: () => [{ jobId: world().jobs.a.id, ...lastWeek() }], need: 'viewer', action: 'auth.read' },
    {
      label: 'listMissedSlots of a flow',
      method: 'listMissedSlots',
      args: async () => [{ flowId: await flowIdOfA(), ...lastWeek() }],
      need: 'viewer',
      action: 'auth.read',
    },
  ]
}
