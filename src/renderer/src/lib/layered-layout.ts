/**
 * A small layered (Sugiyama-style) layout for one connected DAG, in linear-ish time: longest-path
 * ranks, a few barycenter sweeps to reduce crossings, then rows and columns. The DAG page uses
 * dagre while the graph is small and this above that (dagre 3 needs ~10 ms per 10-node component
 * and tens of seconds for one 1,000-node component on the target machine; see dag-layout.ts).
 */

export interface LayeredEdge {
  source: number
  target: number
}

export interface LayeredPlacement {
  /** Rank (column, left to right) of each node. */
  rank: Map<number, number>
  /** Position within its rank (row, top to bottom). */
  order: Map<number, number>
  rankCount: number
  /** The most nodes in any rank. */
  maxRankSize: number
}

/** Barycenter sweeps (down then up counts as two); more barely changes real job graphs. */
const SWEEPS = 4

/**
 * Ranks and orders the nodes of one component. Edges must join nodes of `nodeIds`; a cycle (which
 * saved links never contain) is broken by ranking the nodes left in it after the others.
 */
export function placeLayers(nodeIds: readonly number[], edges: readonly LayeredEdge[]): LayeredPlacement {
  const successors = new Map<number, number[]>()
  const predecessors = new Map<number, number[]>()
  const indegree = new Map<number, number>()
  for (const id of nodeIds) {
    successors.set(id, [])
    predecessors.set(id, [])
    indegree.set(id, 0)
  }
  for (const { source, target } of edges) {
    if (!successors.has(source) || !successors.has(target) || source === target) continue
    successors.get(source)!.push(target)
    predecessors.get(target)!.push(source)
    indegree.set(target, indegree.get(target)! + 1)
  }

  // Longest path from the sources (Kahn's order): every edge points to a higher rank.
  const rank = new Map<number, number>()
  const queue = [...nodeIds].filter((id) => indegree.get(id) === 0).sort((a, b) => a - b)
  const topo: number[] = []
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head]
    topo.push(id)
    const r = rank.get(id) ?? 0
    rank.set(id, r)
    for (const next of successors.get(id)!) {
      rank.set(next, Math.max(rank.get(next) ?? 0, r + 1))
      const left = indegree.get(next)! - 1
      indegree.set(next, left)
      if (left === 0) queue.push(next)
    }
  }
  if (topo.length < nodeIds.length) {
    let r = Math.max(0, ...rank.values()) + 1
    const placed = new Set(topo)
    for (const id of [...nodeIds].sort((a, b) => a - b)) {
      if (placed.has(id)) continue
      rank.set(id, r++)
      topo.push(id)
    }
  }

  const rankCount = Math.max(0, ...rank.values()) + 1
  const layers: number[][] = Array.from({ length: rankCount }, () => [])
  for (const id of topo) layers[rank.get(id)!].push(id)
  const order = new Map<number, number>()
  const renumber = () => layers.forEach((layer) => layer.forEach((id, i) => order.set(id, i)))
  renumber()

  const sortByBarycenter = (layer: number[], neighbours: Map<number, number[]>) => {
    const weight = new Map<number, number>()
    for (const id of layer) {
      const around = neighbours.get(id)!
      weight.set(id, around.length === 0 ? order.get(id)! : around.reduce((sum, n) => sum + order.get(n)!, 0) / around.length)
    }
    // Stable: ties keep their current order.
    layer.sort((a, b) => weight.get(a)! - weight.get(b)! || order.get(a)! - order.get(b)!)
    layer.forEach((id, i) => order.set(id, i))
  }
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    if (sweep % 2 === 0) for (let r = 1; r < rankCount; r++) sortByBarycenter(layers[r], predecessors)
    else for (let r = rankCount - 2; r >= 0; r--) sortByBarycenter(layers[r], successors)
  }

  return { rank, order, rankCount, maxRankSize: Math.max(0, ...layers.map((layer) => layer.length)) }
}
