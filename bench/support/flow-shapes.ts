/** The graphs B13 runs: node keys and edges; the benchmark puts a job on each node. */
import type { FlowEdge } from '../../src/shared/flow-types'

export interface FlowShape {
  keys: string[]
  edges: FlowEdge[]
}

/** n0 → n1 → … → n(N-1): every step waits for the one before, so the flow's time is N steps. */
export function sequentialShape(length: number): FlowShape {
  const keys = Array.from({ length }, (_, i) => `n${i}`)
  return { keys, edges: keys.slice(1).map((to, i) => ({ from: keys[i], to })) }
}

/**
 * `layers` layers of `width` nodes; each node depends on `fanIn` neighbours of the layer before
 * (its own column and the ones beside it, wrapping round). A fan-in of 3 makes each node a join
 * whose parents finish in the same batch (the case the claim's compare-and-set decides) while
 * staying far under FLOW_MAX_EDGES: every-node-to-every-node over 10 layers of 100 would be 90,000.
 */
export function layeredShape(layers: number, width: number, fanIn = 3): FlowShape {
  const key = (layer: number, column: number) => `l${layer}-${column}`
  const keys: string[] = []
  const edges: FlowEdge[] = []
  const spread = Math.min(fanIn, width)
  for (let layer = 0; layer < layers; layer++) {
    for (let column = 0; column < width; column++) {
      keys.push(key(layer, column))
      if (layer === 0) continue
      for (let k = 0; k < spread; k++) {
        const from = (column + k - Math.floor(spread / 2) + width) % width
        edges.push({ from: key(layer - 1, from), to: key(layer, column) })
      }
    }
  }
  return { keys, edges }
}

/** a → b1…b4 → c1…c4 (each c after every b) → d: 10 nodes: a fan-out, then joins of four parents each. */
export function diamondShape(): FlowShape {
  const bs = [1, 2, 3, 4].map((i) => `b${i}`)
  const cs = [1, 2, 3, 4].map((i) => `c${i}`)
  return {
    keys: ['a', ...bs, ...cs, 'd'],
    edges: [...bs.map((b) => ({ from: 'a', to: b })), ...cs.flatMap((c) => bs.map((b) => ({ from: b, to: c }))), ...cs.map((c) => ({ from: c, to: 'd' }))],
  }
}

/** Each node's direct parents. */
export function parentsOf(shape: FlowShape): Map<string, string[]> {
  const parents = new Map(shape.keys.map((k) => [k, [] as string[]]))
  for (const { from, to } of shape.edges) parents.get(to)!.push(from)
  return parents
}
