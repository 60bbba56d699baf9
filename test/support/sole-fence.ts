import type { NodeFence } from '../../src/main/scheduler/node-fence'

/**
 * The fence of a scheduler or trigger service run without a NodeMembership (a test of one part on
 * its own): the node always holds its lease. Tests of fencing itself use the real membership.
 */
export const SOLE_FENCE: NodeFence = {
  lease: () => ({ nodeId: 'sole', epoch: 1 }),
  actsAt: () => true,
  check: async () => {},
}
