import { useReactFlow, useStore } from '@xyflow/react'
import { useEffect } from 'react'
import { viewportRevealing, type Box } from '../../lib/keep-in-view'

/** How long the view glides to a node it brings into view (ms): long enough to follow, short enough not to wait for. */
const REVEAL_MS = 200

/**
 * Keeps `box` (graph coordinates) on screen: pans the least it takes whenever the box changes or
 * the pane is resized, e.g. when a side panel opens beside the canvas and narrows it. Pass a
 * memoized box (a new object asks again) or null for nothing. Inside a ReactFlow only.
 */
export function useKeepInView(box: Box | null): void {
  const flow = useReactFlow()
  const width = useStore((s) => s.width)
  const height = useStore((s) => s.height)
  useEffect(() => {
    if (!box) return
    const viewport = flow.getViewport()
    const next = viewportRevealing(box, viewport, { width, height })
    if (next !== viewport) void flow.setViewport(next, { duration: REVEAL_MS })
  }, [box, width, height, flow])
}
