import type { ElkNode } from 'elkjs/lib/elk-api'
import { DEFAULT_DAG_LAYOUT, type ComponentBox, type DagLayoutOptions, type LayoutComponent, type Point } from './dag-layout'

/**
 * ELK's layered algorithm for one component of the DAG: parents left of children, a few rounds of
 * crossing reduction, and the model order (job ids) kept where it does not cost crossings, so a
 * new link moves few jobs. Edges are not routed by ELK (React Flow draws its own), which is most
 * of ELK's time saved.
 */
export function elkOptions(o: DagLayoutOptions = DEFAULT_DAG_LAYOUT): Record<string, string> {
  return {
    'elk.algorithm': 'layered',
    'elk.direction': 'RIGHT',
    'elk.layered.spacing.nodeNodeBetweenLayers': String(o.rankSep),
    'elk.spacing.nodeNode': String(o.nodeSep),
    'elk.edgeRouting': 'POLYLINE',
    'elk.layered.thoroughness': '1',
    'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
    'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    'elk.padding': '[top=0,left=0,bottom=0,right=0]',
    ...(o.edgeNodeSep === undefined
      ? {}
      : { 'elk.spacing.edgeNode': String(o.edgeNodeSep), 'elk.layered.spacing.edgeNodeBetweenLayers': String(o.edgeNodeSep) }),
  }
}

/** The ELK graph of one component: its jobs as fixed-size nodes in id order, its links as edges. */
export function toElkGraph(component: LayoutComponent, o: DagLayoutOptions = DEFAULT_DAG_LAYOUT): ElkNode {
  return {
    id: 'component',
    layoutOptions: elkOptions(o),
    children: component.ids.map((id) => ({ id: String(id), width: o.nodeWidth, height: o.nodeHeight })),
    edges: component.edges.map((edge, i) => ({ id: `e${i}`, sources: [String(edge.source)], targets: [String(edge.target)] })),
  }
}

/** ELK's answer as a box: each node's top-left corner, shifted so the box starts at (0, 0). */
export function fromElkGraph(laidOut: ElkNode, o: DagLayoutOptions = DEFAULT_DAG_LAYOUT): ComponentBox {
  const children = laidOut.children ?? []
  let minX = Infinity
  let minY = Infinity
  for (const child of children) {
    minX = Math.min(minX, child.x ?? 0)
    minY = Math.min(minY, child.y ?? 0)
  }
  const local = new Map<number, Point>()
  let width = 0
  let height = 0
  for (const child of children) {
    const p = { x: Math.round((child.x ?? 0) - minX), y: Math.round((child.y ?? 0) - minY) }
    local.set(Number(child.id), p)
    width = Math.max(width, p.x + o.nodeWidth)
    height = Math.max(height, p.y + o.nodeHeight)
  }
  return { local, width, height }
}
