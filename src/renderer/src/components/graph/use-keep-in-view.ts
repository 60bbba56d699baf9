import { useReactFlow, useStore } from '@xyflow/react'
import { useEffect } from 'react'
import { viewportFitting, viewportRevealing, type Box } from '../../lib/dag/keep-in-view'

/** How long the view glides to a node it brings into view (ms): long enough to follow, short enough not to wait for. */
const REVEAL_MS = 200

/** Zoomed out further than this, node names are too small to read: show less instead. */
const READABLE_ZOOM = 0.7

/**
 * Keeps `box` (graph coordinates) on screen: pans the least it takes whenever the box changes or
 * the pane is resized, e.g. when a side panel opens beside the canvas and narrows it. With
 * `whole`, it first tries to show all of that (zooming out while names stay readable), e.g. a
 * whole small flow with the node just added. Pass memoized boxes (a new object asks again) or null
 * for nothing. Inside a ReactFlow only.
 */
export function useKeepInView(box: Box | null, whole: Box | null = null): void {
  const flow = useReactFlow()
  const width = useStore((s) => s.width)
  const height = useStore((s) => s.height)
  useEffect(() => {
    if (!box) return
    const viewport = flow.getViewport()
    const pane = { width, height }
    const next = (whole && viewportFitting(whole, viewport, pane, READABLE_ZOOM)) ?? viewportRevealing(box, viewport, pane)
    if (next !== viewport) void flow.setViewport(next, { duration: REVEAL_MS })
  }, [box, whole, width, height, flow])
}
