import { describe, expect, it } from 'vitest'
import type { FlowNodeDef } from '../../shared/flow-types'
import type { Principal } from '../../shared/principal'
import { FLOW_RULES } from './flow-rules'
import type { RuleContext } from './method-rule-types'

/**
 * A subflow node runs its flow's jobs as surely as a job node runs its own: to run, edit or see a
 * flow, a caller needs the rights on the groups of its sub-flows' jobs too.
 */
const FLOWS: Record<number, FlowNodeDef[]> = {
  7: [{ key: 'a', jobId: 1 }], // group 10
  8: [{ key: 'b', jobId: 2 }], // group 20
  9: [
    { key: 'a', jobId: 1 },
    { kind: 'subflow', key: 'sub', flowId: 8 },
  ],
  10: [{ kind: 'subflow', key: 'sub', flowId: 7 }],
  // A loop no save allows, as a request could still name it: bounded all the same.
  11: [{ kind: 'subflow', key: 'next', flowId: 12 }],
  12: [
    { kind: 'subflow', key: 'back', flowId: 11 },
    { key: 'a', jobId: 1 },
  ],
}

function context(groupIds: number[]): RuleContext {
  const principal: Principal = { kind: 'user', name: 'olga', userId: 3, role: 'operator', groupIds, source: 'test', mustChangePassword: false }
  const core = {
    getJob: async (id: number) => ({ id, jobGroup: id === 1 ? 10 : 20 }),
    getFlow: async (id: number) => {
      if (!FLOWS[id]) throw new Error(`flow ${id} does not exist`)
      return { id, name: `flow ${id}`, nodes: FLOWS[id], edges: [] }
    },
  }
  return { principal, core, method: 'triggerFlow' } as unknown as RuleContext
}

const trigger = (groupIds: number[], flowId: number) => FLOW_RULES.triggerFlow.allow(context(groupIds), [{ id: flowId }] as never)

describe('the rights a flow with sub-flows asks for', () => {
  it('refuses a run of a flow whose sub-flow runs jobs of a group the caller does not operate', async () => {
    await expect(trigger([10], 9)).rejects.toMatchObject({ error: { code: 'flow.notFound' } })
    await expect(trigger([10, 20], 9)).resolves.toMatchObject({ target: 'flow 9' })
  })

  it("gives a flow of sub-flows only its sub-flows' groups (not the admins' alone)", async () => {
    await expect(trigger([10], 10)).resolves.toMatchObject({ groupId: 10 })
    await expect(trigger([20], 10)).rejects.toMatchObject({ error: { code: 'flow.notFound' } })
  })

  it('refuses to save a graph naming a sub-flow of a group the caller does not operate', async () => {
    const input = {
      name: 'mine',
      nodes: [
        { key: 'a', jobId: 1 },
        { kind: 'subflow', key: 's', flowId: 8 },
      ],
      edges: [],
    }
    await expect(FLOW_RULES.addFlow.allow(context([10]), [input] as never)).rejects.toBeDefined()
    await expect(FLOW_RULES.addFlow.allow(context([10, 20]), [input] as never)).resolves.toMatchObject({ target: 'new flow' })
  })

  it('ends on a loop of sub-flows', async () => {
    await expect(trigger([10], 11)).resolves.toMatchObject({ groupId: 10 })
  })
})
