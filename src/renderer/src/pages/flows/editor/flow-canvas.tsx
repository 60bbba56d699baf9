import '@xyflow/react/dist/style.css'
import './flow-editor.css'
import { Controls, ReactFlow, useReactFlow, type Connection, type FinalConnectionState, type NodeChange, type NodeTypes } from '@xyflow/react'
import { useCallback, useEffect, useMemo, useRef, type Dispatch } from 'react'
import { useKeepInView } from '../../../components/graph/use-keep-in-view'
import { useT } from '../../../i18n/use-t'
import { boxAround } from '../../../lib/dag/keep-in-view'
import { FLOW_LAYOUT } from '../../../lib/flows/flow-layout'
import { useJobsOf } from '../../../components/use-jobs-of'
import type { FlowEditorAction, FlowEditorState } from './flow-editor-state'
import { buildFlowEdges, buildFlowNodes, type BranchLabel, type FlowCanvasEdge, type FlowCanvasNode, type FlowSelection } from './flow-elements'
import { FlowNode } from './flow-node'
import { isJobNode } from '../../../../../shared/flow-types'
import { useFlowNames } from '../use-flow-names'

const NODE_TYPES: NodeTypes = { flowNode: FlowNode }
export const FIT_VIEW_OPTIONS = { maxZoom: 1.2, padding: 0.15 }
/** Delete is the key the operator is told of; Backspace is what a Mac keyboard calls delete. Fields typed in are left alone. */
const DELETE_KEYS = ['Delete', 'Backspace']

interface FlowCanvasProps {
  state: FlowEditorState
  dispatch: Dispatch<FlowEditorAction>
  colorMode: 'light' | 'dark'
  /** A new number fits the view to every node, once the nodes it counts are drawn. */
  fitRequest: number
}

/** Where a connection drag ended: the node under the pointer, if any (a drop on a node's body links too). */
function nodeUnderPointer(event: MouseEvent | TouchEvent): string | null {
  const point = 'changedTouches' in event ? event.changedTouches[0] : event
  if (!point) return null
  const element = document.elementFromPoint(point.clientX, point.clientY)
  return element?.closest('.react-flow__node')?.getAttribute('data-id') ?? null
}

/** The box of what is selected: the node, or both ends of the link. */
function selectionBox(selection: FlowSelection, positions: FlowEditorState['positions']) {
  const keys = selection?.kind === 'node' ? [selection.key] : selection?.kind === 'edge' ? [selection.from, selection.to] : []
  const corners = keys.map((key) => positions.get(key)).filter((at) => at !== undefined)
  return boxAround(corners, FLOW_LAYOUT.nodeWidth, FLOW_LAYOUT.nodeHeight)
}

/**
 * The flow's graph: nodes where the editor placed them (draggable), links drawn by dragging from a
 * node's right handle onto another node, a click selects, Delete removes what is selected. The
 * view keeps the selection on screen as the side panel opens beside it.
 */
export function FlowCanvas({ state, dispatch, colorMode, fitRequest }: FlowCanvasProps) {
  const t = useT()
  const flow = useReactFlow()
  const { draft, positions, selection, refusal } = state
  // The names of the nodes' jobs, read when this console has not read them yet.
  const { jobsById } = useJobsOf(useMemo(() => draft.nodes.flatMap((node) => (isJobNode(node) ? [node.jobId] : [])), [draft.nodes]))
  const jobName = useCallback((jobId: number) => jobsById.get(jobId)?.name, [jobsById])
  const { flowName } = useFlowNames()
  const cycle = refusal?.reason === 'cycle' ? refusal.path : undefined
  const nodes = useMemo(
    () => buildFlowNodes({ definition: draft, positions, jobName, flowName, selection, cycle }),
    [draft, positions, jobName, flowName, selection, cycle],
  )
  const branchLabel = useCallback<BranchLabel>(
    ({ cases, isDefault }) =>
      [
        ...(cases.length > 0 ? [t('flowEditor.switch.edgeCases', { cases: cases.join(', ') })] : []),
        ...(isDefault ? [t('flowEditor.switch.default')] : []),
      ].join(' · ') || t('flowEditor.switch.edgeUnused'),
    [t],
  )
  const edges = useMemo(() => buildFlowEdges(draft, selection, branchLabel), [draft, selection, branchLabel])

  // Revealed when the selection changes (and when the pane resizes), not while a node is dragged;
  // a node just added is shown with the whole flow when that stays readable.
  const positionsNow = useRef(positions)
  positionsNow.current = positions
  const shownBox = useMemo(() => selectionBox(selection, positionsNow.current), [selection])
  const wholeBox = useMemo(
    () => (state.added === null ? null : boxAround([...positionsNow.current.values()], FLOW_LAYOUT.nodeWidth, FLOW_LAYOUT.nodeHeight)),
    [state.added],
  )
  useKeepInView(shownBox, wholeBox)

  // After the nodes of this render reached React Flow (its store takes them in an effect of a child).
  useEffect(() => {
    if (fitRequest > 0) void flow.fitView(FIT_VIEW_OPTIONS)
  }, [fitRequest, flow])

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowCanvasNode>[]) => {
      for (const change of changes) if (change.type === 'position' && change.position) dispatch({ type: 'move', key: change.id, position: change.position })
    },
    [dispatch],
  )
  const canvasRef = useRef<HTMLDivElement>(null)
  const onConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, connection: FinalConnectionState) => {
      canvasRef.current?.removeAttribute('data-connecting')
      // A drop on a handle made a connection already; a drop on a node's body makes one here.
      if (connection.isValid || !connection.fromNode) return
      const target = nodeUnderPointer(event)
      if (target !== null && target !== connection.fromNode.id) dispatch({ type: 'link', from: connection.fromNode.id, to: target })
    },
    [dispatch],
  )

  return (
    <ReactFlow<FlowCanvasNode, FlowCanvasEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      onNodesChange={onNodesChange}
      onNodeClick={(_, node) => dispatch({ type: 'select', selection: { kind: 'node', key: node.id } })}
      onEdgeClick={(_, edge) => edge.data && dispatch({ type: 'select', selection: { kind: 'edge', from: edge.data.from, to: edge.data.to } })}
      onPaneClick={() => dispatch({ type: 'select', selection: null })}
      isValidConnection={(connection) => connection.source !== connection.target}
      onConnect={(connection: Connection) => dispatch({ type: 'link', from: connection.source, to: connection.target })}
      onConnectStart={() => canvasRef.current?.setAttribute('data-connecting', 'true')}
      onConnectEnd={onConnectEnd}
      deleteKeyCode={DELETE_KEYS}
      onDelete={({ nodes: gone, edges: cut }) =>
        dispatch({ type: 'delete', keys: gone.map((node) => node.id), edges: cut.flatMap((edge) => (edge.data ? [edge.data] : [])) })
      }
      multiSelectionKeyCode={null}
      selectionKeyCode={null}
      minZoom={0.2}
      maxZoom={1.5}
      colorMode={colorMode}
      proOptions={{ hideAttribution: true }}
      aria-label={t('flowEditor.canvas')}
      data-testid="flow-canvas"
      data-node-count={nodes.length}
      ref={canvasRef}
    >
      <Controls showInteractive={false} showFitView={false} />
    </ReactFlow>
  )
}
