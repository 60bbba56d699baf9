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

describe('buildFlowNodes', () => {
  it('shows each node with its job or question, its rule, and what is wrong with it', () => {
    const nodes = buildFlowNodes({ definition, positions, jobName, selection: { kind: 'node', key: 'ok' } })
    expect(nodes.map((node) => [node.id, node.data.title, node.data.triggerRule, node.data.missingJob, node.data.problem, node.selected])).toEqual([
      ['extract', 'Extract orders', 'all_success', false, false, false],
      ['ok', 'Load it?', 'all_done', false, false, true],
      ['load', '', 'all_success', true, true, false],
    ])
  })

  it('gives every node its size as measured, so Fit works before React Flow measures anything', () => {
    const [node] = buildFlowNodes({ definition, positions, jobName, selection: null })
    expect(node.measured).toEqual({ width: FLOW_LAYOUT.nodeWidth, height: FLOW_LAYOUT.nodeHeight })
    expect(node.handles?.map((handle) => handle.type)).toEqual(['target', 'source'])
  })

  it('marks the nodes of a refused link’s cycle', () => {
    const nodes = buildFlowNodes({ definition, positions, jobName, selection: null, cycle: ['extract', 'ok', 'extract'] })
    expect(nodes.map((node) => node.data.onCycle)).toEqual([true, true, false])
  })

  it('leaves out a node that has no place yet', () => {
    const nodes = buildFlowNodes({ definition, positions: new Map([['extract', { x: 0, y: 0 }]]), jobName, selection: null })
    expect(nodes.map((node) => node.id)).toEqual(['extract'])
  })
})

describe('buildFlowEdges', () => {
  it('names each edge by its ends and marks the selected one', () => {
    const edges = buildFlowEdges(definition, { kind: 'edge', from: 'ok', to: 'load' })
    expect(edges.map((edge) => [edge.id, edge.source, edge.target, edge.selected])).toEqual([
      [edgeId('extract', 'ok'), 'extract', 'ok', false],
      [edgeId('ok', 'load'), 'ok', 'load', true],
    ])
  })
})
