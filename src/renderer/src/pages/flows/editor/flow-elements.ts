import { MarkerType, Position, type Edge, type Node, type NodeHandle } from '@xyflow/react'
import type { FlowDefinition, FlowNodeDef, TriggerRule } from '../../../../../shared/flow-types'
import type { Point } from '../../../lib/dag/dag-layout'
import { nodesWithProblems } from '../../../lib/flows/flow-draft'
import { branchOfEdge, type BranchOfEdge } from '../../../lib/flows/flow-branches'
import { FLOW_LAYOUT } from '../../../lib/flows/flow-layout'

/** What is selected on the canvas: one node, one link, or nothing. */
export type FlowSelection = { kind: 'node'; key: string } | { kind: 'edge'; from: string; to: string } | null

export interface FlowNodeData extends Record<string, unknown> {
  key: string
  kind: NonNullable<FlowNodeDef['kind']>
  /** The job's name, the approval's question, the sub-flow's name; '' when there is none. */
  title: string
  /** The job node's job, or the subflow node's flow. */
  jobId: number | null
  flowId: number | null
  /** The job node's job (or subflow node's flow) is not among those known (deleted, or not visible to this user). */
  missingJob: boolean
  /** A fan-out job node's concurrency cap (it runs its job once per item of a list); null when it does not fan out. */
  forEach: number | null
  /** A switch node's number of cases. */
  cases: number
  triggerRule: TriggerRule
  /** The core would refuse its parameter (it uses the output of a node that does not run before it, say). */
  problem: boolean
  /** On the cycle a refused link would have closed (drawn while the refusal is shown). */
  onCycle: boolean
}

export type FlowCanvasNode = Node<FlowNodeData, 'flowNode'>
export type FlowCanvasEdge = Edge<{ from: string; to: string }>

/** The words on a switch's edge: its cases and whether it is the default (the canvas translates them). */
export type BranchLabel = (branch: BranchOfEdge) => string

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
  flowName(flowId: number): string | undefined
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
export function buildFlowNodes({ definition, positions, jobName, flowName, selection, cycle = [] }: FlowNodeInputs): FlowCanvasNode[] {
  const { nodeWidth: width, nodeHeight: height } = FLOW_LAYOUT
  const onCycle = new Set(cycle)
  const withProblems = nodesWithProblems(definition)
  return definition.nodes.flatMap((node): FlowCanvasNode[] => {
    const position = positions.get(node.key)
    if (!position) return []
    const kind = node.kind ?? 'job'
    const job = node.kind === undefined || node.kind === 'job' ? node : null
    const subflow = node.kind === 'subflow' ? node : null
    const name = job ? jobName(job.jobId) : subflow ? flowName(subflow.flowId) : undefined
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
          kind,
          title: node.kind === 'approval' ? (node.prompt ?? '') : (name ?? ''),
          jobId: job ? job.jobId : null,
          flowId: subflow ? subflow.flowId : null,
          missingJob: (job !== null || subflow !== null) && name === undefined,
          forEach: job?.forEach ? (job.forEachConcurrency ?? 1) : null,
          cases: node.kind === 'switch' ? node.cases.length : 0,
          triggerRule: node.triggerRule ?? 'all_success',
          problem: withProblems.has(node.key),
          onCycle: onCycle.has(node.key),
        },
      },
    ]
  })
}

/** The links; a switch's are labelled with the case (or default) that picks the child. */
export function buildFlowEdges(definition: FlowDefinition, selection: FlowSelection, branchLabel: BranchLabel): FlowCanvasEdge[] {
  return definition.edges.map(({ from, to }) => {
    const selected = selection?.kind === 'edge' && selection.from === from && selection.to === to
    const branch = branchOfEdge(definition, from, to)
    return {
      ...(branch ? { label: branchLabel(branch), labelBgPadding: [4, 2] as [number, number], labelBgBorderRadius: 4 } : {}),
      id: edgeId(from, to),
      source: from,
      target: to,
      selected,
      className: branch ? 'jd-flow-edge jd-flow-branch' : 'jd-flow-edge',
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
