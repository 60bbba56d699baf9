import ELK from 'elkjs/lib/elk.bundled.js'
import { describe, expect, it } from 'vitest'
import {
  assembleLayout,
  componentKey,
  connectedComponents,
  DEFAULT_DAG_LAYOUT,
  gridBox,
  splitComponents,
  type ComponentBox,
  type DagLayout,
  type LayoutComponent,
} from './dag-layout'
import { fromElkGraph, toElkGraph } from './elk-graph'

const W = DEFAULT_DAG_LAYOUT.nodeWidth
const H = DEFAULT_DAG_LAYOUT.nodeHeight
const elk = new ELK()

/** What the DAG page's worker does for one component (elkjs runs under Node as in the worker). */
async function layOut(component: LayoutComponent): Promise<ComponentBox> {
  return fromElkGraph(await elk.layout(toElkGraph(component)))
}

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
    const groups = connectedComponents(
      [1, 2, 3, 4, 5, 6],
      [
        { source: 5, target: 6 },
        { source: 1, target: 2 },
        { source: 3, target: 2 },
      ],
    )
    expect(groups).toEqual([[1, 2, 3], [5, 6], [4]])
  })
})

describe('splitComponents', () => {
  it('gives each linked component its links and a key naming exactly them; unlinked jobs apart', () => {
    const split = splitComponents(
      [1, 2, 3, 4, 9],
      [
        { source: 1, target: 2 },
        { source: 2, target: 3 },
        { source: 7, target: 1 },
        { source: 4, target: 4 },
      ],
    )
    expect(split.linked).toEqual([
      {
        key: '1,2,3|1>2,2>3',
        ids: [1, 2, 3],
        edges: [
          { source: 1, target: 2 },
          { source: 2, target: 3 },
        ],
      },
    ])
    expect(split.isolated).toEqual([4, 9])
  })

  it('keys a component the same whatever order its links come in', () => {
    expect(
      componentKey(
        [1, 2, 3],
        [
          { source: 2, target: 3 },
          { source: 1, target: 2 },
        ],
      ),
    ).toBe(
      componentKey(
        [1, 2, 3],
        [
          { source: 1, target: 2 },
          { source: 2, target: 3 },
        ],
      ),
    )
  })
})

describe('gridBox', () => {
  it('lays unlinked jobs out in a landscape grid, not one long row', () => {
    const box = gridBox([1, 2, 3, 4, 5, 6, 7, 8, 9])
    const rows = new Set([...box.local.values()].map((p) => p.y))
    const columns = new Set([...box.local.values()].map((p) => p.x))
    expect(rows.size).toBe(3)
    expect(columns.size).toBe(3)
    expect(box.width / box.height).toBeGreaterThan(1)
  })

  it('never grows wider than a row may be', () => {
    const box = gridBox(Array.from({ length: 5000 }, (_, i) => i + 1))
    expect(box.width).toBeLessThanOrEqual(DEFAULT_DAG_LAYOUT.maxRowWidth)
  })
})

describe('the layout with ELK', () => {
  it('puts every parent left of its child, in layers', async () => {
    const { linked } = splitComponents(
      [1, 2, 3, 4],
      [
        { source: 1, target: 2 },
        { source: 2, target: 3 },
        { source: 1, target: 4 },
      ],
    )
    const layout = assembleLayout([await layOut(linked[0])], null)
    const x = (id: number) => layout.positions.get(id)!.x
    expect(x(1)).toBeLessThan(x(2))
    expect(x(2)).toBeLessThan(x(3))
    expect(x(4)).toBe(x(2))
    expect(overlaps(layout)).toBeNull()
  })

  it('packs components in rows and puts the unlinked jobs below them, with no two nodes overlapping', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => i + 1)
    // Ten chains of three, and ten unlinked jobs.
    const edges = Array.from({ length: 10 }, (_, c) => [
      { source: c * 3 + 1, target: c * 3 + 2 },
      { source: c * 3 + 2, target: c * 3 + 3 },
    ]).flat()
    const { linked, isolated } = splitComponents(ids, edges)
    const boxes = await Promise.all(linked.map(layOut))
    const layout = assembleLayout(boxes, gridBox(isolated))
    expect(layout.positions.size).toBe(40)
    expect(overlaps(layout)).toBeNull()
    const lowestChain = Math.max(...edges.map((e) => layout.positions.get(e.target)!.y))
    for (const id of isolated) expect(layout.positions.get(id)!.y).toBeGreaterThan(lowestChain)
    expect(layout.width).toBeLessThanOrEqual(DEFAULT_DAG_LAYOUT.maxRowWidth)
  })

  it('is deterministic: the same graph gives the same picture', async () => {
    const component = splitComponents(
      [1, 2, 3, 4, 5],
      [
        { source: 1, target: 3 },
        { source: 2, target: 3 },
        { source: 3, target: 4 },
        { source: 3, target: 5 },
      ],
    ).linked[0]
    expect(await layOut(component)).toEqual(await layOut(component))
  })
})
