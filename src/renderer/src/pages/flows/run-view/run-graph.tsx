import '@xyflow/react/dist/style.css'
import { Loader, Text } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import { Controls, ReactFlow, ReactFlowProvider, useReactFlow, type NodeTypes } from '@xyflow/react'
import { memo, useEffect, useMemo, useRef } from 'react'
import type { FlowNodeRun, FlowRun } from '../../../../../shared/flow-types'
import { useT } from '../../../i18n/use-t'
import { DEFAULT_DAG_LAYOUT, type DagLayout } from '../../../lib/dag/dag-layout'
import { viewportRevealing } from '../../../lib/dag/keep-in-view'
import { useDagLayout } from '../../dag/use-dag-layout'
import { buildRunEdges, buildRunNodes, runGraphShape, type RunGraphEdge, type RunGraphNode, type RunGraphShape } from './run-graph-elements'
import { RunNode } from './run-node'

const NODE_TYPES: NodeTypes = { flowNode: RunNode }
const FIT_VIEW_OPTIONS = { maxZoom: 1.2, padding: 0.15 }

interface RunGraphProps {
  run: FlowRun
  jobName(jobId: number): string
  flowName(flowId: number): string
  selectedKey: string | null
  colorMode: 'light' | 'dark'
  onSelect(key: string | null): void
}

/**
 * A flow run's graph, read-only, laid out by the DAG page's ELK workers (the layout is the
 * definition's, the same for the whole run). The view is fitted once; pushed state changes
 * recolour nodes and leave the viewport alone.
 */
export function RunGraph(props: RunGraphProps) {
  const t = useT()
  const shape = useMemo(() => runGraphShape(props.run.definition), [props.run.definition])
  const { layout, error } = useDagLayout(shape.structure, shape.ids, shape.edges)
  if (!layout) {
    return error ? (
      <Text c="red" p="lg">
        {t('dag.layoutFailed', { error })}
      </Text>
    ) : (
      <Loader m="lg" size="sm" />
    )
  }
  return (
    <ReactFlowProvider>
      <RunFlow {...props} shape={shape} layout={layout} />
    </ReactFlowProvider>
  )
}

const RunFlow = memo(function RunFlow({
  run,
  jobName,
  flowName,
  selectedKey,
  colorMode,
  onSelect,
  shape,
  layout,
}: RunGraphProps & { shape: RunGraphShape; layout: DagLayout }) {
  const t = useT()
  const flow = useReactFlow()
  const { ref: paneRef, width: paneWidth, height: paneHeight } = useElementSize()
  const nodeRuns = useMemo(() => new Map<string, FlowNodeRun>(run.nodes.map((node) => [node.key, node])), [run.nodes])
  const nodeCache = useRef(new Map<string, RunGraphNode>())
  const edgeCache = useRef(new Map<string, RunGraphEdge>())
  const { nodeWidth, nodeHeight } = DEFAULT_DAG_LAYOUT
  const nodes = useMemo(
    () =>
      buildRunNodes(nodeCache.current, {
        definition: run.definition,
        nodeRuns,
        positions: layout.positions,
        idOf: shape.idOf,
        jobName,
        flowName,
        selectedKey,
        width: nodeWidth,
        height: nodeHeight,
      }),
    [run.definition, nodeRuns, layout, shape, jobName, flowName, selectedKey, nodeWidth, nodeHeight],
  )
  const edges = useMemo(() => buildRunEdges(edgeCache.current, run.definition, nodeRuns), [run.definition, nodeRuns])

  // The side panel opens beside the canvas and narrows it: pan just enough that the clicked node stays in view.
  useEffect(() => {
    if (selectedKey === null || paneWidth === 0) return
    const at = layout.positions.get(shape.idOf.get(selectedKey) ?? -1)
    if (!at) return
    const viewport = flow.getViewport()
    const moved = viewportRevealing({ ...at, width: nodeWidth, height: nodeHeight }, viewport, { width: paneWidth, height: paneHeight }, 16)
    if (moved !== viewport) void flow.setViewport(moved, { duration: 200 })
  }, [selectedKey, paneWidth, paneHeight, layout, shape, flow, nodeWidth, nodeHeight])

  return (
    <div ref={paneRef} className="jd-flow-canvas-pane">
      <ReactFlow<RunGraphNode, RunGraphEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        deleteKeyCode={null}
        minZoom={0.1}
        maxZoom={2}
        fitView
        fitViewOptions={FIT_VIEW_OPTIONS}
        colorMode={colorMode}
        proOptions={{ hideAttribution: true }}
        onNodeClick={(_, node) => onSelect(node.data.key === selectedKey ? null : node.data.key)}
        onPaneClick={() => onSelect(null)}
        aria-label={t('flowRun.tabGraph')}
        data-testid="flow-run-canvas"
        data-node-count={nodes.length}
      >
        <Controls showInteractive={false} fitViewOptions={FIT_VIEW_OPTIONS} />
      </ReactFlow>
    </div>
  )
})
