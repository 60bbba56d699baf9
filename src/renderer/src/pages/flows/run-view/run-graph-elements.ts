import { MarkerType, Position, type Edge, type Node, type NodeHandle } from '@xyflow/react'
import type { FlowDefinition, FlowNodeDef, FlowNodeRun, FlowNodeState, TriggerRule } from '../../../../../shared/flow-types'
import { isFailedLikeState } from '../../../../../shared/flow-trigger-rules'
import type { LayoutEdge, Point } from '../../../lib/dag/dag-layout'
import { itemCounts } from '../../../lib/flows/flow-run-kinds'

/**
 * A flow run's graph for React Flow, laid out by the DAG page's ELK workers: those speak numeric
 * ids, so each node key gets one (its place in the definition, from 1). A run's definition never
 * changes, so the layout is computed once per run; state changes only rebuild the nodes they touch.
 */
export interface RunGraphShape {
  ids: number[]
  edges: LayoutEdge[]
  /** Names the graph: the layout is keyed on it, not on the nodes' states. */
  structure: string
  idOf: ReadonlyMap<string, number>
}

export function runGraphShape(definition: FlowDefinition): RunGraphShape {
  const idOf = new Map(definition.nodes.map((node, i) => [node.key, i + 1]))
  const edges = definition.edges
    .filter((edge) => idOf.has(edge.from) && idOf.has(edge.to))
    .map((edge) => ({ source: idOf.get(edge.from)!, target: idOf.get(edge.to)! }))
  const structure = `${definition.nodes.map((node) => node.key).join(',')}|${definition.edges.map((edge) => `${edge.from}>${edge.to}`).join(',')}`
  return { ids: [...idOf.values()], edges, structure, idOf }
}

export interface RunNodeData extends Record<string, unknown> {
  key: string
  kind: NonNullable<FlowNodeDef['kind']>
  /** The job's name (or `#id` when it is gone), the approval's prompt, the sub-flow's name; '' for a switch. */
  label: string
  /** A fan-out's items: how many ended well of how many (null: not a fan-out, or no items yet). */
  items: { done: number; total: number } | null
  state: FlowNodeState
  rule: TriggerRule
  selected: boolean
  /** Its job runs' deadline marks (RUN_MARK bits): a `late` or `slow` badge on the node. */
  marks: number
}

export type RunGraphNode = Node<RunNodeData, 'flowNode'>
export type RunGraphEdge = Edge

export interface RunNodeInputs {
  definition: FlowDefinition
  nodeRuns: ReadonlyMap<string, FlowNodeRun>
  positions: ReadonlyMap<number, Point>
  idOf: ReadonlyMap<string, number>
  jobName(jobId: number): string
  flowName(flowId: number): string
  selectedKey: string | null
  width: number
  height: number
}

const HANDLE_PX = 8

/** The two handles' boxes, given up front so React Flow draws the edges without measuring each node first. */
function nodeHandles(width: number, height: number): NodeHandle[] {
  const y = height / 2 - HANDLE_PX / 2
  return [
    { type: 'target', position: Position.Left, x: -HANDLE_PX / 2, y, width: HANDLE_PX, height: HANDLE_PX },
    { type: 'source', position: Position.Right, x: width - HANDLE_PX / 2, y, width: HANDLE_PX, height: HANDLE_PX },
  ]
}

const sameData = (a: RunNodeData, b: RunNodeData) =>
  a.label === b.label &&
  a.state === b.state &&
  a.rule === b.rule &&
  a.selected === b.selected &&
  a.kind === b.kind &&
  a.marks === b.marks &&
  a.items?.done === b.items?.done &&
  a.items?.total === b.items?.total

/** What a node runs, in words: its job's name, its question, its flow's name; nothing for a switch. */
function labelOf(def: FlowNodeDef, inputs: Pick<RunNodeInputs, 'jobName' | 'flowName'>): string {
  switch (def.kind) {
    case 'approval':
      return def.prompt ?? ''
    case 'subflow':
      return inputs.flowName(def.flowId)
    case 'switch':
      return ''
    default:
      return inputs.jobName(def.jobId)
  }
}

/**
 * The run's nodes. A node object is kept (same reference) while nothing it shows changed, so a
 * pushed state change re-renders that node alone and the viewport stays where the operator left it.
 * `cache` holds the previous call's nodes by key and is updated in place.
 */
export function buildRunNodes(cache: Map<string, RunGraphNode>, inputs: RunNodeInputs): RunGraphNode[] {
  const handles = nodeHandles(inputs.width, inputs.height)
  const nodes: RunGraphNode[] = []
  for (const def of inputs.definition.nodes) {
    const position = inputs.positions.get(inputs.idOf.get(def.key) ?? -1)
    if (!position) continue
    const items = inputs.nodeRuns.get(def.key)?.items
    const counted = items && items.length > 0 ? itemCounts(items) : null
    const data: RunNodeData = {
      key: def.key,
      kind: def.kind ?? 'job',
      label: labelOf(def, inputs),
      items: counted && { done: counted.done, total: counted.total },
      state: inputs.nodeRuns.get(def.key)?.state ?? 'pending',
      rule: def.triggerRule ?? 'all_success',
      selected: def.key === inputs.selectedKey,
      marks: inputs.nodeRuns.get(def.key)?.deadlineMarks ?? 0,
    }
    const held = cache.get(def.key)
    if (held && held.position.x === position.x && held.position.y === position.y && sameData(held.data, data)) {
      nodes.push(held)
      continue
    }
    const node: RunGraphNode = { id: def.key, type: 'flowNode', position, width: inputs.width, height: inputs.height, handles, data }
    cache.set(def.key, node)
    nodes.push(node)
  }
  return nodes
}

/**
 * How an edge is drawn: by its parent's outcome, and moving while its child runs. An edge into a
 * skipped child (a switch's branch not taken) is drawn as not taken, whatever its parent did.
 */
export function edgeLook(from: FlowNodeState, to: FlowNodeState): { tone: 'ok' | 'bad' | 'idle' | 'skipped'; animated: boolean } {
  const tone = to === 'skipped' ? 'skipped' : from === 'success' ? 'ok' : isFailedLikeState(from) ? 'bad' : 'idle'
  return { tone, animated: to === 'running' }
}

const TONE_COLOR = {
  ok: 'var(--mantine-color-teal-6)',
  bad: 'var(--mantine-color-red-6)',
  idle: 'var(--mantine-color-gray-5)',
  skipped: 'var(--mantine-color-gray-4)',
} as const

/** The run's edges, kept while their look is unchanged like {@link buildRunNodes}. */
export function buildRunEdges(cache: Map<string, RunGraphEdge>, definition: FlowDefinition, nodeRuns: ReadonlyMap<string, FlowNodeRun>): RunGraphEdge[] {
  return definition.edges.map((link) => {
    const id = `${link.from}>${link.to}`
    const look = edgeLook(nodeRuns.get(link.from)?.state ?? 'pending', nodeRuns.get(link.to)?.state ?? 'pending')
    const className = `jd-flow-edge jd-flow-edge-${look.tone}`
    const held = cache.get(id)
    if (held && held.className === className && held.animated === look.animated) return held
    const edge: RunGraphEdge = {
      id,
      source: link.from,
      target: link.to,
      className,
      animated: look.animated,
      markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16, color: TONE_COLOR[look.tone] },
    }
    cache.set(id, edge)
    return edge
  })
}
