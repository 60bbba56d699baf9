import '@xyflow/react/dist/style.css'
import './dag.css'
import { Loader, Text } from '@mantine/core'
import { ControlButton, Controls, MiniMap, ReactFlow, useReactFlow, type Connection, type FinalConnectionState, type NodeTypes } from '@xyflow/react'
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { LastRun } from '../../../../shared/api'
import type { JobInfo, JobLink, LinkCondition } from '../../../../shared/model'
import { ExpandIcon } from '../../kit/icons'
import { useT } from '../../i18n/use-t'
import { selectOperatesAny } from '../../store/session/selectors'
import { useJobDesk } from '../../store'
import { DEFAULT_DAG_LAYOUT, type DagLayout } from '../../lib/dag/dag-layout'
import { linkKey, type DagHighlight } from '../../lib/dag/dag-highlight'
import { boxAround } from '../../lib/dag/keep-in-view'
import { useKeepInView } from '../../components/graph/use-keep-in-view'
import { DagNode } from './dag-node'
import { buildEdges, buildNodes, type JobNode, type LinkEdge } from './flow-elements'
import { useDagLayout } from './use-dag-layout'

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
  /** The job the operator last worked on (dragged from, clicked): when the layout changes, it stays where it is on screen. */
  anchorJobId: number | null
  /** Jobs the view pans to show, as little as it takes (the clicked job beside the side panel, a new link's two jobs). */
  keepInView: readonly number[]
  onLink(parentJobId: number, childJobId: number): void
  onSelectJob(jobId: number | null): void
  onSelectLink(link: JobLink): void
}

/**
 * The graph: every job laid out automatically (ELK in a worker, see use-dag-layout.ts), links as
 * edges coloured by condition, nodes coloured by their last run. Only elements in view are rendered
 * (React Flow's onlyRenderVisibleElements), which keeps a 1,000-job graph's pan and zoom smooth.
 * A link is made by dragging from a job's right handle and dropping anywhere on another job.
 */
export const DagCanvas = memo(function DagCanvas(props: DagCanvasProps) {
  const t = useT()
  const { jobs, links } = props
  // The layout depends only on which jobs exist and how they are linked, not on their status or
  // next fire time (jobs-changed arrives on every fire): key it on that structure.
  const structure = useMemo(
    () => `${jobs.map((job) => job.id).join(',')}|${links.map((link) => `${link.parentJobId}>${link.childJobId}`).join(',')}`,
    [jobs, links],
  )
  const ids = useMemo(() => jobs.map((job) => job.id), [jobs])
  const edges = useMemo(() => links.map((link) => ({ source: link.parentJobId, target: link.childJobId })), [links])
  const { layout, current, error } = useDagLayout(structure, ids, edges)
  if (!layout) {
    return error ? (
      <Text c="red" p="lg" data-testid="dag-layout-error">
        {t('dag.layoutFailed', { error })}
      </Text>
    ) : (
      <div className="jd-dag-laying-out" data-testid="dag-laying-out">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t('dag.layingOut', { n: jobs.length })}
        </Text>
      </div>
    )
  }
  return <DagFlow {...props} layout={layout} layoutCurrent={current} />
})

/** Where a connection drag ended: the job node under the pointer, if any (the drop may miss the handle). */
function jobUnderPointer(event: MouseEvent | TouchEvent): number | null {
  const point = 'changedTouches' in event ? event.changedTouches[0] : event
  if (!point) return null
  const element = document.elementFromPoint(point.clientX, point.clientY)
  const id = element?.closest('.react-flow__node')?.getAttribute('data-id')
  return id ? Number(id) : null
}

