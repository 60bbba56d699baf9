import { describe, expect, it } from 'vitest'
import type { JobInfo, JobLink } from '../../../../shared/model'
import { cycleHighlight, linkKey, NO_HIGHLIGHT } from '../../lib/dag/dag-highlight'
import { buildEdges, buildNodes, type JobNode, type LinkEdge } from './flow-elements'

const job = (id: number, over: Partial<JobInfo> = {}) => ({ id, name: `job ${id}`, triggerStatus: 1, scheduleType: 'CRON', ...over }) as JobInfo
const positions = new Map([
  [1, { x: 0, y: 0 }],
  [2, { x: 300, y: 0 }],
  [3, { x: 600, y: 0 }],
])
const inputs = (statuses: Record<number, 'success' | 'failed' | 'running'>, highlight = NO_HIGHLIGHT) => ({
  jobs: [job(1), job(2, { triggerStatus: 0, scheduleType: 'NONE' }), job(3, { triggerStatus: 0 })],
  positions,
  statusOf: (id: number) => statuses[id] ?? ('none' as const),
  highlight,
  width: 200,
  height: 48,
})

describe('buildNodes', () => {
  it('gives each job a node at its layout position with its status, and marks a stopped schedule (not a job without one)', () => {
    const nodes = buildNodes(new Map(), inputs({ 1: 'success' }))
    expect(nodes.map((n) => [n.id, n.position.x, n.data.status, n.data.stopped])).toEqual([
      ['1', 0, 'success', false],
      ['2', 300, 'none', false],
      ['3', 600, 'none', true],
    ])
  })

  it('gives each node its two handles up front (left in, right out), so React Flow need not measure them first', () => {
    const [node] = buildNodes(new Map(), inputs({}))
    expect(node.handles!.map((h) => [h.type, h.x + h.width! / 2, h.y + h.height! / 2])).toEqual([
      ['target', 0, 24],
      ['source', 200, 24],
    ])
  })

  it('gives a node moved by a new layout its measured size, so fitView does not wait for a measurement that never comes', () => {
    const cache = new Map<number, JobNode>()
    buildNodes(cache, inputs({}))
    const moved = buildNodes(cache, { ...inputs({}), positions: new Map([...positions, [2, { x: 300, y: 120 }]]) })
    // A new object for the moved job (React Flow rebuilds its internal node from it), already measured.
    expect(moved[1].position).toEqual({ x: 300, y: 120 })
    expect(moved.map((n) => n.measured)).toEqual([
      { width: 200, height: 48 },
      { width: 200, height: 48 },
      { width: 200, height: 48 },
    ])
  })

  it('reuses the node objects that did not change, so only changed nodes re-render', () => {
    const cache = new Map<number, JobNode>()
    const first = buildNodes(cache, inputs({ 1: 'success', 2: 'running' }))
    const second = buildNodes(cache, inputs({ 1: 'success', 2: 'success' }))
    expect(second[0]).toBe(first[0])
    expect(second[1]).not.toBe(first[1])
    expect(second[1].data.status).toBe('success')
    expect(second[2]).toBe(first[2])
  })

  it('marks the jobs of a highlight and lets a chain’s statuses win over last runs', () => {
    const highlight = { ...cycleHighlight([1, 2, 1]), chainStatus: new Map([[2, 'failed' as const]]) }
    const nodes = buildNodes(new Map(), inputs({ 2: 'success' }, highlight))
    expect(nodes.map((n) => n.data.mark)).toEqual(['cycle', 'cycle', null])
    expect(nodes[1].data.status).toBe('failed')
  })

  it('drops the nodes of deleted jobs from its cache', () => {
    const cache = new Map<number, JobNode>()
    buildNodes(cache, inputs({}))
    buildNodes(cache, { ...inputs({}), jobs: [job(1)] })
    expect([...cache.keys()]).toEqual([1])
  })
})

describe('buildEdges', () => {
  const links: JobLink[] = [
    { parentJobId: 1, childJobId: 2, condition: 'SUCCESS' },
    { parentJobId: 2, childJobId: 3, condition: 'FAILURE' },
  ]
  const labelOf = (condition: string) => (condition === 'SUCCESS' ? undefined : condition.toLowerCase())

  it('draws each link with its condition, labelling all but SUCCESS', () => {
    const edges = buildEdges(new Map(), { links, highlight: NO_HIGHLIGHT, refused: null, labelOf })
    expect(edges.map((e) => [e.id, e.source, e.target, e.label ?? null])).toEqual([
      [linkKey(1, 2), '1', '2', null],
      [linkKey(2, 3), '2', '3', 'failure'],
    ])
  })

  it('adds the refused link of a cycle and marks the path', () => {
    const cache = new Map<string, LinkEdge>()
    const plain = buildEdges(cache, { links, highlight: NO_HIGHLIGHT, refused: null, labelOf })
    const refused = buildEdges(cache, { links, highlight: cycleHighlight([1, 2, 3, 1]), refused: { parentJobId: 3, childJobId: 1 }, labelOf })
    expect(refused).toHaveLength(3)
    expect(refused[2]).toMatchObject({ source: '3', target: '1', data: { refused: true } })
    expect(refused.every((e) => e.className!.includes('jd-edge-marked'))).toBe(true)
    expect(refused[0]).not.toBe(plain[0])
    // Closing the explanation removes the refused edge again.
    expect(buildEdges(cache, { links, highlight: NO_HIGHLIGHT, refused: null, labelOf })).toHaveLength(2)
  })
})
