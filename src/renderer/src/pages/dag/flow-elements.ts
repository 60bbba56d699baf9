import { MarkerType, Position, type Edge, type Node, type NodeHandle } from '@xyflow/react'
import type { JobInfo, JobLink, LinkCondition, RunStatus } from '../../../../shared/model'
import type { DagHighlight } from '../../lib/dag/dag-highlight'
import { linkKey } from '../../lib/dag/dag-highlight'

/** How a job's node is marked besides its status colour. */
export type NodeMark = 'cycle' | 'chain' | 'focus' | 'neighbour' | null

export interface JobNodeData extends Record<string, unknown> {
  jobId: number
  name: string
  /** Last run (or chain run) status; 'none' when the job never ran. */
  status: RunStatus | 'none'
  mark: NodeMark
  /** The job has a schedule that is off (it still runs as a child or when triggered). */
  stopped: boolean
}

export type JobNode = Node<JobNodeData, 'job'>

export interface LinkEdgeData extends Record<string, unknown> {
  condition: LinkCondition
  /** The refused link of a cycle, drawn while its explanation is shown. */
  refused: boolean
}

export type LinkEdge = Edge<LinkEdgeData>

export interface NodeInputs {
  jobs: readonly JobInfo[]
  positions: ReadonlyMap<number, { x: number; y: number }>
  statusOf: (jobId: number) => RunStatus | 'none'
  highlight: DagHighlight
  width: number
  height: number
}

/** A handle's box (px) as dag.css draws it: 12 px plus a 2 px border, centred on the node's side. */
const HANDLE_PX = 16

/**
 * Where a node's two handles are, given up front: React Flow otherwise renders every node once
 * to measure its handles (8,000 elements for 1,000 jobs) before it culls to the ones in view.
 */
function nodeHandles(width: number, height: number): NodeHandle[] {
  const y = height / 2 - HANDLE_PX / 2
  return [
    { type: 'target', position: Position.Left, x: -HANDLE_PX / 2, y, width: HANDLE_PX, height: HANDLE_PX },
    { type: 'source', position: Position.Right, x: width - HANDLE_PX / 2, y, width: HANDLE_PX, height: HANDLE_PX },
  ]
}

/**
 * React Flow nodes for the jobs. A node object is reused while nothing it shows changed, so after a
 * status change or a highlight only the affected nodes re-render (1,000 nodes: a few ms instead of
 * a full re-render). `cache` is the previous call's output by job id; it is updated in place.
 */
export function buildNodes(cache: Map<number, JobNode>, inputs: NodeInputs): JobNode[] {
  const handles = nodeHandles(inputs.width, inputs.height)
  const nodes: JobNode[] = []
  const seen = new Set<number>()
  for (const job of inputs.jobs) {
    const position = inputs.positions.get(job.id)
    if (!position) continue
    seen.add(job.id)
    const status = inputs.highlight.chainStatus.get(job.id) ?? inputs.statusOf(job.id)
    const mark = inputs.highlight.nodes.get(job.id) ?? null
    const stopped = job.triggerStatus !== 1 && job.scheduleType !== 'NONE'
    const held = cache.get(job.id)
    if (
      held &&
      held.position.x === position.x &&
      held.position.y === position.y &&
      held.data.name === job.name &&
      held.data.status === status &&
      held.data.mark === mark &&
      held.data.stopped === stopped
    ) {
      nodes.push(held)
      continue
    }
    const node: JobNode = {
      id: String(job.id),
      type: 'job',
      position,
      width: inputs.width,
      height: inputs.height,
      // Measured up front too (dag.css fixes the size). The page holds its nodes without
      // onNodesChange, so React Flow's own measurement never reaches these objects: a node rebuilt
      // by a new layout would count as unmeasured, and fitView waits for every node to be measured
      // and fits only measured ones (the Fit button did nothing after a link until a reload).
      measured: { width: inputs.width, height: inputs.height },
      handles,
      data: { jobId: job.id, name: job.name, status, mark, stopped },
      // Marked nodes draw above the rest (a cycle across a crowded area stays visible).
      zIndex: mark ? 1 : 0,
    }
    cache.set(job.id, node)
    nodes.push(node)
  }
  for (const id of cache.keys()) if (!seen.has(id)) cache.delete(id)
  return nodes
}

export interface EdgeInputs {
  links: readonly JobLink[]
  highlight: DagHighlight
  /** A refused link to draw (dashed, red) until its explanation is closed. */
  refused: { parentJobId: number; childJobId: number } | null
  /** Labels per condition (SUCCESS links carry none: it is the common case and the colour says it). */
  labelOf: (condition: LinkCondition) => string | undefined
}

/** Arrowheads take the link's colour (Mantine's palette, so both colour schemes work). */
const CONDITION_COLOR: Record<LinkCondition, string> = {
  SUCCESS: 'var(--mantine-color-teal-6)',
  FAILURE: 'var(--mantine-color-red-6)',
  ALWAYS: 'var(--mantine-color-gray-6)',
}
const REFUSED_COLOR = 'var(--mantine-color-red-7)'

/** React Flow edges for the links (plus a refused one), reused while unchanged like {@link buildNodes}. */
export function buildEdges(cache: Map<string, LinkEdge>, inputs: EdgeInputs): LinkEdge[] {
  const edges: LinkEdge[] = []
  const seen = new Set<string>()
  const add = (parentJobId: number, childJobId: number, condition: LinkCondition, refused: boolean) => {
    const id = refused ? `refused-${parentJobId}-${childJobId}` : linkKey(parentJobId, childJobId)
    const highlighted = inputs.highlight.edges.has(linkKey(parentJobId, childJobId))
    const className = `jd-edge jd-edge-${condition.toLowerCase()}${highlighted ? ' jd-edge-marked' : ''}${refused ? ' jd-edge-refused' : ''}`
    const label = refused ? undefined : inputs.labelOf(condition)
    seen.add(id)
    const held = cache.get(id)
    if (held && held.className === className && held.label === label) {
      edges.push(held)
      return
    }
    const edge: LinkEdge = {
      id,
      source: String(parentJobId),
      target: String(childJobId),
      className,
      label,
      data: { condition, refused },
      zIndex: highlighted || refused ? 1 : 0,
      markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16, color: refused ? REFUSED_COLOR : CONDITION_COLOR[condition] },
      domAttributes: { 'data-condition': condition, 'data-marked': String(highlighted), 'data-refused': String(refused) } as Record<string, string>,
    }
    cache.set(id, edge)
    edges.push(edge)
  }
  for (const link of inputs.links) add(link.parentJobId, link.childJobId, link.condition, false)
  if (inputs.refused) add(inputs.refused.parentJobId, inputs.refused.childJobId, 'SUCCESS', true)
  for (const id of cache.keys()) if (!seen.has(id)) cache.delete(id)
  return edges
}
