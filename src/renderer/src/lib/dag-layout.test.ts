import { describe, expect, it } from 'vitest'
import { connectedComponents, DEFAULT_DAG_LAYOUT, layoutDag, type DagLayout } from './dag-layout'
import { placeLayers } from './layered-layout'

const W = DEFAULT_DAG_LAYOUT.nodeWidth
const H = DEFAULT_DAG_LAYOUT.nodeHeight

function overlaps(layout: DagLayout): [number, number] | null {
  const entries = [...layout.positions]
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const [a, p] = entries[i]
      const [b, q] = entries[j]
      if (Math.abs(p.x - q.x) < W && Math.abs(p.y - q.y) < H) return [a, b]
    }
  }
  return null
}

describe('connectedComponents', () => {
  it('groups linked jobs, largest group first, and leaves unlinked jobs alone', () => {
    const groups = connectedComponents([1, 2, 3, 4, 5, 6], [
      { source: 5, target: 6 },
      { source: 1, target: 2 },
      { source: 3, target: 2 },
    ])
    expect(groups).toEqual([[1, 2, 3], [5, 6], [4]])
  })
})

describe('layoutDag', () => {
  it('puts a parent left of its child and a chain in rank order, with dagre for a small graph', () => {
    const layout = layoutDag([1, 2, 3], [
      { source: 1, target: 2 },
      { source: 2, target: 3 },
    ])
    expect(layout.engine).toBe('dagre')
    const x = (id: number) => layout.positions.get(id)!.x
    expect(x(1)).toBeLessThan(x(2))
    expect(x(2)).toBeLessThan(x(3))
    expect(x(2) - x(1)).toBeGreaterThanOrEqual(W)
  })

  it('places every job exactly once and no two nodes on top of each other', () => {
    const ids = Array.from({ length: 40 }, (_, i) => i + 1)
    const edges = ids.filter((id) => id % 4 !== 0 && id < 40).map((id) => ({ source: id, target: id + 1 }))
    const layout = layoutDag(ids, edges)
    expect([...layout.positions.keys()].sort((a, b) => a - b)).toEqual(ids)
    expect(overlaps(layout)).toBeNull()
  })

  it('switches to the layered layout above the dagre limit and still keeps edges left to right without overlaps', () => {
    const ids = Array.from({ length: 30 }, (_, i) => i + 1)
    const edges = [
      ...ids.slice(0, -1).map((id) => ({ source: id, target: id + 1 })),
      { source: 1, target: 10 },
      { source: 5, target: 20 },
    ]
    const layout = layoutDag(ids, edges, { ...DEFAULT_DAG_LAYOUT, dagreMaxNodes: 10 })
    expect(layout.engine).toBe('layered')
    for (const { source, target } of edges) expect(layout.positions.get(source)!.x).toBeLessThan(layout.positions.get(target)!.x)
    expect(overlaps(layout)).toBeNull()
  })

  it('wraps components into rows no wider than the limit (unless one component is wider alone)', () => {
    const ids = Array.from({ length: 20 }, (_, i) => i + 1)
    const edges = ids.filter((id) => id % 2 === 1).map((id) => ({ source: id, target: id + 1 }))
    const layout = layoutDag(ids, edges, { ...DEFAULT_DAG_LAYOUT, maxRowWidth: 1000 })
    for (const p of layout.positions.values()) expect(p.x + W).toBeLessThanOrEqual(1000)
    expect(layout.height).toBeGreaterThan(H * 2)
    expect(overlaps(layout)).toBeNull()
  })

  it('ignores links to jobs it was not given and self links', () => {
    const layout = layoutDag([1, 2], [
      { source: 1, target: 99 },
      { source: 2, target: 2 },
    ])
    expect(layout.positions.size).toBe(2)
    // Both are unlinked: one grid row.
    expect(layout.positions.get(1)!.y).toBe(layout.positions.get(2)!.y)
  })

  it('gives the same picture for the same input', () => {
    const edges = [
      { source: 3, target: 1 },
      { source: 3, target: 2 },
      { source: 1, target: 4 },
    ]
    expect(layoutDag([1, 2, 3, 4], edges).positions).toEqual(layoutDag([4, 3, 2, 1], edges).positions)
  })

  it('lays out an empty graph as nothing', () => {
    expect(layoutDag([], [])).toMatchObject({ width: 0, height: 0 })
  })
})

describe('placeLayers', () => {
  it('ranks by the longest path from a source', () => {
    const placement = placeLayers([1, 2, 3, 4], [
      { source: 1, target: 2 },
      { source: 2, target: 3 },
      { source: 1, target: 3 },
      { source: 4, target: 3 },
    ])
    expect([1, 2, 3, 4].map((id) => placement.rank.get(id))).toEqual([0, 1, 2, 0])
    expect(placement.rankCount).toBe(3)
  })

  it('orders children by their parents to avoid crossings', () => {
    // 1→4 and 2→3: barycenters put 4 above 3, so the two edges do not cross.
    const placement = placeLayers([1, 2, 3, 4], [
      { source: 1, target: 4 },
      { source: 2, target: 3 },
    ])
    expect(placement.order.get(4)).toBeLessThan(placement.order.get(3)!)
  })

  it('still ranks every node of a cycle (saved links have none, but a bad input must not hang)', () => {
    const placement = placeLayers([1, 2, 3], [
      { source: 1, target: 2 },
      { source: 2, target: 3 },
      { source: 3, target: 1 },
    ])
    expect(new Set([1, 2, 3].map((id) => placement.rank.get(id))).size).toBe(3)
  })
})
