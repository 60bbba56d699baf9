import { describe, expect, it } from 'vitest'
import type { FlowDefinition } from '../../../../../shared/flow-types'
import { FLOW_LAYOUT } from '../../../lib/flows/flow-layout'
import { buildFlowEdges, buildFlowNodes, edgeId } from './flow-elements'

const definition: FlowDefinition = {
  nodes: [
    { key: 'extract', kind: 'job', jobId: 1 },
    { key: 'ok', kind: 'approval', prompt: 'Load it?', triggerRule: 'all_done' },
    { key: 'load', kind: 'job', jobId: 9, param: '${nodes.report.output}' },
  ],
  edges: [
    { from: 'extract', to: 'ok' },
    { from: 'ok', to: 'load' },
  ],
}
const positions = new Map([
  ['extract', { x: 0, y: 0 }],
  ['ok', { x: 300, y: 0 }],
  ['load', { x: 600, y: 0 }],
])
const jobName = (jobId: number) => (jobId === 1 ? 'Extract orders' : undefined)
const flowName = (flowId: number) => (flowId === 7 ? 'Month end' : undefined)
const branchLabel = ({ cases, isDefault }: { cases: number[]; isDefault: boolean }) => `${cases.join('+')}${isDefault ? ' default' : ''}`

describe('buildFlowNodes', () => {
  it('shows each node with its job or question, its rule, and what is wrong with it', () => {
    const nodes = buildFlowNodes({ definition, positions, jobName, flowName, selection: { kind: 'node', key: 'ok' } })
    expect(nodes.map((node) => [node.id, node.data.title, node.data.triggerRule, node.data.missingJob, node.data.problem, node.selected])).toEqual([
      ['extract', 'Extract orders', 'all_success', false, false, false],
      ['ok', 'Load it?', 'all_done', false, false, true],
      ['load', '', 'all_success', true, true, false],
    ])
  })

  it('gives every node its size as measured, so Fit works before React Flow measures anything', () => {
    const [node] = buildFlowNodes({ definition, positions, jobName, flowName, selection: null })
    expect(node.measured).toEqual({ width: FLOW_LAYOUT.nodeWidth, height: FLOW_LAYOUT.nodeHeight })
    expect(node.handles?.map((handle) => handle.type)).toEqual(['target', 'source'])
  })

  it('marks the nodes of a refused link’s cycle', () => {
    const nodes = buildFlowNodes({ definition, positions, jobName, flowName, selection: null, cycle: ['extract', 'ok', 'extract'] })
    expect(nodes.map((node) => node.data.onCycle)).toEqual([true, true, false])
  })

  it('leaves out a node that has no place yet', () => {
    const nodes = buildFlowNodes({ definition, positions: new Map([['extract', { x: 0, y: 0 }]]), jobName, flowName, selection: null })
    expect(nodes.map((node) => node.id)).toEqual(['extract'])
  })
})

describe('buildFlowEdges', () => {
  it('names each edge by its ends and marks the selected one', () => {
    const edges = buildFlowEdges(definition, { kind: 'edge', from: 'ok', to: 'load' }, branchLabel)
    expect(edges.map((edge) => [edge.id, edge.source, edge.target, edge.selected])).toEqual([
      [edgeId('extract', 'ok'), 'extract', 'ok', false],
      [edgeId('ok', 'load'), 'ok', 'load', true],
    ])
  })

  it('labels a switch’s edges with the cases that pick the child, or default, and no other edge', () => {
    const branching: FlowDefinition = {
      nodes: [
        {
          key: 'pick',
          kind: 'switch',
          cases: [
            { when: { value: '${flow.param}', equals: 'a' }, to: 'a' },
            { when: { value: '${flow.param}', gt: 3 }, to: 'a' },
          ],
          default: 'b',
        },
        { key: 'a', kind: 'job', jobId: 1 },
        { key: 'b', kind: 'subflow', flowId: 7 },
        { key: 'c', kind: 'job', jobId: 1 },
      ],
      edges: [
        { from: 'pick', to: 'a' },
        { from: 'pick', to: 'b' },
        { from: 'a', to: 'c' },
      ],
    }
    expect(buildFlowEdges(branching, null, branchLabel).map((edge) => edge.label)).toEqual(['1+2', ' default', undefined])
  })
})

describe('buildFlowNodes of the newer kinds', () => {
  it('gives a sub-flow its flow’s name, a fan-out its cap, a switch its case count', () => {
    const kinds: FlowDefinition = {
      nodes: [
        { key: 'sub', kind: 'subflow', flowId: 7 },
        { key: 'gone', kind: 'subflow', flowId: 8 },
        { key: 'each', kind: 'job', jobId: 1, forEach: '${flow.param}', forEachConcurrency: 5 },
        { key: 'pick', kind: 'switch', cases: [] },
      ],
      edges: [],
    }
    const at = new Map(kinds.nodes.map((node, i) => [node.key, { x: i * 300, y: 0 }]))
    const nodes = buildFlowNodes({ definition: kinds, positions: at, jobName, flowName, selection: null })
    expect(nodes.map(({ data }) => [data.kind, data.title, data.flowId, data.missingJob, data.forEach, data.cases])).toEqual([
      ['subflow', 'Month end', 7, false, null, 0],
      ['subflow', '', 8, true, null, 0],
      ['job', 'Extract orders', null, false, 5, 0],
      ['switch', '', null, false, null, 0],
    ])
  })
})
