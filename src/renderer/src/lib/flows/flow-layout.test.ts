import ELK from 'elkjs/lib/elk.bundled.js'
import { describe, expect, it } from 'vitest'
import type { FlowDefinition } from '../../../../shared/flow-types'
import type { ComponentBox, Point } from '../dag/dag-layout'
import { fromElkGraph, toElkGraph } from '../dag/elk-graph'
import { FLOW_LAYOUT, flowLayoutPlan, flowPositions, gridPositions, placeNewNode } from './flow-layout'

const W = FLOW_LAYOUT.nodeWidth
const H = FLOW_LAYOUT.nodeHeight

const definition: FlowDefinition = {
  nodes: ['extract', 'transform', 'check', 'load', 'report'].map((key, i) => ({ key, kind: 'job' as const, jobId: i + 1 })),
  edges: [
    { from: 'extract', to: 'transform' },
    { from: 'extract', to: 'check' },
    { from: 'transform', to: 'load' },
    { from: 'check', to: 'load' },
  ],
}

/** What the editor's worker does (elkjs runs under Node as in the worker). */
async function tidy(flow: FlowDefinition): Promise<Map<string, Point>> {
  const plan = flowLayoutPlan(flow)
  const elk = new ELK()
  const boxes = new Map<string, ComponentBox>()
  for (const component of plan.linked) boxes.set(component.key, fromElkGraph(await elk.layout(toElkGraph(component, FLOW_LAYOUT)), FLOW_LAYOUT))
  return flowPositions(plan, boxes)
}

const overlap = (a: Point, b: Point) => a.x < b.x + W && b.x < a.x + W && a.y < b.y + H && b.y < a.y + H

describe('the tidy layout', () => {
  it('places every node, parents left of their children, none on another, unlinked ones below', async () => {
    const positions = await tidy(definition)
    expect([...positions.keys()].sort()).toEqual(['check', 'extract', 'load', 'report', 'transform'])
    const at = (key: string) => positions.get(key)!
    for (const edge of definition.edges) expect(at(edge.from).x + W).toBeLessThan(at(edge.to).x)
    const all = [...positions.values()]
    for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) expect(overlap(all[i], all[j])).toBe(false)
    expect(at('report').y).toBeGreaterThan(Math.max(at('transform').y, at('check').y))
  })

  it('keeps a link that skips a layer clear of the nodes it passes (React Flow draws it straight)', async () => {
    const skipping: FlowDefinition = {
      nodes: ['extract', 'transform', 'approve', 'load', 'report'].map((key, i) => ({ key, kind: 'job' as const, jobId: i + 1 })),
      edges: [
        { from: 'extract', to: 'transform' },
        { from: 'transform', to: 'approve' },
        { from: 'approve', to: 'load' },
        { from: 'load', to: 'report' },
        { from: 'transform', to: 'report' },
      ],
    }
    const positions = await tidy(skipping)
    const from = positions.get('transform')!
    const to = positions.get('report')!
    // The link runs from the middle of transform's right side to the middle of report's left side.
    for (const key of ['approve', 'load']) {
      const node = positions.get(key)!
      const t = (node.x - (from.x + W)) / (to.x - (from.x + W))
      const y = from.y + H / 2 + t * (to.y - from.y)
      expect(y < node.y || y > node.y + H).toBe(true)
    }
  })

  it('skips edges that name no node (the core refuses them on save)', () => {
    const plan = flowLayoutPlan({ nodes: definition.nodes.slice(0, 2), edges: [...definition.edges, { from: 'extract', to: 'gone' }] })
    expect(plan.linked.map((component) => component.edges)).toEqual([[{ source: 0, target: 1 }]])
  })
})

describe('gridPositions', () => {
  it('gives every node a cell of its own, links or not', () => {
    const positions = gridPositions(definition)
    expect(positions.size).toBe(definition.nodes.length)
    const all = [...positions.values()]
    for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) expect(overlap(all[i], all[j])).toBe(false)
  })
})

describe('placeNewNode', () => {
  it('takes the spot asked for when it is free', () => {
    expect(placeNewNode([], { x: 100.4, y: 50 })).toEqual({ x: 100, y: 50 })
  })

  it('moves next to what is there, never onto it, and leaves the placed nodes where they are', () => {
    const placed = [
      { x: 0, y: 0 },
      { x: 300, y: 0 },
    ]
    const first = placeNewNode(placed, { x: 0, y: 0 })
    expect(placed.some((p) => overlap(p, first))).toBe(false)
    // The nearest free cell: one row down (a row is closer than a column).
    expect(first).toEqual({ x: 0, y: H + FLOW_LAYOUT.nodeSep })
    const second = placeNewNode([...placed, first], { x: 0, y: 0 })
    expect([...placed, first].some((p) => overlap(p, second))).toBe(false)
    expect(placed).toEqual([
      { x: 0, y: 0 },
      { x: 300, y: 0 },
    ])
  })
})
