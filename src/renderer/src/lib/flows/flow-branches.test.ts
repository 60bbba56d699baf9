import { describe, expect, it } from 'vitest'
import type { FlowDefinition, FlowSwitchNodeDef } from '../../../../shared/flow-types'
import { addSubflowNode, addSwitchNode, linkNodes, nodeFieldProblems, nodesWithProblems, removeNode, renameNode, unlinkNodes, updateNode } from './flow-draft'
import { branchOfEdge, operandOf, operatorOf, withOperator } from './flow-branches'

/** check → pick (a switch) → big | small | other; `big` is picked by two cases, `other` by default. */
function branching(): FlowDefinition {
  return {
    nodes: [
      { key: 'check', kind: 'job', jobId: 1 },
      {
        key: 'pick',
        kind: 'switch',
        cases: [
          { when: { value: '${nodes.check.output}', gt: 100 }, to: 'big' },
          { when: { value: '${nodes.check.output}', matches: '^1\\d\\d$' }, to: 'big' },
          { when: { value: '${nodes.check.output}', lt: 10 }, to: 'small' },
        ],
        default: 'other',
      },
      { key: 'big', kind: 'job', jobId: 2, forEach: '${nodes.check.output}' },
      { key: 'small', kind: 'subflow', flowId: 4, param: '${nodes.check.output}' },
      { key: 'other', kind: 'job', jobId: 3 },
    ],
    edges: [
      { from: 'check', to: 'pick' },
      { from: 'pick', to: 'big' },
      { from: 'pick', to: 'small' },
      { from: 'pick', to: 'other' },
    ],
  }
}
const pick = (definition: FlowDefinition) => definition.nodes.find((node) => node.key === 'pick') as FlowSwitchNodeDef

describe('adding a sub-flow and a switch', () => {
  it('keys a sub-flow after its flow and a switch as switch, each unique', () => {
    const sub = addSubflowNode({ nodes: [], edges: [] }, { id: 4, name: 'Month end' })
    expect(sub.definition.nodes).toEqual([{ key: 'month_end', kind: 'subflow', flowId: 4 }])
    const first = addSwitchNode(sub.definition)
    const second = addSwitchNode(first.definition)
    expect([first.key, second.key]).toEqual(['switch', 'switch_2'])
    expect(second.definition.nodes[2]).toEqual({ key: 'switch_2', kind: 'switch', cases: [] })
  })
})

describe('a switch’s cases follow its children', () => {
  it('renaming a child renames the cases and default that pick it, and references in case values and fan-out lists', () => {
    const definition = [
      ['big', 'large'],
      ['check', 'probe'],
      ['other', 'rest'],
    ].reduce((at, [from, to]) => {
      const result = renameNode(at, from, to)
      if (!result.ok) throw new Error(`${from} → ${to} refused`)
      return result.definition
    }, branching())
    expect(pick(definition).cases.map((c) => c.to)).toEqual(['large', 'large', 'small'])
    expect(pick(definition).default).toBe('rest')
    expect(pick(definition).cases[0].when.value).toBe('${nodes.probe.output}')
    expect(definition.nodes.find((node) => node.key === 'large')).toMatchObject({ forEach: '${nodes.probe.output}' })
    expect(definition.nodes.find((node) => node.key === 'small')).toMatchObject({ param: '${nodes.probe.output}' })
    expect(nodesWithProblems(definition)).toEqual(new Set())
  })

  it('removing a child drops the cases that picked it, and the default that named it', () => {
    const definition = removeNode(removeNode(branching(), 'big'), 'other')
    expect(pick(definition).cases).toEqual([{ when: { value: '${nodes.check.output}', lt: 10 }, to: 'small' }])
    expect(pick(definition).default).toBeUndefined()
  })

  it('cutting the switch’s link to a child drops its cases; another parent’s link leaves the cases alone', () => {
    const cut = unlinkNodes(branching(), 'pick', 'small')
    expect(pick(cut).cases.map((c) => c.to)).toEqual(['big', 'big'])
    const other = linkNodes(branching(), 'check', 'small')
    if (!other.ok) throw new Error('refused')
    expect(pick(unlinkNodes(other.definition, 'check', 'small')).cases).toHaveLength(3)
  })

  it('labels each switch edge with its cases (1-based) and default, and no other edge', () => {
    expect(branchOfEdge(branching(), 'pick', 'big')).toEqual({ cases: [1, 2], isDefault: false })
    expect(branchOfEdge(branching(), 'pick', 'other')).toEqual({ cases: [], isDefault: true })
    expect(branchOfEdge(branching(), 'check', 'pick')).toBeNull()
  })
})

describe('a case’s operator', () => {
  it('reads the operator set and its operand', () => {
    expect([operatorOf({ value: 'x', matches: 'a.*' }), operandOf({ value: 'x', matches: 'a.*' })]).toEqual(['matches', 'a.*'])
    expect([operatorOf({ value: 'x', lt: 5 }), operandOf({ value: 'x', lt: 5 })]).toEqual(['lt', '5'])
    expect(operatorOf({ value: 'x' })).toBe('equals')
  })

  it('keeps exactly one operator; a numeric compare takes only a number', () => {
    expect(withOperator({ value: 'v', equals: 'a' }, 'gt', '12.5')).toEqual({ value: 'v', gt: 12.5 })
    expect(withOperator({ value: 'v', gt: 3 }, 'lt', 'ten')).toEqual({ value: 'v' })
    expect(withOperator({ value: 'v', gt: 3 }, 'matches', '^a$')).toEqual({ value: 'v', matches: '^a$' })
  })
})

describe('problems beside a field', () => {
  it('finds the core’s refusal of one node’s field and of what the field holds', () => {
    const tooMany = updateNode(branching(), 'big', { forEachConcurrency: 1000 })
    expect(nodeFieldProblems(tooMany, 'big', 'forEachConcurrency')).toHaveLength(1)
    expect(nodeFieldProblems(tooMany, 'big', 'forEach')).toEqual([])
    const badCase = updateNode(branching(), 'pick', { cases: [{ when: { value: 'x'.repeat(2000), equals: 'a' }, to: 'big' }] })
    expect(nodeFieldProblems(badCase, 'pick', 'cases[0]').map((problem) => problem.field)).toEqual(['nodes[1].cases[0].when.value'])
    expect(nodesWithProblems(badCase)).toEqual(new Set(['pick']))
  })

  it('tells a problem of the cases as a whole apart from one case’s', () => {
    const many = updateNode(branching(), 'pick', { cases: Array.from({ length: 51 }, () => ({ when: { value: 'x', equals: 'y' }, to: 'big' })) })
    expect(nodeFieldProblems(many, 'pick', 'cases', false).map((problem) => problem.field)).toEqual(['nodes[1].cases'])
    const badCase = updateNode(branching(), 'pick', { cases: [{ when: { value: 'x'.repeat(2000), equals: 'a' }, to: 'big' }] })
    expect(nodeFieldProblems(badCase, 'pick', 'cases', false)).toEqual([])
    expect(nodeFieldProblems(badCase, 'pick', 'cases')).toHaveLength(1)
  })
})
