import { describe, expect, it } from 'vitest'
import { boxAround, viewportFitting, viewportRevealing } from './keep-in-view'

const pane = { width: 800, height: 600 }

describe('boxAround', () => {
  it('spans every node of the given size, and is null for none', () => {
    expect(
      boxAround(
        [
          { x: 0, y: 10 },
          { x: 300, y: -20 },
        ],
        200,
        48,
      ),
    ).toEqual({ x: 0, y: -20, width: 500, height: 78 })
    expect(boxAround([], 200, 48)).toBeNull()
  })
})

describe('viewportRevealing', () => {
  it('keeps the viewport itself when the box is in view', () => {
    const viewport = { x: 0, y: 0, zoom: 1 }
    expect(viewportRevealing({ x: 100, y: 100, width: 200, height: 48 }, viewport, pane)).toBe(viewport)
  })

  it('pans just far enough to bring a box past the right or bottom edge into view, keeping the zoom', () => {
    // At zoom 2 the box's screen right edge is 700 + 400 = 1100: 324 px past 800 − 24.
    expect(viewportRevealing({ x: 350, y: 250, width: 200, height: 48 }, { x: 0, y: 0, zoom: 2 }, pane)).toEqual({ x: -324, y: -20, zoom: 2 })
  })

  it('pans right and down for a box above or left of the view', () => {
    expect(viewportRevealing({ x: -100, y: -50, width: 200, height: 48 }, { x: 0, y: 0, zoom: 1 }, pane, 10)).toEqual({ x: 110, y: 60, zoom: 1 })
  })

  it('shows the start of a box wider than the pane', () => {
    expect(viewportRevealing({ x: 100, y: 0, width: 2000, height: 48 }, { x: 0, y: 24, zoom: 1 }, pane)).toEqual({ x: -76, y: 24, zoom: 1 })
  })

  it('leaves the viewport alone while the pane has no size yet', () => {
    const viewport = { x: 5, y: 5, zoom: 1 }
    expect(viewportRevealing({ x: 5000, y: 0, width: 200, height: 48 }, viewport, { width: 0, height: 0 })).toBe(viewport)
  })
})

describe('viewportFitting', () => {
  it('pans without zooming when the box fits at the current zoom', () => {
    expect(viewportFitting({ x: 900, y: 0, width: 200, height: 48 }, { x: 0, y: 24, zoom: 1 }, pane, 0.5)).toEqual({ x: -324, y: 24, zoom: 1 })
  })

  it('zooms out just enough, centred, when it does not', () => {
    // 1504 px wide into 800 − 48: zoom 0.5, centred on x = 752.
    expect(viewportFitting({ x: 0, y: 0, width: 1504, height: 100 }, { x: 0, y: 0, zoom: 1 }, pane, 0.4)).toEqual({ x: 24, y: 275, zoom: 0.5 })
  })

  it('gives up below the smallest readable zoom, and never zooms in', () => {
    expect(viewportFitting({ x: 0, y: 0, width: 5000, height: 48 }, { x: 0, y: 0, zoom: 1 }, pane, 0.5)).toBeNull()
    expect(viewportFitting({ x: 0, y: 0, width: 100, height: 48 }, { x: 0, y: 0, zoom: 0.5 }, pane, 0.2)?.zoom).toBe(0.5)
  })
})
