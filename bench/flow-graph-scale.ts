// Flow graph scale: how long the shared flow graph rules (src/shared/flow-graph.ts) take on the
// largest graphs they meet, in-process. They run on every save (checkFlowGraph, in the core and in
// the console's editor) and on every node's end (FlowGraph's walks), so they must stay linear in
// nodes + edges. Figures, each the median of --reps runs after one warm-up:
// (a) checkFlowGraph on a chain of 30,000 nodes closed into a cycle (the longest cycle path, walked
//     without recursion), beside one pass indexing the same keys and edges in the same run: target
//     ≤ 20× that pass (linear work is a few passes; quadratic would be thousands);
// (b) checkFlowGraph on a 100 × 100 lattice (10,000 nodes, 19,800 edges), target ≤ 500 ms;
// (c) a flow at the limit, 1000 nodes and 10,000 edges: FlowGraph.of, its topological order, the
//     descendants of the root and the ancestors of the last node, target ≤ 100 ms.
// These bounds were wall-clock assertions inside the graph's unit test (5 s and 2 s); a linear pass
// takes tens of ms here.
// Usage: npx tsx bench/flow-graph-scale.ts [--quick] [--chain 30000] [--reps 7]
import { checkFlowGraph, FlowGraph } from '../src/shared/flow-graph'
import type { FlowDefinition } from '../src/shared/flow-types'
import { number } from './support/cli'
import { BenchResult } from './support/results'
import { median } from './support/stats'

const CHAIN = number('chain', 30_000, 3000)
const REPS = number('reps', 7, 2)

function definition(keys: readonly string[], edges: readonly [string, string][]): FlowDefinition {
  return { nodes: keys.map((key, i) => ({ key, kind: 'job', jobId: i + 1 })), edges: edges.map(([from, to]) => ({ from, to })) }
}

/** n nodes in a chain, the last linked back to the first. */
function closedChain(n: number): FlowDefinition {
  const keys = Array.from({ length: n }, (_, i) => `n${i}`)
  const edges = keys.map((key, i): [string, string] => [key, keys[(i + 1) % n]])
  return definition(keys, edges)
}

/** width × width nodes in layers, each linked to two of the layer below. */
function lattice(width: number): FlowDefinition {
  const layers = Array.from({ length: width }, (_, layer) => Array.from({ length: width }, (_, i) => `l${layer}-${i}`))
  const edges = layers.slice(1).flatMap((layer, l) =>
    layer.flatMap((key, i): [string, string][] => [
      [layers[l][i], key],
      [layers[l][(i + 1) % width], key],
    ]),
  )
  return definition(layers.flat(), edges)
}

/** 1000 nodes: a chain through all of them and forward edges up to 10,000 (no two alike). */
function flowAtTheLimit(): FlowDefinition {
  const keys = Array.from({ length: 1000 }, (_, i) => `n${i}`)
  const edges = new Set(keys.slice(1).map((key, i) => `n${i}>${key}`))
  for (let e = 0; edges.size < 10_000; e++) {
    const from = e % 998
    edges.add(`n${from}>n${from + 2 + ((e * 7919) % (998 - from))}`)
  }
  return definition(
    keys,
    [...edges].map((edge) => edge.split('>') as [string, string]),
  )
}

/** The median time of `run` over REPS runs after one warm-up; `check` sees each result, so a wrong answer is not timed as a fast one. */
function timed<T>(run: () => T, check: (result: T) => boolean): number {
  if (!check(run())) throw new Error('the graph rules gave a wrong answer; nothing to time')
  const times: number[] = []
  for (let i = 0; i < REPS; i++) {
    const started = performance.now()
    const result = run()
    times.push(performance.now() - started)
    if (!check(result)) throw new Error('the graph rules gave a wrong answer')
  }
  return median(times)
}

/**
 * The least any check of a graph does, as the reference: one pass indexing the keys and one
 * building the children of each (Maps of strings, as the check's own). A linear check is a few of
 * these; a quadratic one would be thousands.
 */
function indexPass(def: FlowDefinition): number {
  const indexOfKey = new Map<string, number>()
  def.nodes.forEach((node, index) => indexOfKey.set(node.key, index))
  const children = new Map<string, string[]>()
  for (const { from, to } of def.edges) {
    const list = children.get(from)
    if (list) list.push(to)
    else children.set(from, [to])
  }
  return indexOfKey.size + children.size
}

const chain = closedChain(CHAIN)
// More than FLOW_MAX_NODES, so told too; the cycle's path is every node and the first again.
const chainMs = timed(
  () => checkFlowGraph(chain),
  (problems) => problems.map((p) => p.code).join() === 'flow.tooManyNodes,flow.cycle' && (problems[1].params.path as string[]).length === CHAIN + 1,
)
const indexMs = timed(
  () => indexPass(chain),
  (size) => size === 2 * CHAIN,
)
const latticeDef = lattice(100)
const latticeMs = timed(
  () => checkFlowGraph(latticeDef),
  (problems) => problems.map((p) => p.code).join() === 'flow.tooManyNodes',
)
const limitDef = flowAtTheLimit()
const walksMs = timed(
  () => {
    const graph = FlowGraph.of(limitDef)
    return [graph.topologicalOrder().length, graph.descendants(['n0']).length, graph.ancestors('n999').size]
  },
  (sizes) => sizes.join() === '1000,1000,999',
)

const report = new BenchResult(
  'flow-graph-scale',
  `Flow graph scale: the shared graph rules on a ${CHAIN}-node cycle, a 100 × 100 lattice, 1000 nodes × 10,000 edges`,
  {
    chain: CHAIN,
    reps: REPS,
  },
)
report.figure({
  name: `check, ${CHAIN}-node chain closed into a cycle`,
  value: chainMs,
  unit: 'ms',
  reference: { name: 'one pass indexing its keys and edges', value: indexMs },
  target: { op: '<=', value: 20, on: 'ratio' },
})
report.figure({ name: 'check, 100 × 100 lattice (19,800 edges)', value: latticeMs, unit: 'ms', target: { op: '<=', value: 500 } })
report.figure({ name: 'FlowGraph.of + order + walks, 1000 × 10,000', value: walksMs, unit: 'ms', target: { op: '<=', value: 100 } })
report.save()
