import { describe, expect, it } from 'vitest'
import { keepInView } from './keep-in-view'

const node = { x: 500, y: 100, width: 200, height: 48 }

describe('keepInView', () => {
  it('leaves the view alone when the node is in it', () => {
    expect(keepInView({ x: 0, y: 0, zoom: 1 }, node, { width: 800, height: 600 })).toBeNull()
  })

  it('pans just enough to bring a node back from beyond the right edge (a panel narrowed the pane)', () => {
    // At zoom 2 the node spans 1000–1400 px; the pane is 900 wide: move left by 1400 - 884.
    expect(keepInView({ x: 0, y: 0, zoom: 2 }, node, { width: 900, height: 600 })).toEqual({ x: -516, y: 0, zoom: 2 })
  })

  it('pans right and down for a node above and left of the pane', () => {
    expect(keepInView({ x: -600, y: -200, zoom: 1 }, node, { width: 800, height: 600 })).toEqual({ x: -484, y: -84, zoom: 1 })
  })

  it('shows the top-left corner of a node larger than the pane', () => {
    expect(keepInView({ x: 0, y: 0, zoom: 1 }, { x: 100, y: 0, width: 1000, height: 48 }, { width: 500, height: 300 })).toEqual({ x: -84, y: 16, zoom: 1 })
  })
})
