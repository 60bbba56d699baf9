import { describe, expect, it } from 'vitest'
import type { FlowDefinition, FlowNodeState, FlowRunState } from '../../shared/flow-types'
import type { FlowNodeRecord, FlowRunRecord } from '../domain/flows'
import { FlowAdvance } from './flow-advance'
import type { FlowEngineDeps } from './flow-engine-deps'

/** n0 → n1 → … → n(size-1), every node a job's; `param` on n1 names n0's output. */
function chain(size: number): FlowDefinition {
  return {
    nodes: Array.from({ length: size }, (_, i) => ({ key: `n${i}`, jobId: i + 1, ...(i === 1 && { param: '${nodes.n0.output}' }) })),
    edges: Array.from({ length: size - 1 }, (_, i) => ({ from: `n${i}`, to: `n${i + 1}` })),
  }
}

/**
 * One flow run in memory behind the FlowRunRepo calls FlowAdvance makes, noting which nodes each
 * read returns: the point is what a step reads, not only what it decides.
 */
function world(definition: FlowDefinition, states: Record<string, FlowNodeState>) {
  const run: FlowRunRecord = {
    id: 1,
    flowId: 9,
    state: 'running',
    triggerType: 'MANUAL',
    param: '',
    scheduleTimeMs: null,
    backfillId: 0,
    definition,
    startTimeMs: 1,
    endTimeMs: 0,
    reason: '',
    addTimeMs: 1,
    deadlineMarks: 0,
    parentRun: null,
  }
  const nodes = new Map<string, FlowNodeRecord>(
    definition.nodes.map((n) => [
      n.key,
      {
        flowRunId: 1,
        key: n.key,
        state: states[n.key] ?? 'pending',
        attempt: 0,
        output: `out of ${n.key}`,
        outputCutFromBytes: null,
        startTimeMs: 0,
        endTimeMs: 0,
        note: '',
      },
    ]),
  )
  const read = { all: 0, some: [] as string[][], definitions: 0 }
  const triggered: { jobId: number; executorParam?: string }[] = []
  const move = (key: string, from: readonly FlowNodeState[], to: FlowNodeState) => {
    const node = nodes.get(key)
    if (!node || !from.includes(node.state)) return false
    node.state = to
    return true
  }
  const { definition: _, ...head } = run
  const flowRuns = {
    head: async () => ({ ...head, state: run.state }),
    definitionOf: async () => (read.definitions++, definition),
    nodes: async () => (read.all++, [...nodes.values()].map((n) => ({ ...n }))),
    nodesOf: async (_id: number, keys: readonly string[]) => {
      read.some.push([...keys])
      return keys.flatMap((key) => (nodes.has(key) ? [{ ...nodes.get(key)! }] : []))
    },
    nodeStates: async () => new Set([...nodes.values()].map((n) => n.state)),
    claimNode: async (_id: number, key: string, _attempt: number, to: FlowNodeState) => move(key, ['pending'], to),
    setNodeState: async (_id: number, key: string, from: readonly FlowNodeState[], _attempt: number, to: FlowNodeState) => move(key, from, to),
    setState: async (_id: number, from: readonly FlowRunState[], to: FlowRunState) => {
      if (!from.includes(run.state)) return false
      run.state = to
      return true
    },
  }
  const deps = {
    store: { flowRuns, flows: { get: async () => null }, jobs: { get: async () => undefined } },
    trigger: async (request: { jobId: number; executorParam?: string; flowStep: { key: string } }) => {
      triggered.push({ jobId: request.jobId, executorParam: request.executorParam })
      return move(request.flowStep.key, ['pending'], 'running') ? { logIds: [request.jobId * 100] } : { logIds: [] }
    },
    expedite: () => {},
    clock: { nowMs: () => 1000 },
    logger: { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} },
    changed: () => {},
    announce: () => {},
  } as unknown as FlowEngineDeps
  const advance = new FlowAdvance(deps, { start: async () => null })
  return { advance, read, triggered, run, state: (key: string) => nodes.get(key)!.state }
}

describe('FlowAdvance, told which nodes ended', () => {
  it('starts the child of the node that ended, reading it, its parents and the node its parameter names, never every node', async () => {
    const w = world(chain(400), { n0: 'success' })
    await w.advance.advance(1, ['n0'])
    expect(w.triggered).toEqual([{ jobId: 2, executorParam: 'out of n0' }])
    expect(w.read.all).toBe(0)
    expect(w.read.some).toEqual([['n1', 'n0']])

    expect(w.state('n1')).toBe('running')
  })

  it('carries a failure down every descendant in one call, and ends the run failed, as a pass over every node would', async () => {
    const w = world(chain(5), { n0: 'success', n1: 'failed' })
    await w.advance.advance(1, ['n1'])
    expect(['n2', 'n3', 'n4'].map(w.state)).toEqual(['upstream_failed', 'upstream_failed', 'upstream_failed'])
    expect(w.triggered).toEqual([])
    expect(w.run.state).toBe('failed')
    // Every node is read once, when the run is done: its leaves and failed nodes come from them.
    expect(w.read.all).toBe(1)
  })

  it('passes over a key its run’s graph does not have', async () => {
    const w = world(chain(3), { n0: 'success' })
    await w.advance.advance(1, ['gone'])
    expect(w.triggered).toEqual([])
    expect(w.run.state).toBe('running')
  })

  it('reads a run’s definition once however many steps it takes', async () => {
    const w = world(chain(4), { n0: 'success' })
    await w.advance.advance(1, ['n0'])
    await w.advance.advance(1, ['n1'])
    expect(w.read.definitions).toBe(1)
  })

  it('looks at every node when not told what ended (a start, the sweep, an operator’s action)', async () => {
    const w = world(chain(3), {})
    await w.advance.advance(1)
    expect(w.triggered).toEqual([{ jobId: 1, executorParam: undefined }])
    expect(w.read.all).toBe(1)
  })
})
