import type { SecurityWorld } from '../../../support/security-world'
import { securityMatrix } from './security-matrix'
import type { BridgeCase } from './matrix-cases'

/**
 * The console bridge's cases for alarm silences (security-matrix-bridge.test.ts): an operator of
 * what one covers adds and lifts it (a job of A, group A), everyone reads those over what they see.
 */
export function silenceBridgeCases(world: () => SecurityWorld): BridgeCase[] {
  const { silenceOfA, throwawaySilence } = securityMatrix(world)
  return [
    { method: 'addSilence', args: (role) => [silenceOfA(`silenced by ${role}`)], need: 'operator', action: 'silence.add' },
    {
      label: 'addSilence of a group',
      method: 'addSilence',
      args: (role) => [{ groupId: world().groupA.id, until: Date.now() + 60_000, reason: `by ${role}` }],
      need: 'operator',
      action: 'silence.add',
    },
    { method: 'listSilences', args: () => [], need: 'anyone', action: 'auth.read' },
    { method: 'removeSilence', args: async () => [{ id: await throwawaySilence() }], need: 'operator', action: 'silence.remove' },
  ]
}
