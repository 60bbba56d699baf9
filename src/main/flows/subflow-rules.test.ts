import { describe, expect, it } from 'vitest'
import { defaultFlowSettings } from '../../shared/flow-defaults'
import type { Flow, FlowNodeDef } from '../../shared/flow-types'
import { checkSubflows, flowsUsingAsSubflow } from './subflow-rules'
import { SUBFLOW_MAX_DEPTH } from '../../shared/flow-types'
import { subflowNodeEnd, subflowOutput } from './subflow-node'

const sub = (key: string, flowId: number): FlowNodeDef => ({ kind: 'subflow', key, flowId })
const job = (key: string): FlowNodeDef => ({ key, jobId: 1 })

function stored(id: number, name: string, nodes: FlowNodeDef[]): Flow {
  return { ...defaultFlowSettings(name, ''), id, nodes, edges: [], triggerStatus: 0, triggerNextTimeMs: 0, triggerLastTimeMs: 0, addTimeMs: 0, updateTimeMs: 0 }
}

/** a → b → c, and d alone. */
const FLOWS = [stored(1, 'a', [sub('b', 2)]), stored(2, 'b', [sub('c', 3)]), stored(3, 'c', [job('x')]), stored(4, 'd', [job('y')])]

describe('the sub-flow rules of a save', () => {
  it('accept a new flow running a stored one', () => {
    expect(checkSubflows({ id: null, name: 'new', nodes: [sub('run-a', 1)] }, FLOWS)).toBeNull()
  })

  it('refuse a flow that does not exist', () => {
    expect(checkSubflows({ id: null, name: 'new', nodes: [job('j'), sub('run', 99)] }, FLOWS)).toEqual({
      field: 'nodes[1].flowId',
      code: 'flow.subflowNotFound',
      params: { key: 'run', id: 99 },
    })
  })

  it('refuse a flow running itself (A → A)', () => {
    expect(checkSubflows({ id: 4, name: 'd', nodes: [sub('again', 4)] }, FLOWS)).toEqual({
      field: 'nodes',
      code: 'flow.subflowCycle',
      params: { path: ['d', 'd'] },
    })
  })

  it('refuse a cycle through other flows, with its path (c → a → b → c)', () => {
    expect(checkSubflows({ id: 3, name: 'c', nodes: [sub('back', 1)] }, FLOWS)).toEqual({
      field: 'nodes',
      code: 'flow.subflowCycle',
      params: { path: ['c', 'a', 'b', 'c'] },
    })
  })

  it('take a rename into the path', () => {
    expect(checkSubflows({ id: 2, name: 'b2', nodes: [sub('back', 1)] }, FLOWS)?.params).toEqual({ path: ['b2', 'a', 'b2'] })
  })

  it(`refuse sub-flows nested deeper than ${SUBFLOW_MAX_DEPTH} levels, counting the flows above and below the saved one`, () => {
    // f1 → f2 → … → f6 is 5 levels: allowed; a 7th flow below is one too many.
    const chain = Array.from({ length: 6 }, (_, i) => stored(i + 1, `f${i + 1}`, i < 5 ? [sub('next', i + 2)] : [job('x')]))
    expect(checkSubflows({ id: 6, name: 'f6', nodes: [job('x')] }, chain)).toBeNull()
    const deeper = [...chain, stored(7, 'f7', [job('x')])]
    expect(checkSubflows({ id: 6, name: 'f6', nodes: [sub('next', 7)] }, deeper)).toEqual({
      field: 'nodes',
      code: 'flow.subflowTooDeep',
      params: { depth: 6, max: SUBFLOW_MAX_DEPTH, path: ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7'] },
    })
    // Saving the middle of the chain sees both ends.
    expect(
      checkSubflows(
        { id: 3, name: 'f3', nodes: [sub('next', 4)] },
        deeper.map((f) => (f.id === 6 ? stored(6, 'f6', [sub('next', 7)]) : f)),
      )?.code,
    ).toBe('flow.subflowTooDeep')
  })

  it('name the flows using a flow as a sub-flow (its delete is refused)', () => {
    expect(flowsUsingAsSubflow(3, FLOWS)).toEqual(['b'])
    expect(flowsUsingAsSubflow(1, FLOWS)).toEqual([])
  })
})

describe("a subflow node's end", () => {
  const definition = {
    nodes: [job('load'), job('check'), job('mail')],
    edges: [
      { from: 'load', to: 'check' },
      { from: 'load', to: 'mail' },
    ],
  }

  it("takes the single leaf's output as it is", () => {
    expect(
      subflowOutput({ nodes: [job('a'), job('b')], edges: [{ from: 'a', to: 'b' }] }, [
        { key: 'a', output: '1' },
        { key: 'b', output: 'done' },
      ]),
    ).toBe('done')
  })

  it("makes a JSON object of several leaves' outputs, in definition order", () => {
    expect(
      subflowOutput(definition, [
        { key: 'mail', output: 'sent' },
        { key: 'check', output: '{"rows":3}' },
        { key: 'load', output: 'x' },
      ]),
    ).toBe('{"check":"{\\"rows\\":3}","mail":"sent"}')
  })

  it.each([
    ['success', 'success'],
    ['failed', 'failed'],
    ['killed', 'killed'],
  ] as const)('ends %s when the child run ended %s, noting the child', (childState, state) => {
    const end = subflowNodeEnd({ id: 41, state: childState, endTimeMs: 0, definition }, [], 9000)
    expect(end).toEqual({
      state,
      change: { output: '{"check":"","mail":""}', outputCutFromBytes: null, endTimeMs: 9000, note: `sub-flow run 41 ended ${childState}` },
    })
  })

  it('cuts an output past FLOW_VALUE_MAX_BYTES and says from how many bytes', () => {
    const end = subflowNodeEnd(
      { id: 1, state: 'success', endTimeMs: 5, definition: { nodes: [job('a')], edges: [] } },
      [{ key: 'a', output: 'é'.repeat(3000) }],
      9,
    )
    expect(end.change).toMatchObject({ outputCutFromBytes: 6000, endTimeMs: 5 })
    expect(end.change.output!.length).toBe(2048)
  })
})
