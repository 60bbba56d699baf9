/**
 * Where every job goes in the DAG view. Linked jobs form connected components, each laid out as
 * layers left to right by ELK (elk-graph.ts, in a worker: one engine for every size); the
 * components are packed in rows, largest first, and the jobs without links sit in a grid below
 * them, about as wide as the view is. Everything here is pure and deterministic: the same jobs and
 * links give the same picture.
 */

export interface LayoutEdge {
  source: number
  target: number
}

/** Sizes and gaps of the drawing, in px (React Flow units at zoom 1). */
export interface DagLayoutOptions {
  nodeWidth: number
  nodeHeight: number
  /** Gap between layers of a chain (left to right). */
  rankSep: number
  /** Gap between nodes of one layer, and between grid cells. */
  nodeSep: number
  /** Gap between components, and above the grid. */
  componentGap: number
  /** Components are packed in rows; a row wraps past this width, and the grid is never wider. */
  maxRowWidth: number
  /** Width / height the grid of unlinked jobs aims for (a landscape view). */
  gridAspect: number
  /**
   * Gap between a node and a link passing it (ELK's default when absent). React Flow draws links
   * straight between handles, not along ELK's route: a gap of half a node keeps a link that skips
   * a layer from being drawn across the nodes it passes.
   */
  edgeNodeSep?: number
}

export const DEFAULT_DAG_LAYOUT: DagLayoutOptions = {
  nodeWidth: 200,
  nodeHeight: 48,
  rankSep: 70,
  nodeSep: 18,
  componentGap: 60,
  maxRowWidth: 2400,
  gridAspect: 1.6,
}

export interface Point {
  x: number
  y: number
}

/** A block laid out on its own: positions relative to its top-left corner. */
export interface ComponentBox {
  local: ReadonlyMap<number, Point>
  width: number
  height: number
}

/** One connected group of linked jobs, with a key that names exactly its jobs and links (for caching its box). */
export interface LayoutComponent {
  key: string
  ids: number[]
  edges: LayoutEdge[]
}

export interface DagLayout {
  /** Top-left corner of each node (React Flow's `position`). */
  positions: Map<number, Point>
  width: number
  height: number
}

/** Splits the graph into its linked components (largest first) and the jobs without links. */
export function splitComponents(nodeIds: readonly number[], edges: readonly LayoutEdge[]): { linked: LayoutComponent[]; isolated: number[] } {
  const known = new Set(nodeIds)
  const links = edges.filter((e) => known.has(e.source) && known.has(e.target) && e.source !== e.target)
  const components = connectedComponents(nodeIds, links)
  const index = new Map<number, number>()
  components.forEach((ids, i) => ids.forEach((id) => index.set(id, i)))
  const edgesOf: LayoutEdge[][] = components.map(() => [])
  for (const edge of links) edgesOf[index.get(edge.source)!].push(edge)
  const linked: LayoutComponent[] = []
  const isolated: number[] = []
  components.forEach((ids, i) => {
    if (ids.length === 1) isolated.push(ids[0])
    else linked.push({ key: componentKey(ids, edgesOf[i]), ids, edges: edgesOf[i] })
  })
  return { linked, isolated }
}

/** Weakly connected components, largest first (ties: the smallest job id first); ids sorted inside. */
export function connectedComponents(nodeIds: readonly number[], edges: readonly LayoutEdge[]): number[][] {
  const parent = new Map<number, number>(nodeIds.map((id) => [id, id]))
  const find = (id: number): number => {
    let root = id
    while (parent.get(root) !== root) root = parent.get(root)!
    // Path halving keeps later look-ups short.
    for (let at = id; parent.get(at) !== root;) {
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

/** Names a component by its sorted ids and sorted links, so an unchanged component keeps its box. */
export function componentKey(ids: readonly number[], edges: readonly LayoutEdge[]): string {
  const links = edges.map((e) => `${e.source}>${e.target}`).sort()
  return `${ids.join(',')}|${links.join(',')}`
}

/** Unlinked jobs in id order, row by row, in a grid about `gridAspect` times wider than high. */
export function gridBox(ids: readonly number[], o: DagLayoutOptions = DEFAULT_DAG_LAYOUT): ComponentBox {
  const cellW = o.nodeWidth + o.nodeSep
  const cellH = o.nodeHeight + o.nodeSep
  const widest = Math.max(1, Math.floor((o.maxRowWidth + o.nodeSep) / cellW))
  // columns × cellW ≈ gridAspect × rows × cellH, with rows = n / columns.
  const columns = Math.max(1, Math.min(widest, ids.length, Math.ceil(Math.sqrt((o.gridAspect * ids.length * cellH) / cellW))))
  const local = new Map<number, Point>()
  ids.forEach((id, i) => local.set(id, { x: (i % columns) * cellW, y: Math.floor(i / columns) * cellH }))
  const rows = Math.ceil(ids.length / columns)
  return { local, width: ids.length === 0 ? 0 : columns * cellW - o.nodeSep, height: ids.length === 0 ? 0 : rows * cellH - o.nodeSep }
}

/** Packs component boxes in rows (in the order given), then the grid of unlinked jobs below them all. */
export function assembleLayout(boxes: readonly ComponentBox[], grid: ComponentBox | null, o: DagLayoutOptions = DEFAULT_DAG_LAYOUT): DagLayout {
  const positions = new Map<number, Point>()
  let x = 0
  let y = 0
  let rowHeight = 0
  let width = 0
  const place = (box: ComponentBox, atX: number, atY: number) => {
    for (const [id, p] of box.local) positions.set(id, { x: atX + p.x, y: atY + p.y })
  }
  for (const box of boxes) {
    if (x > 0 && x + box.width > o.maxRowWidth) {
      x = 0
      y += rowHeight + o.componentGap
      rowHeight = 0
    }
    place(box, x, y)
    width = Math.max(width, x + box.width)
    x += box.width + o.componentGap
    rowHeight = Math.max(rowHeight, box.height)
  }
  let height = boxes.length > 0 ? y + rowHeight : 0
  if (grid && grid.local.size > 0) {
    const gridY = boxes.length > 0 ? height + o.componentGap : 0
    place(grid, 0, gridY)
    width = Math.max(width, grid.width)
    height = gridY + grid.height
  }
  return { positions, width, height }
}
