import { describe, expect, it } from 'vitest'
import type { FlowDefinition } from '../../shared/flow-types'
import { RunDefinitions } from './run-definitions'

const chain = (n: number): FlowDefinition => ({
  nodes: Array.from({ length: n }, (_, i) => ({ key: `n${i}`, jobId: i + 1 })),
  edges: Array.from({ length: n - 1 }, (_, i) => ({ from: `n${i}`, to: `n${i + 1}` })),
})

/** RunDefinitions over reads that count themselves: run id → a chain of that many nodes. */
function world(limit: { runs: number; nodes: number }) {
  const reads: number[] = []
  const kept = new RunDefinitions(limit)
  const of = (id: number) =>
    kept.of(id, async () => {
      reads.push(id)
      return id > 0 ? chain(id) : null
    })
  return { kept, of, reads }
}

describe('RunDefinitions', () => {
  it('reads a run’s definition once, with its graph and each node’s topological place', async () => {
    const w = world({ runs: 4, nodes: 100 })
    const first = await w.of(3)
    expect(await w.of(3)).toBe(first)
    expect(w.reads).toEqual([3])
    expect(first!.graph.children('n0')).toEqual(['n1'])
    expect([...first!.position]).toEqual([
      ['n0', 0],
      ['n1', 1],
      ['n2', 2],
    ])
    expect(first!.focusable).toBe(true)
  })

  it('keeps at most its limit, the run used longest ago going first, and keeps nothing for a run that is gone', async () => {
    const w = world({ runs: 2, nodes: 100 })
    await w.of(1)
    await w.of(2)
    await w.of(1) // 1 used again: 2 is now the oldest
    await w.of(3)
    expect(w.kept.graphOf(2)).toBeUndefined()
    expect(w.kept.graphOf(1)).toBeDefined()
    expect(await w.of(0)).toBeNull()
    await w.of(0)
    expect(w.reads).toEqual([1, 2, 3, 0, 0])
    w.kept.forget(1)
    await w.of(1)
    expect(w.reads.at(-1)).toBe(1)
  })

  it('keeps at most its nodes over all runs, and the run just read even when it alone is over', async () => {
    const w = world({ runs: 10, nodes: 5 })
    await w.of(2)
    await w.of(3)
    expect(w.kept.graphOf(2)).toBeDefined()
    await w.of(1) // 6 nodes: 2, the oldest, goes
    expect(w.kept.graphOf(2)).toBeUndefined()
    expect(w.kept.graphOf(3)).toBeDefined()
    await w.of(9)
    expect([1, 3, 9].map((id) => w.kept.graphOf(id) !== undefined)).toEqual([false, false, true])
  })

  it('marks a run with a switch, a subflow or a fan-out node as one to move on by reading every node', async () => {
    const kept = new RunDefinitions()
    const fanOut: FlowDefinition = { nodes: [{ key: 'each', jobId: 1, forEach: '["a"]' }], edges: [] }
    const approval: FlowDefinition = { nodes: [{ key: 'ok', kind: 'approval' }], edges: [] }
    expect((await kept.of(1, async () => fanOut))!.focusable).toBe(false)
    expect((await kept.of(2, async () => approval))!.focusable).toBe(true)
  })
})
