import { describe, expect, it } from 'vitest'
import { ValidationError } from './errors'
import { FLOW_MAX_NODES, type FlowDefinition, type FlowEdge } from './flow-types'
import { checkFlowGraph, FlowGraph } from './flow-graph'

/** A definition of job nodes with these keys (job ids 1, 2, …) and `from>to` edges. */
function flow(keys: string[], edges: string[] = []): FlowDefinition {
  return {
    nodes: keys.map((key, i) => ({ key, jobId: i + 1 })),
    edges: edges.map((edge): FlowEdge => {
      const [from, to] = edge.split('>')
      return { from, to }
    }),
  }
}

/** What `run` throws; a run that throws nothing fails the test here rather than passing unnoticed. */
function thrownBy(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a refusal, and nothing was thrown')
}

const codes = (def: FlowDefinition) => checkFlowGraph(def).map((problem) => problem.code)

describe('checkFlowGraph', () => {
  it('finds nothing wrong with a diamond', () => {
    expect(checkFlowGraph(flow(['a', 'b', 'c', 'd'], ['a>b', 'a>c', 'b>d', 'c>d']))).toEqual([])
  })

  it('refuses a flow without nodes, and one of more than 1000', () => {
    expect(checkFlowGraph(flow([]))).toEqual([{ code: 'flow.noNodes', params: {}, at: ['nodes'] }])
    const many = flow(Array.from({ length: FLOW_MAX_NODES + 1 }, (_, i) => `n${i}`))
    expect(checkFlowGraph(many)).toEqual([{ code: 'flow.tooManyNodes', params: { count: 1001, max: 1000 }, at: ['nodes'] }])
    expect(codes(flow(Array.from({ length: FLOW_MAX_NODES }, (_, i) => `n${i}`)))).toEqual([])
  })

  it('names a key that breaks the pattern, and a repeated key with the node that had it first', () => {
    expect(checkFlowGraph(flow(['ok', 'Bad', '9lives', 'ok']))).toEqual([
      { code: 'flow.badKey', params: { key: 'Bad' }, at: ['nodes', 1, 'key'] },
      { code: 'flow.badKey', params: { key: '9lives' }, at: ['nodes', 2, 'key'] },
      { code: 'flow.duplicateKey', params: { key: 'ok', first: 0 }, at: ['nodes', 3, 'key'] },
    ])
    expect(codes(flow(['a'.repeat(64)]))).toEqual([])
    expect(codes(flow(['a'.repeat(65)]))).toEqual(['flow.badKey'])
    expect(codes(flow(['a-b_c9']))).toEqual([])
  })

  it('names each end of an edge that is no node', () => {
    expect(checkFlowGraph(flow(['a'], ['a>x', 'y>z']))).toEqual([
      { code: 'flow.unknownKey', params: { from: 'a', to: 'x', key: 'x' }, at: ['edges', 0, 'to'] },
      { code: 'flow.unknownKey', params: { from: 'y', to: 'z', key: 'y' }, at: ['edges', 1, 'from'] },
      { code: 'flow.unknownKey', params: { from: 'y', to: 'z', key: 'z' }, at: ['edges', 1, 'to'] },
    ])
  })

  it('refuses a self-loop and a repeated edge', () => {
    expect(checkFlowGraph(flow(['a', 'b'], ['a>a', 'a>b', 'a>b']))).toEqual([
      { code: 'flow.selfLoop', params: { key: 'a' }, at: ['edges', 0] },
      { code: 'flow.duplicateEdge', params: { from: 'a', to: 'b', first: 1 }, at: ['edges', 2] },
    ])
  })

  it('reports a cycle with its path, from its node defined first, at the edge that closes it', () => {
    expect(checkFlowGraph(flow(['a', 'b', 'c'], ['a>b', 'b>c', 'c>a']))).toEqual([
      { code: 'flow.cycle', params: { path: ['a', 'b', 'c', 'a'] }, at: ['edges', 2] },
    ])
    // Found from r, entered at c: still told from b, the cycle's node listed first.
    expect(checkFlowGraph(flow(['r', 'b', 'c', 'd'], ['r>c', 'c>d', 'd>b', 'b>c']))).toEqual([
      { code: 'flow.cycle', params: { path: ['b', 'c', 'd', 'b'] }, at: ['edges', 2] },
    ])
    expect(checkFlowGraph(flow(['a', 'b'], ['a>b', 'b>a']))[0].params.path).toEqual(['a', 'b', 'a'])
  })

  it('reports every problem together, and looks for cycles only along the edges that are sound', () => {
    expect(codes(flow(['a', 'a', 'B'], ['a>q', 'a>a', 'a>B', 'B>a']))).toEqual([
      'flow.duplicateKey',
      'flow.badKey',
      'flow.unknownKey',
      'flow.selfLoop',
      'flow.cycle',
    ])
  })

  // How long these take is bench/flow-graph-scale.ts's to measure; here, that they are right and the walk keeps no deep stack.
  it('checks a chain of 30,000 nodes closed into a cycle and a 100-wide lattice, without deep recursion', () => {
    const n = 30_000
    const chain = flow(
      Array.from({ length: n }, (_, i) => `n${i}`),
      Array.from({ length: n - 1 }, (_, i) => `n${i}>n${i + 1}`),
    )
    chain.edges.push({ from: `n${n - 1}`, to: 'n0' })
    const problems = checkFlowGraph(chain)
    expect(problems.map((p) => p.code)).toEqual(['flow.tooManyNodes', 'flow.cycle'])
    expect((problems[1].params.path as string[]).length).toBe(n + 1)
    const layers = Array.from({ length: 100 }, (_, layer) => Array.from({ length: 100 }, (_, i) => `l${layer}-${i}`))
    const lattice = flow(
      layers.flat(),
      layers.slice(1).flatMap((layer, l) => layer.flatMap((key, i) => [`${layers[l][i]}>${key}`, `${layers[l][(i + 1) % 100]}>${key}`])),
    )
    expect(codes(lattice)).toEqual(['flow.tooManyNodes'])
  })
})

