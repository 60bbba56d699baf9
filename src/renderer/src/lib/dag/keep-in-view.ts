/**
 * Keeping things on screen in a pannable graph view: which viewport shows a box with the least
 * movement from the current one. Pure, so the graph pages (the DAG, the flow editor) can be tested
 * without a browser: they hand React Flow the viewport this returns.
 */

/** A box in the graph's own coordinates (React Flow units at zoom 1). */
export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** React Flow's viewport: the graph is drawn at `x + point × zoom`. */
export interface Viewport {
  x: number
  y: number
  zoom: number
}

/** The visible pane, in screen pixels. */
export interface PaneSize {
  width: number
  height: number
}

/** The box around every node at these top-left corners, all of one size; null for none. */
export function boxAround(corners: readonly { x: number; y: number }[], nodeWidth: number, nodeHeight: number): Box | null {
  if (corners.length === 0) return null
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (const corner of corners) {
    minX = Math.min(minX, corner.x)
    minY = Math.min(minY, corner.y)
    maxX = Math.max(maxX, corner.x + nodeWidth)
    maxY = Math.max(maxY, corner.y + nodeHeight)
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY }
}

/** How far to shift one axis so [start, start + length] lies within [margin, size - margin]; the start wins when it cannot fit. */
function shiftOnAxis(start: number, length: number, size: number, margin: number): number {
  if (start < margin) return margin - start
  const overflow = start + length - (size - margin)
  if (overflow <= 0) return 0
  // Too long for the pane: show its start rather than its end (a node's name is on its left).
  return -Math.min(overflow, start - margin)
}

/**
 * The viewport that shows `box` with `margin` px to spare, panned as little as possible and at the
 * same zoom; the very viewport given when the box is in view already (so callers can skip the move).
 */
export function viewportRevealing(box: Box, viewport: Viewport, pane: PaneSize, margin = 24): Viewport {
  if (pane.width <= 0 || pane.height <= 0) return viewport
  const dx = shiftOnAxis(box.x * viewport.zoom + viewport.x, box.width * viewport.zoom, pane.width, margin)
  const dy = shiftOnAxis(box.y * viewport.zoom + viewport.y, box.height * viewport.zoom, pane.height, margin)
  if (dx === 0 && dy === 0) return viewport
  return { x: viewport.x + dx, y: viewport.y + dy, zoom: viewport.zoom }
}

/**
 * The viewport that shows all of `box`: the same zoom panned the least when it fits, else zoomed
 * out (never in) just enough, centred on it; null when it would take a zoom below `minZoom`
 * (too small to read), so the caller shows less.
 */
export function viewportFitting(box: Box, viewport: Viewport, pane: PaneSize, minZoom: number, margin = 24): Viewport | null {
  if (pane.width <= 0 || pane.height <= 0) return null
  const room = { width: pane.width - 2 * margin, height: pane.height - 2 * margin }
  const zoom = Math.min(viewport.zoom, room.width / Math.max(box.width, 1), room.height / Math.max(box.height, 1))
  if (zoom < minZoom) return null
  if (zoom === viewport.zoom) return viewportRevealing(box, viewport, pane, margin)
  return { x: pane.width / 2 - (box.x + box.width / 2) * zoom, y: pane.height / 2 - (box.y + box.height / 2) * zoom, zoom }
}