const DagFlow = memo(function DagFlow({
  jobs,
  links,
  lastRunByJob,
  highlight,
  refused,
  colorMode,
  focus,
  anchorJobId,
  keepInView,
  onLink,
  onSelectJob,
  onSelectLink,
  layout,
  layoutCurrent,
}: DagCanvasProps & { layout: DagLayout; layoutCurrent: boolean }) {
  const t = useT()
  // Viewers link nothing: no handles to drag from (the core would refuse the link anyway).
  const linkable = useJobDesk(selectOperatesAny)
  const flow = useReactFlow()

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

  // A new layout (after a link, a new job) moves nodes: move the view with the anchor job, so what
  // the operator looked at stays where it was. Fit brings everything into view on demand.
  const shownLayout = useRef(layout)
  useLayoutEffect(() => {
    const before = shownLayout.current
    shownLayout.current = layout
    if (before === layout || anchorJobId === null) return
    const was = before.positions.get(anchorJobId)
    const now = layout.positions.get(anchorJobId)
    if (!was || !now || (was.x === now.x && was.y === now.y)) return
    const view = flow.getViewport()
    void flow.setViewport({ x: view.x - (now.x - was.x) * view.zoom, y: view.y - (now.y - was.y) * view.zoom, zoom: view.zoom })
  }, [layout, anchorJobId, flow])

  // Once the layout shows them (a new link is laid out in a worker first), after the anchor moved the view.
  const shownBox = useMemo(() => {
    if (!layoutCurrent) return null
    const corners = keepInView.map((jobId) => layout.positions.get(jobId)).filter((at) => at !== undefined)
    return boxAround(corners, DEFAULT_DAG_LAYOUT.nodeWidth, DEFAULT_DAG_LAYOUT.nodeHeight)
  }, [keepInView, layout, layoutCurrent])
  useKeepInView(shownBox)

  const canvasRef = useRef<HTMLDivElement>(null)
  const onConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      canvasRef.current?.removeAttribute('data-connecting')
      // A drop on a handle made a connection already; a drop on a job's body makes one here.
      if (state.isValid || !state.fromNode) return
      const target = jobUnderPointer(event)
      const source = Number(state.fromNode.id)
      if (target !== null && target !== source) onLink(source, target)
    },
    [onLink],
  )

  // Only when the operator asks for a job (a new layout alone keeps the view, see above).
  useEffect(() => {
    const at = focus && shownLayout.current.positions.get(focus.jobId)
    if (at)
      void flow.setCenter(at.x + DEFAULT_DAG_LAYOUT.nodeWidth / 2, at.y + DEFAULT_DAG_LAYOUT.nodeHeight / 2, {
        zoom: Math.max(flow.getZoom(), 1),
        duration: 300,
      })
  }, [focus, flow])

  const linksByKey = useMemo(() => new Map(links.map((link) => [linkKey(link.parentJobId, link.childJobId), link])), [links])

  // Fit frames the layout the operator is about to see: asked while a new one (after a link) is
  // laid out in a worker, it waits for it, else it framed the old bounds and the view then moved on.
  const [fitWaiting, setFitWaiting] = useState(false)
  const fit = useCallback(() => {
    if (layoutCurrent) void flow.fitView(FIT_VIEW_OPTIONS)
    else setFitWaiting(true)
  }, [layoutCurrent, flow])
  // After React Flow holds the new nodes (its store is updated in the render's effects, before this one).
  useEffect(() => {
    if (!fitWaiting || !layoutCurrent) return
    setFitWaiting(false)
    void flow.fitView(FIT_VIEW_OPTIONS)
  }, [fitWaiting, layoutCurrent, layout, flow])

  return (
    <ReactFlow<JobNode, LinkEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      onlyRenderVisibleElements
      nodesDraggable={false}
      nodesConnectable={linkable}
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
      onConnectStart={() => canvasRef.current?.setAttribute('data-connecting', 'true')}
      onConnectEnd={onConnectEnd}
      onNodeClick={(_, node) => onSelectJob(node.data.jobId)}
      onEdgeClick={(_, edge) => {
        const link = linksByKey.get(edge.id)
        if (link) onSelectLink(link)
      }}
      onPaneClick={() => onSelectJob(null)}
      aria-label={t('dag.title')}
      data-testid="dag-canvas"
      data-engine="elk"
      data-layout={layoutCurrent ? 'current' : 'pending'}
      data-fit={fitWaiting ? 'waiting' : undefined}
      data-node-count={nodes.length}
      ref={canvasRef}
    >
      <Controls showInteractive={false} showFitView={false}>
        {/* Fit on demand, with the same limits as the first view (zoom 1.2 at most). */}
        <ControlButton className="react-flow__controls-fitview" onClick={fit} title={t('dag.fit')} aria-label={t('dag.fit')} data-testid="dag-fit">
          <ExpandIcon size={12} />
        </ControlButton>
      </Controls>
      {nodes.length <= MINIMAP_MAX_NODES && <MiniMap pannable zoomable nodeClassName={(node) => `jd-minimap-${(node as JobNode).data.status}`} />}
    </ReactFlow>
  )
})
