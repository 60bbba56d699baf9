import { MarkerType, Position, type Edge, type Node, type NodeHandle } from '@xyflow/react'
import type { FlowDefinition, TriggerRule } from '../../../../../shared/flow-types'
import type { Point } from '../../../lib/dag/dag-layout'
import { isApprovalNode, nodesWithParamProblems } from '../../../lib/flows/flow-draft'
import { FLOW_LAYOUT } from '../../../lib/flows/flow-layout'
import { isJobNode } from '../../../../../shared/flow-types'

/** What is selected on the canvas: one node, one link, or nothing. */
export type FlowSelection = { kind: 'node'; key: string } | { kind: 'edge'; from: string; to: string } | null

export interface FlowNodeData extends Record<string, unknown> {
  key: string
  kind: 'job' | 'approval'
  /** The job's name, or the approval's question; '' when there is none. */
  title: string
  jobId: number | null
  /** The job node's job is not among the jobs (deleted, or not visible to this user). */
  missingJob: boolean
  triggerRule: TriggerRule
  /** The core would refuse its parameter (it uses the output of a node that does not run before it, say). */
  problem: boolean
  /** On the cycle a refused link would have closed (drawn while the refusal is shown). */
  onCycle: boolean
}

export type FlowCanvasNode = Node<FlowNodeData, 'flowNode'>
export type FlowCanvasEdge = Edge<{ from: string; to: string }>

/** Keys hold no `>`, so an edge's id names its two ends unambiguously. */
export function edgeId(from: string, to: string): string {
  return `${from}>${to}`
}

/** A handle's box as flow-editor.css draws it: 12 px plus a 2 px border, centred on the node's side. */
const HANDLE_PX = 16
const HANDLES: NodeHandle[] = [
  { type: 'target', position: Position.Left, x: -HANDLE_PX / 2, y: FLOW_LAYOUT.nodeHeight / 2 - HANDLE_PX / 2, width: HANDLE_PX, height: HANDLE_PX },
  {
    type: 'source',
    position: Position.Right,
    x: FLOW_LAYOUT.nodeWidth - HANDLE_PX / 2,
    y: FLOW_LAYOUT.nodeHeight / 2 - HANDLE_PX / 2,
    width: HANDLE_PX,
    height: HANDLE_PX,
  },
]

export interface FlowNodeInputs {
  definition: FlowDefinition
  positions: ReadonlyMap<string, Point>
  jobName(jobId: number): string | undefined
  selection: FlowSelection
  /** The keys of a refused link's cycle. */
  cycle?: readonly string[]
}

/**
 * React Flow nodes for the flow's nodes that have a place. Each carries its size as measured as
 * well as declared (flow-editor.css fixes it): the editor holds its nodes itself, so React Flow's
 * own measurement never reaches them, and fitView waits for measured nodes (see the DAG page's
 * flow-elements.ts).
 */
export function buildFlowNodes({ definition, positions, jobName, selection, cycle = [] }: FlowNodeInputs): FlowCanvasNode[] {
  const { nodeWidth: width, nodeHeight: height } = FLOW_LAYOUT
  const onCycle = new Set(cycle)
  const withProblems = nodesWithParamProblems(definition)
  return definition.nodes.flatMap((node): FlowCanvasNode[] => {
    const position = positions.get(node.key)
    if (!position) return []
    const approval = isApprovalNode(node)
    const job = isJobNode(node) ? node : null
    const name = job ? jobName(job.jobId) : undefined
    return [
      {
        id: node.key,
        type: 'flowNode',
        position,
        width,
        height,
        measured: { width, height },
        handles: HANDLES,
        selected: selection?.kind === 'node' && selection.key === node.key,
        data: {
          key: node.key,
          kind: approval ? 'approval' : 'job',
          title: approval ? (node.prompt ?? '') : (name ?? ''),
          jobId: job ? job.jobId : null,
          missingJob: job !== null && name === undefined,
          triggerRule: node.triggerRule ?? 'all_success',
          problem: withProblems.has(node.key),
          onCycle: onCycle.has(node.key),
        },
      },
    ]
  })
}

export function buildFlowEdges(definition: FlowDefinition, selection: FlowSelection): FlowCanvasEdge[] {
  return definition.edges.map(({ from, to }) => {
    const selected = selection?.kind === 'edge' && selection.from === from && selection.to === to
    return {
      id: edgeId(from, to),
      source: from,
      target: to,
      selected,
      className: 'jd-flow-edge',
      data: { from, to },
      markerEnd: {
        type: MarkerType.ArrowClosed,
        width: 16,
        height: 16,
        color: selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-6)',
      },
    }
  })
}
