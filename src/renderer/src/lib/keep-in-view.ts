/** A canvas viewport (React Flow's): screen = flow × zoom + offset. */
export interface Viewport {
  x: number
  y: number
  zoom: number
}

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/**
 * The viewport that brings `node` (flow coordinates) fully into a pane of `pane` size with `margin`
 * px to spare, moving as little as it can; null when the node is in view already. When the node
 * is larger than the pane, its top-left corner wins. Used when a side panel opens beside the canvas
 * and narrows it: the clicked node must stay visible.
 */
export function keepInView(viewport: Viewport, node: Box, pane: { width: number; height: number }, margin = 16): Viewport | null {
  const shift = (start: number, size: number, paneSize: number) => {
    if (start < margin) return margin - start
    const end = start + size
    if (end > paneSize - margin) return Math.max(margin - start, paneSize - margin - end)
    return 0
  }
  const left = node.x * viewport.zoom + viewport.x
  const top = node.y * viewport.zoom + viewport.y
  const dx = shift(left, node.width * viewport.zoom, pane.width)
  const dy = shift(top, node.height * viewport.zoom, pane.height)
  if (dx === 0 && dy === 0) return null
  return { x: viewport.x + dx, y: viewport.y + dy, zoom: viewport.zoom }
}
