import { describe, expect, it } from 'vitest'
import type { FlowDefinition, FlowNodeRun } from '../../../../../shared/flow-types'
import { buildRunEdges, buildRunNodes, edgeLook, runGraphShape, type RunGraphEdge, type RunGraphNode } from './run-graph-elements'

const definition: FlowDefinition = {
  nodes: [
    { key: 'extract', jobId: 7 },
    { key: 'gate', kind: 'approval', prompt: 'Load into production?', triggerRule: 'all_done' },
    { key: 'load', jobId: 8 },
  ],
  edges: [
    { from: 'extract', to: 'gate' },
    { from: 'gate', to: 'load' },
  ],
}

const nodeRun = (key: string, state: FlowNodeRun['state']): FlowNodeRun => ({
  key,
  state,
  runIds: [],
  output: '',
  outputCutFromBytes: null,
  startTimeMs: 0,
  endTimeMs: 0,
  note: '',
  deadlineMarks: 0,
})

const positions = new Map([
  [1, { x: 0, y: 0 }],
  [2, { x: 270, y: 0 }],
  [3, { x: 540, y: 0 }],
])

describe('the run graph', () => {
  it('numbers the nodes in definition order for the layout and names the graph by keys and edges', () => {
    const shape = runGraphShape(definition)
    expect(shape.ids).toEqual([1, 2, 3])
    expect(shape.edges).toEqual([
      { source: 1, target: 2 },
      { source: 2, target: 3 },
    ])
    expect(shape.structure).toBe('extract,gate,load|extract>gate,gate>load')
  })

  it('labels jobs by name and approvals by prompt, and rebuilds only the nodes whose state changed', () => {
    const cache = new Map<string, RunGraphNode>()
    const inputs = {
      definition,
      nodeRuns: new Map([['extract', nodeRun('extract', 'running')]]),
      positions,
      idOf: runGraphShape(definition).idOf,
      jobName: (id: number) => `job ${id}`,
      flowName: (id: number) => `flow ${id}`,
      selectedKey: null,
      width: 200,
      height: 48,
    }
    const first = buildRunNodes(cache, inputs)
    expect(first.map((node) => [node.id, node.data.label, node.data.state, node.data.rule])).toEqual([
      ['extract', 'job 7', 'running', 'all_success'],
      ['gate', 'Load into production?', 'pending', 'all_done'],
      ['load', 'job 8', 'pending', 'all_success'],
    ])
    const next = buildRunNodes(cache, { ...inputs, nodeRuns: new Map([['extract', nodeRun('extract', 'success')]]), selectedKey: 'load' })
    expect(next[0]).not.toBe(first[0])
    expect(next[1]).toBe(first[1])
    expect(next[2].data.selected).toBe(true)
    // Its job run marked late since: the node is rebuilt to show the badge, the others kept.
    const late = buildRunNodes(cache, {
      ...inputs,
      nodeRuns: new Map([['extract', { ...nodeRun('extract', 'success'), deadlineMarks: 2 }]]),
      selectedKey: 'load',
    })
    expect(late[0]).not.toBe(next[0])
    expect(late[0].data.marks).toBe(2)
    expect(late[1]).toBe(next[1])
  })

  it('colours an edge by its parent’s outcome and moves it while the child runs', () => {
    expect(edgeLook('success', 'running')).toEqual({ tone: 'ok', animated: true })
    expect(edgeLook('upstream_failed', 'pending')).toEqual({ tone: 'bad', animated: false })
    expect(edgeLook('skipped', 'pending')).toEqual({ tone: 'idle', animated: false })
    const cache = new Map<string, RunGraphEdge>()
    const first = buildRunEdges(cache, definition, new Map())
    const again = buildRunEdges(cache, definition, new Map([['load', nodeRun('load', 'pending')]]))
    expect(again[0]).toBe(first[0])
  })

  it('draws an edge into a skipped child (a branch not taken) as not taken', () => {
    expect(edgeLook('success', 'skipped')).toEqual({ tone: 'skipped', animated: false })
  })

  it('labels a sub-flow by its flow, a switch by nothing, and counts a fan-out’s items', () => {
    const kinds: FlowDefinition = {
      nodes: [
        { key: 'sub', kind: 'subflow', flowId: 3 },
        { key: 'pick', kind: 'switch', cases: [] },
        { key: 'each', jobId: 8, forEach: '${flow.param}' },
      ],
      edges: [],
    }
    const item = (index: number, state: FlowNodeRun['state']) => ({ index, state, runIds: [index], output: '', startTimeMs: 1, endTimeMs: 2 })
    const nodes = buildRunNodes(new Map(), {
      definition: kinds,
      nodeRuns: new Map([['each', { ...nodeRun('each', 'running'), items: [item(0, 'success'), item(1, 'failed'), item(2, 'running')] }]]),
      positions,
      idOf: runGraphShape(kinds).idOf,
      jobName: (id: number) => `job ${id}`,
      flowName: (id: number) => `flow ${id}`,
      selectedKey: null,
      width: 200,
      height: 48,
    })
    expect(nodes.map((node) => [node.data.kind, node.data.label, node.data.items])).toEqual([
      ['subflow', 'flow 3', null],
      ['switch', '', null],
      ['job', 'job 8', { done: 1, total: 3 }],
    ])
  })
})
