import type { FlowDefinition } from '../../../../shared/flow-types'
import {
  assembleLayout,
  DEFAULT_DAG_LAYOUT,
  gridBox,
  splitComponents,
  type ComponentBox,
  type DagLayoutOptions,
  type LayoutComponent,
  type Point,
} from '../dag/dag-layout'

/**
 * Where a flow's nodes go in the editor. A tidy layout is the DAG page's (dag-layout.ts: linked
 * components laid out by ELK in the layout workers, unlinked nodes in a grid below), with the
 * editor's larger nodes; a node added later goes to a free spot near where the operator looks, so
 * nothing already placed moves.
 */

/** The editor's node boxes: room for the key, the job and the trigger rule. */
export const FLOW_LAYOUT: DagLayoutOptions = {
  ...DEFAULT_DAG_LAYOUT,
  nodeWidth: 220,
  nodeHeight: 60,
  rankSep: 80,
  nodeSep: 24,
  maxRowWidth: 1600,
  edgeNodeSep: 48,
}

/** The flow as the layout's numbered graph: node i of the definition is id i. */
export interface FlowLayoutPlan {
  linked: LayoutComponent[]
  isolated: number[]
  keys: string[]
}

export function flowLayoutPlan(definition: FlowDefinition): FlowLayoutPlan {
  const keys = definition.nodes.map((node) => node.key)
  const idOf = new Map(keys.map((key, id) => [key, id]))
  const edges = definition.edges.flatMap((edge) => {
    const source = idOf.get(edge.from)
    const target = idOf.get(edge.to)
    return source === undefined || target === undefined ? [] : [{ source, target }]
  })
  const { linked, isolated } = splitComponents(
    keys.map((_, id) => id),
    edges,
  )
  return { linked, isolated, keys }
}

/** Every node's top-left corner, by key, from the boxes ELK gave the plan's linked components. */
export function flowPositions(plan: FlowLayoutPlan, boxes: ReadonlyMap<string, ComponentBox>, o: DagLayoutOptions = FLOW_LAYOUT): Map<string, Point> {
  const laidOut = plan.linked.flatMap((component) => {
    const box = boxes.get(component.key)
    return box ? [box] : []
  })
  const layout = assembleLayout(laidOut, gridBox(plan.isolated, o), o)
  const positions = new Map<string, Point>()
  for (const [id, point] of layout.positions) positions.set(plan.keys[id], point)
  return positions
}

/** Every node in one grid, in definition order: the places of last resort when ELK fails. */
export function gridPositions(definition: FlowDefinition, o: DagLayoutOptions = FLOW_LAYOUT): Map<string, Point> {
  const box = gridBox(
    definition.nodes.map((_, id) => id),
    o,
  )
  return new Map([...box.local].map(([id, at]): [string, Point] => [definition.nodes[id].key, at]))
}

/** How many rings of cells around the wanted spot are tried before giving up on nearness. */
const MAX_RINGS = 40

/**
 * A top-left corner for a new node near `near` that keeps a gap to every node `placed`: the
 * closest free cell of a grid through `near` (a link's length apart across, a gap apart down).
 */
export function placeNewNode(placed: readonly Point[], near: Point, o: DagLayoutOptions = FLOW_LAYOUT): Point {
  const clear = (at: Point) =>
    placed.every(
      (p) =>
        at.x >= p.x + o.nodeWidth + o.nodeSep ||
        p.x >= at.x + o.nodeWidth + o.nodeSep ||
        at.y >= p.y + o.nodeHeight + o.nodeSep ||
        p.y >= at.y + o.nodeHeight + o.nodeSep,
    )
  const stepX = o.nodeWidth + o.rankSep
  const stepY = o.nodeHeight + o.nodeSep
  for (let ring = 0; ring <= MAX_RINGS; ring++) {
    const cells: Point[] = []
    for (let i = -ring; i <= ring; i++) {
      for (let j = -ring; j <= ring; j++) {
        if (Math.max(Math.abs(i), Math.abs(j)) === ring) cells.push({ x: near.x + i * stepX, y: near.y + j * stepY })
      }
    }
    // Nearest first; on a tie, right before left and below before above (reading order).
    const distance = (at: Point) => (at.x - near.x) ** 2 + (at.y - near.y) ** 2
    cells.sort((a, b) => distance(a) - distance(b) || b.x - a.x || b.y - a.y)
    const free = cells.find(clear)
    if (free) return { x: Math.round(free.x), y: Math.round(free.y) }
  }
  // Everything near is taken: below all of it.
  const bottom = Math.max(...placed.map((p) => p.y + o.nodeHeight))
  return { x: Math.round(near.x), y: bottom + o.componentGap }
}
