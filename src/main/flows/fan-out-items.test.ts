import { describe, expect, it } from 'vitest'
import { FLOW_VALUE_MAX_BYTES } from '../../shared/flow-types'
import { FOR_EACH_MAX_ITEMS } from '../../shared/flow-for-each'
import { fanOutEnd, fanOutOutput, itemsToStart, itemValues, resolveList, type ItemView } from './fan-out-items'

const NOW = 1_767_225_600_000
type State = ItemView['state']
const items = (...states: State[]): ItemView[] => states.map((state, index) => ({ index, state, output: `out ${index}`, endTimeMs: 0 }))

describe('itemsToStart', () => {
  const cases: [string, State[], number, number[]][] = [
    ['none running: the first `cap` pending, in index order', ['pending', 'pending', 'pending', 'pending'], 2, [0, 1]],
    ['room beside the running ones only', ['running', 'success', 'pending', 'pending', 'pending'], 2, [2]],
    ['the cap full: none', ['running', 'running', 'pending'], 2, []],
    ['more running than the cap (a cap lowered by an edit cannot be: a run keeps its definition): none', ['running', 'running', 'running', 'pending'], 2, []],
    ['ended items free their place', ['success', 'failed', 'killed', 'pending', 'pending'], 1, [3]],
    ['nothing pending: none', ['success', 'running'], 5, []],
    ['no items: none', [], 5, []],
  ]
  it.each(cases)('%s', (_, states, cap, expected) => {
    expect(itemsToStart(items(...states), cap)).toEqual(expected)
  })

  it('starts by index whatever order the items come in', () => {
    const shuffled = [2, 0, 1].map((index) => ({ index, state: 'pending' as const }))
    expect(itemsToStart(shuffled, 2)).toEqual([0, 1])
  })
})

describe('fanOutEnd', () => {
  const cases: [string, State[], 'all' | 'any', 'success' | 'failed' | null][] = [
    ['all: every item succeeded', ['success', 'success'], 'all', 'success'],
    ['all: one failed', ['success', 'failed'], 'all', 'failed'],
    ['all: one killed', ['killed', 'success'], 'all', 'failed'],
    ['any: one succeeded', ['failed', 'success', 'killed'], 'any', 'success'],
    ['any: none succeeded', ['failed', 'killed'], 'any', 'failed'],
    ['an item still running: not yet', ['success', 'running'], 'any', null],
    ['an item still pending: not yet', ['failed', 'pending'], 'all', null],
    ['an empty list: success under all', [], 'all', 'success'],
    ['an empty list: success under any', [], 'any', 'success'],
  ]
  it.each(cases)('%s', (_, states, rule, expected) => {
    expect(fanOutEnd(items(...states), rule, NOW)?.state ?? null).toBe(expected)
  })

  it("ends at the last item's end, or at `now` when no item has an end time", () => {
    const ended = [
      { index: 0, state: 'success' as const, output: 'a', endTimeMs: NOW - 50 },
      { index: 1, state: 'success' as const, output: 'b', endTimeMs: NOW - 10 },
    ]
    expect(fanOutEnd(ended, 'all', NOW)).toEqual({ state: 'success', output: '["a","b"]', outputCutFromBytes: null, endTimeMs: NOW - 10 })
    expect(fanOutEnd([], 'all', NOW)).toEqual({ state: 'success', output: '[]', outputCutFromBytes: null, endTimeMs: NOW })
  })
})

describe('fanOutOutput', () => {
  it("is the JSON array of the items' outputs in index order, null for an item that did not succeed", () => {
    const out = fanOutOutput([
      { index: 2, state: 'success', output: 'c "quoted"' },
      { index: 0, state: 'success', output: '{"n":1}' },
      { index: 1, state: 'failed', output: 'boom' },
    ])
    expect(out).toEqual({ output: '["{\\"n\\":1}",null,"c \\"quoted\\""]', cutFromBytes: null })
    expect(JSON.parse(out.output)).toEqual(['{"n":1}', null, 'c "quoted"'])
  })

  it('is cut at the limit every output is cut at, saying its length before the cut', () => {
    const big = Array.from({ length: 10 }, (_, index) => ({ index, state: 'success' as const, output: 'x'.repeat(1000) }))
    const { output, cutFromBytes } = fanOutOutput(big)
    expect(Buffer.byteLength(output)).toBeLessThanOrEqual(FLOW_VALUE_MAX_BYTES)
    expect(cutFromBytes).toBe(JSON.stringify(big.map((i) => i.output)).length)
  })
})

describe('resolveList', () => {
  const sources = { flowParam: '["p1","p2"]', outputOf: (key: string) => ({ split: '[1, {"a": 2}, [3]]', text: 'not json', obj: '{"a":1}' })[key] }
  it('reads a literal array, the flow parameter and a parent output', () => {
    expect(resolveList('["a", "b"]', sources)).toEqual({ ok: true, items: ['a', 'b'] })
    expect(resolveList('${flow.param}', sources)).toEqual({ ok: true, items: ['p1', 'p2'] })
    expect(resolveList(' ${nodes.split.output} ', sources)).toEqual({ ok: true, items: [1, { a: 2 }, [3]] })
    expect(resolveList('[]', sources)).toEqual({ ok: true, items: [] })
  })

  it('fails on a value that is not a JSON array, naming the reference', () => {
    expect(resolveList('${nodes.text.output}', sources)).toMatchObject({ ok: false, code: 'flowRun.forEachNotArray', params: { ref: '${nodes.text.output}' } })
    expect(resolveList('${nodes.obj.output}', sources)).toMatchObject({ ok: false, code: 'flowRun.forEachNotArray', params: { detail: 'it is object' } })
    // A node that did not run has no output: '' is no list.
    expect(resolveList('${nodes.gone.output}', sources)).toMatchObject({ ok: false, code: 'flowRun.forEachNotArray' })
    expect(resolveList('x ${flow.param}', sources)).toMatchObject({ ok: false, code: 'flowRun.forEachNotArray' })
  })

  it('fails on more items than the limit, with the count', () => {
    const long = JSON.stringify(Array.from({ length: FOR_EACH_MAX_ITEMS + 1 }, () => 0))
    expect(resolveList('${flow.param}', { ...sources, flowParam: long })).toEqual({
      ok: false,
      code: 'flowRun.forEachTooMany',
      params: { ref: '${flow.param}', count: FOR_EACH_MAX_ITEMS + 1, max: FOR_EACH_MAX_ITEMS },
    })
  })
})

describe('itemValues', () => {
  it('gives a string item as it is and any other item as JSON, with its index', () => {
    const list = ['plain', 42, { id: 'a' }, [1, 2], null, true]
    expect(list.map((_, i) => itemValues(list, i).text)).toEqual(['plain', '42', '{"id":"a"}', '[1,2]', 'null', 'true'])
    expect(itemValues(list, 3).index).toBe(3)
  })
})