describe('FlowGraph', () => {
  //   a   e
  //  / \  |
  // b   c |
  //  \ /  |
  //   d --+-> f
  const def = flow(['a', 'b', 'c', 'd', 'e', 'f'], ['a>b', 'a>c', 'b>d', 'c>d', 'd>f', 'e>f'])
  const graph = FlowGraph.of(def)

  it('refuses an invalid definition with the first problem as a ValidationError naming its place', () => {
    expect(() => FlowGraph.of(flow(['a', 'b'], ['a>b', 'b>a']))).toThrow(ValidationError)
    const refusal = thrownBy(() => FlowGraph.of(flow(['a', 'b'], ['a>b', 'b>x'])))
    expect(refusal).toBeInstanceOf(ValidationError)
    expect(refusal).toMatchObject({ field: 'edges[1].to', code: 'flow.unknownKey', params: { key: 'x' } })
  })

  it('gives parents and children in edge order, and the roots in definition order', () => {
    expect(graph.parents('d')).toEqual(['b', 'c'])
    expect(graph.parents('f')).toEqual(['d', 'e'])
    expect(graph.children('a')).toEqual(['b', 'c'])
    expect(graph.children('f')).toEqual([])
    expect(graph.roots()).toEqual(['a', 'e'])
    expect(graph.keys).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
    expect(graph.node('c')).toEqual({ key: 'c', jobId: 3 })
  })

  it('orders every node after all of its parents', () => {
    const order = graph.topologicalOrder()
    expect(order).toEqual(['a', 'e', 'b', 'c', 'd', 'f'])
    for (const { from, to } of def.edges) expect(order.indexOf(from)).toBeLessThan(order.indexOf(to))
  })

  it('gives the nodes and everything below them, in topological order', () => {
    expect(graph.descendants(['c'])).toEqual(['c', 'd', 'f'])
    expect(graph.descendants(['e', 'b', 'b'])).toEqual(['e', 'b', 'd', 'f'])
    expect(graph.descendants([])).toEqual([])
    expect(graph.descendants(['f'])).toEqual(['f'])
  })

  it('gives the nodes above a node, not the node itself', () => {
    expect([...graph.ancestors('f')].sort()).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect([...graph.ancestors('a')]).toEqual([])
    expect([...graph.ancestors('d')].sort()).toEqual(['a', 'b', 'c'])
  })

  it('throws a RangeError for a key it does not hold', () => {
    expect(graph.has('zz')).toBe(false)
    expect(() => graph.parents('zz')).toThrow(RangeError)
    expect(() => graph.descendants(['a', 'zz'])).toThrow(RangeError)
  })

  it('walks 1000 nodes and 10,000 edges', () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `n${i}`)
    // A chain through all of them, and 9001 more edges forward (no two alike).
    const edges = new Set(keys.slice(1).map((key, i) => `n${i}>${key}`))
    for (let e = 0; edges.size < 10_000; e++) {
      const from = e % 998
      edges.add(`n${from}>n${from + 2 + ((e * 7919) % (998 - from))}`)
    }
    const big = flow(keys, [...edges])
    expect(big.edges).toHaveLength(10_000)
    const bigGraph = FlowGraph.of(big)
    expect(bigGraph.topologicalOrder()).toHaveLength(1000)
    expect(bigGraph.descendants(['n0'])).toHaveLength(1000)
    expect(bigGraph.ancestors('n999').size).toBe(999)
  })
})
