import dagre from '@dagrejs/dagre'
import { placeLayers, type LayeredEdge } from './layered-layout'

/** Sizes and gaps of the DAG drawing, in px (React Flow units at zoom 1). */
export interface DagLayoutOptions {
  nodeWidth: number
  nodeHeight: number
  /** Gap between ranks (left to right). */
  rankSep: number
  /** Gap between nodes of one rank (top to bottom). */
  nodeSep: number
  /** Gap between separate components. */
  componentGap: number
  /** Components are packed in rows; a row wraps past this width. */
  maxRowWidth: number
  /**
   * Up to this many linked nodes, dagre lays out each component (fewer crossings, nicer edges);
   * above, the built-in layered layout does, so a 1,000-job graph still opens at once.
   */
  dagreMaxNodes: number
}

export const DEFAULT_DAG_LAYOUT: DagLayoutOptions = {
  nodeWidth: 200,
  nodeHeight: 48,
  rankSep: 70,
  nodeSep: 18,
  componentGap: 60,
  maxRowWidth: 2400,
  dagreMaxNodes: 120,
}

export interface DagLayout {
  /** Top-left corner of each node (React Flow's `position`). */
  positions: Map<number, { x: number; y: number }>
  width: number
  height: number
  engine: 'dagre' | 'layered'
}

interface Box {
  ids: number[]
  /** Positions relative to the component's own top-left corner. */
  local: Map<number, { x: number; y: number }>
  width: number
  height: number
}

/**
 * Where every job goes in the DAG view: each connected group of linked jobs laid out left to right
 * (parents before children), the groups packed in rows (largest first), and jobs without links in
 * a grid below them. Pure and deterministic: the same jobs and links give the same picture.
 */
export function layoutDag(nodeIds: readonly number[], edges: readonly LayeredEdge[], options: DagLayoutOptions = DEFAULT_DAG_LAYOUT): DagLayout {
  const known = new Set(nodeIds)
  const links = edges.filter((e) => known.has(e.source) && known.has(e.target) && e.source !== e.target)
  const components = connectedComponents(nodeIds, links)
  const linked = components.filter((c) => c.length > 1)
  const isolated = components.filter((c) => c.length === 1).map((c) => c[0])
  const linkedCount = linked.reduce((sum, c) => sum + c.length, 0)
  const engine = linkedCount <= options.dagreMaxNodes ? 'dagre' : 'layered'

  const edgesOf = groupEdges(linked, links)
  const boxes = linked.map((ids, i) => (engine === 'dagre' ? dagreBox(ids, edgesOf[i], options) : layeredBox(ids, edgesOf[i], options)))
  if (isolated.length > 0) boxes.push(gridBox(isolated, options))

  const positions = new Map<number, { x: number; y: number }>()
  let x = 0
  let y = 0
  let rowHeight = 0
  let width = 0
  for (const box of boxes) {
    if (x > 0 && x + box.width > options.maxRowWidth) {
      x = 0
      y += rowHeight + options.componentGap
      rowHeight = 0
    }
    for (const [id, p] of box.local) positions.set(id, { x: x + p.x, y: y + p.y })
    x += box.width + options.componentGap
    rowHeight = Math.max(rowHeight, box.height)
    width = Math.max(width, x - options.componentGap)
  }
  return { positions, width, height: boxes.length === 0 ? 0 : y + rowHeight, engine }
}

/** Weakly connected components, largest first (ties: the smallest job id first); ids sorted inside. */
export function connectedComponents(nodeIds: readonly number[], edges: readonly LayeredEdge[]): number[][] {
  const parent = new Map<number, number>(nodeIds.map((id) => [id, id]))
  const find = (id: number): number => {
    let root = id
    while (parent.get(root) !== root) root = parent.get(root)!
    // Path halving keeps later look-ups short.
    for (let at = id; parent.get(at) !== root; ) {
      const next = parent.get(at)!
      parent.set(at, root)
      at = next
    }
    return root
  }
  for (const { source, target } of edges) {
    if (!parent.has(source) || !parent.has(target)) continue
    const a = find(source)
    const b = find(target)
    if (a !== b) parent.set(Math.max(a, b), Math.min(a, b))
  }
  const byRoot = new Map<number, number[]>()
  for (const id of nodeIds) {
    const root = find(id)
    const list = byRoot.get(root)
    if (list) list.push(id)
    else byRoot.set(root, [id])
  }
  const components = [...byRoot.values()].map((ids) => ids.sort((a, b) => a - b))
  return components.sort((a, b) => b.length - a.length || a[0] - b[0])
}

