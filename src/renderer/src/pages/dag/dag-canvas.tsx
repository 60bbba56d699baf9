import '@xyflow/react/dist/style.css'
import './dag.css'
import { Controls, MiniMap, ReactFlow, useReactFlow, type Connection, type NodeTypes } from '@xyflow/react'
import { memo, useCallback, useEffect, useMemo, useRef } from 'react'
import type { LastRun } from '../../../../shared/api'
import type { JobInfo, JobLink, LinkCondition } from '../../../../shared/model'
import { useT } from '../../i18n/use-t'
import { DEFAULT_DAG_LAYOUT, layoutDag } from '../../lib/dag-layout'
import { linkKey, type DagHighlight } from '../../lib/dag-highlight'
import { DagNode } from './dag-node'
import { buildEdges, buildNodes, type JobNode, type LinkEdge } from './flow-elements'

const NODE_TYPES: NodeTypes = { job: DagNode }

/**
 * Up to this many jobs the first view fits them all; above, it opens at zoom 1 on the top-left
 * (the largest chains): fitting 1,000 jobs would mount every node at an unreadable zoom.
 */
const FIT_ALL_MAX_NODES = 150
const FIRST_VIEWPORT = { x: 24, y: 24, zoom: 1 }
const FIT_VIEW_OPTIONS = { maxZoom: 1.2, padding: 0.15 }
/** The minimap draws every node on each pan: only for graphs small enough to keep frames short. */
const MINIMAP_MAX_NODES = 300

interface DagCanvasProps {
  jobs: readonly JobInfo[]
  links: readonly JobLink[]
  lastRunByJob: Readonly<Record<number, LastRun>>
  highlight: DagHighlight
  refused: { parentJobId: number; childJobId: number } | null
  colorMode: 'light' | 'dark'
  /** Centre the view on this job (a new object each time the operator asks, so the same job can be asked twice). */
  focus: { jobId: number } | null
  onLink(parentJobId: number, childJobId: number): void
  onSelectJob(jobId: number | null): void
  onSelectLink(link: JobLink): void
}

/**
 * The graph: every job laid out automatically, links as edges coloured by condition, nodes
 * coloured by their last run. Only elements in view are rendered (React Flow's
 * onlyRenderVisibleElements), which keeps a 1,000-job graph's pan and zoom smooth.
 */
export const DagCanvas = memo(function DagCanvas({ jobs, links, lastRunByJob, highlight, refused, colorMode, focus, onLink, onSelectJob, onSelectLink }: DagCanvasProps) {
  const t = useT()
  const flow = useReactFlow()
  // The layout depends only on which jobs exist and how they are linked, not on their status or
  // next fire time (jobs-changed arrives on every fire): key it on that structure.
  const structure = useMemo(
    () => `${jobs.map((job) => job.id).join(',')}|${links.map((link) => `${link.parentJobId}>${link.childJobId}`).join(',')}`,
    [jobs, links],
  )
  const layout = useMemo(
    () => layoutDag(jobs.map((job) => job.id), links.map((link) => ({ source: link.parentJobId, target: link.childJobId }))),
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- `structure` is exactly what the layout reads of jobs and links
    [structure],
  )

  const nodeCache = useRef(new Map<number, JobNode>())
  const edgeCache = useRef(new Map<string, LinkEdge>())
  const nodes = useMemo(
    () =>
      buildNodes(nodeCache.current, {
        jobs,
        positions: layout.positions,
        statusOf: (jobId) => lastRunByJob[jobId]?.status ?? 'none',
        highlight,
        width: DEFAULT_DAG_LAYOUT.nodeWidth,
        height: DEFAULT_DAG_LAYOUT.nodeHeight,
      }),
    [jobs, layout, lastRunByJob, highlight],
  )
  const labelOf = useCallback((condition: LinkCondition) => (condition === 'SUCCESS' ? undefined : t(`linkCondition.${condition}`)), [t])
  const edges = useMemo(() => buildEdges(edgeCache.current, { links, highlight, refused, labelOf }), [links, highlight, refused, labelOf])

  // Decided once: the first view (later structure changes keep the operator's viewport).
  const fitAll = useRef(nodes.length <= FIT_ALL_MAX_NODES).current

  useEffect(() => {
    const at = focus && layout.positions.get(focus.jobId)
    if (at) void flow.setCenter(at.x + DEFAULT_DAG_LAYOUT.nodeWidth / 2, at.y + DEFAULT_DAG_LAYOUT.nodeHeight / 2, { zoom: Math.max(flow.getZoom(), 1), duration: 300 })
  }, [focus, layout, flow])

  const linksByKey = useMemo(() => new Map(links.map((link) => [linkKey(link.parentJobId, link.childJobId), link])), [links])

  return (
    <ReactFlow<JobNode, LinkEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      onlyRenderVisibleElements
      nodesDraggable={false}
      nodesConnectable
      elementsSelectable={false}
      deleteKeyCode={null}
      minZoom={0.05}
      maxZoom={2}
      fitView={fitAll}
      fitViewOptions={FIT_VIEW_OPTIONS}
      defaultViewport={FIRST_VIEWPORT}
      colorMode={colorMode}
      proOptions={{ hideAttribution: true }}
      isValidConnection={(connection) => connection.source !== connection.target}
      onConnect={(connection: Connection) => onLink(Number(connection.source), Number(connection.target))}
      onNodeClick={(_, node) => onSelectJob(node.data.jobId)}
      onEdgeClick={(_, edge) => {
        const link = linksByKey.get(edge.id)
        if (link) onSelectLink(link)
      }}
      onPaneClick={() => onSelectJob(null)}
      aria-label={t('dag.title')}
      data-testid="dag-canvas"
      data-engine={layout.engine}
      data-node-count={nodes.length}
    >
      <Controls showInteractive={false} />
      {nodes.length <= MINIMAP_MAX_NODES && <MiniMap pannable zoomable nodeClassName={(node) => `jd-minimap-${(node as JobNode).data.status}`} />}
    </ReactFlow>
  )
})