function groupEdges(components: readonly number[][], edges: readonly LayeredEdge[]): LayeredEdge[][] {
  const index = new Map<number, number>()
  components.forEach((ids, i) => ids.forEach((id) => index.set(id, i)))
  const grouped: LayeredEdge[][] = components.map(() => [])
  for (const edge of edges) {
    const i = index.get(edge.source)
    if (i !== undefined) grouped[i].push(edge)
  }
  return grouped
}

function dagreBox(ids: readonly number[], edges: readonly LayeredEdge[], o: DagLayoutOptions): Box {
  const g = new dagre.graphlib.Graph()
  g.setGraph({ rankdir: 'LR', ranksep: o.rankSep, nodesep: o.nodeSep, marginx: 0, marginy: 0 })
  g.setDefaultEdgeLabel(() => ({}))
  for (const id of ids) g.setNode(String(id), { width: o.nodeWidth, height: o.nodeHeight })
  for (const e of edges) g.setEdge(String(e.source), String(e.target))
  dagre.layout(g)
  const local = new Map<number, { x: number; y: number }>()
  let minX = Infinity
  let minY = Infinity
  for (const id of ids) {
    const node = g.node(String(id))
    // dagre gives centres; React Flow positions are top-left corners.
    const x = (node.x ?? 0) - o.nodeWidth / 2
    const y = (node.y ?? 0) - o.nodeHeight / 2
    local.set(id, { x, y })
    minX = Math.min(minX, x)
    minY = Math.min(minY, y)
  }
  return normalise(ids, local, minX, minY, o)
}

function layeredBox(ids: readonly number[], edges: readonly LayeredEdge[], o: DagLayoutOptions): Box {
  const placement = placeLayers(ids, edges)
  const rankSizes = new Array<number>(placement.rankCount).fill(0)
  for (const id of ids) rankSizes[placement.rank.get(id)!]++
  const local = new Map<number, { x: number; y: number }>()
  const rowStep = o.nodeHeight + o.nodeSep
  for (const id of ids) {
    const r = placement.rank.get(id)!
    // Each rank is centred on the tallest one.
    const offset = ((placement.maxRankSize - rankSizes[r]) * rowStep) / 2
    local.set(id, { x: r * (o.nodeWidth + o.rankSep), y: offset + placement.order.get(id)! * rowStep })
  }
  return normalise(ids, local, 0, 0, o)
}

function gridBox(ids: readonly number[], o: DagLayoutOptions): Box {
  const columns = Math.max(1, Math.floor((o.maxRowWidth + o.nodeSep) / (o.nodeWidth + o.nodeSep)))
  const local = new Map<number, { x: number; y: number }>()
  ids.forEach((id, i) => local.set(id, { x: (i % columns) * (o.nodeWidth + o.nodeSep), y: Math.floor(i / columns) * (o.nodeHeight + o.nodeSep) }))
  return normalise(ids, local, 0, 0, o)
}

function normalise(ids: readonly number[], local: Map<number, { x: number; y: number }>, minX: number, minY: number, o: DagLayoutOptions): Box {
  let width = 0
  let height = 0
  for (const id of ids) {
    const p = local.get(id)!
    const q = { x: p.x - minX, y: p.y - minY }
    local.set(id, q)
    width = Math.max(width, q.x + o.nodeWidth)
    height = Math.max(height, q.y + o.nodeHeight)
  }
  return { ids: [...ids], local, width, height }
}
