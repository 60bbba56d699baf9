import { describe, expect, it } from 'vitest'
import { FlowGraph } from '../../shared/flow-graph'
import type { FlowNodeState, FlowSwitchNodeDef, SwitchCondition } from '../../shared/flow-types'
import { branchGate, conditionHolds, decideSwitch, switchEnd, switchValue } from './switch-node'

const sources = (outputs: Record<string, string>, flowParam = '') => ({ flowParam, outputOf: (key: string) => outputs[key] })

describe('a switch condition', () => {
  const cases: [string, SwitchCondition, string, boolean][] = [
    ['equals: the same text', { value: '', equals: 'eu' }, 'eu', true],
    ['equals: no trimming', { value: '', equals: 'eu' }, 'eu ', false],
    ['equals: no case folding', { value: '', equals: 'eu' }, 'EU', false],
    ['equals: the empty text', { value: '', equals: '' }, '', true],
    ['matches: a match anywhere', { value: '', matches: 'fail' }, 'it failed', true],
    ['matches: anchored', { value: '', matches: '^ok$' }, 'not ok', false],
    ['matches: a pattern the rules refuse never holds', { value: '', matches: '(a+)+$' }, 'aaaa', false],
    ['matches: an invalid pattern never holds', { value: '', matches: '(' }, '(', false],
    ['gt: a greater number', { value: '', gt: 10 }, '11', true],
    ['gt: equal is not greater', { value: '', gt: 10 }, '10', false],
    ['gt: spaces around a number', { value: '', gt: 1.5 }, ' 2\n', true],
    ['gt: exponent notation', { value: '', gt: 999 }, '1e3', true],
    ['gt: no number does not hold', { value: '', gt: -1 }, 'abc', false],
    ['gt: the empty text is no number (not 0)', { value: '', gt: -1 }, '', false],
    ['lt: a smaller number', { value: '', lt: 0 }, '-3.5', true],
    ['lt: Infinity is no finite number', { value: '', lt: 0 }, '-Infinity', false],
    ['two operators never hold', { value: '', equals: '1', gt: 0 }, '1', false],
    ['no operator never holds', { value: '' }, '1', false],
  ]
  it.each(cases)('%s', (_what, when, value, holds) => {
    expect(conditionHolds(when, value)).toBe(holds)
  })
})

describe('a switch value', () => {
  it('puts node outputs and the flow parameter in as plain text, leaving other ${…} as written', () => {
    expect(switchValue('${nodes.a.output}/${flow.param}/${HOME}/${nodes.gone.output}', sources({ a: '{"x":"<1>"}' }, 'p'))).toBe('{"x":"<1>"}/p/${HOME}/')
  })

  it('cuts each value at FLOW_VALUE_MAX_BYTES, as every value a flow passes on', () => {
    expect(switchValue('${nodes.a.output}', sources({ a: 'x'.repeat(5000) }))).toHaveLength(4096)
  })
})

const route: FlowSwitchNodeDef = {
  kind: 'switch',
  key: 'route',
  cases: [
    { when: { value: '${nodes.check.output}', equals: 'eu' }, to: 'load-eu' },
    { when: { value: '${nodes.check.output}', matches: '^us-' }, to: 'load-us' },
    { when: { value: '${flow.param}', gt: 100 }, to: 'big' },
  ],
  default: 'fallback',
}

describe('a switch decision', () => {
  const table: [string, Record<string, string>, string, string | null, string][] = [
    ['the first case that holds wins', { check: 'eu' }, '500', 'load-eu', 'case 1 held: runs load-eu'],
    ['a later case when the first does not hold', { check: 'us-east' }, '', 'load-us', 'case 2 held: runs load-us'],
    ['a numeric case on the flow parameter', { check: 'apac' }, '101', 'big', 'case 3 held: runs big'],
    ['the default when none holds', { check: 'apac' }, 'n/a', 'fallback', 'no case held: runs the default fallback'],
    ['the default when the parent made no output', {}, '', 'fallback', 'no case held: runs the default fallback'],
  ]
  it.each(table)('%s', (_what, outputs, param, to, note) => {
    const end = switchEnd(route, sources(outputs, param), 1000)
    expect(decideSwitch(route, sources(outputs, param)).to).toBe(to)
    expect(end).toEqual({ state: 'success', change: { output: to ?? '', startTimeMs: 1000, endTimeMs: 1000, note } })
  })

  it('picks no branch when none holds and there is no default: output empty', () => {
    const noDefault = { ...route, default: undefined }
    expect(switchEnd(noDefault, sources({ check: 'apac' }), 5).change).toMatchObject({
      output: '',
      note: 'no case held and there is no default: no branch runs',
    })
  })
})

describe('the branch gate', () => {
  const graph = FlowGraph.of({
    nodes: [
      { key: 'check', jobId: 1 },
      route,
      { key: 'load-eu', jobId: 2 },
      { key: 'load-us', jobId: 2 },
      { key: 'big', jobId: 2 },
      { key: 'fallback', jobId: 2 },
      { key: 'report', jobId: 3, triggerRule: 'none_failed_min_one_success' },
    ],
    edges: ['load-eu', 'load-us', 'big', 'fallback']
      .flatMap((to) => [
        { from: 'route', to },
        { from: to, to: 'report' },
      ])
      .concat([{ from: 'check', to: 'route' }]),
  })
  const at =
    (state: FlowNodeState, output = '') =>
    (key: string) =>
      key === 'route' ? { state, output } : undefined

  it.each([
    ['waits while the switch has not ended', 'load-eu', at('pending'), { kind: 'wait' }],
    ['waits while the switch runs', 'load-eu', at('running'), { kind: 'wait' }],
    ['lets the picked child go to its trigger rule', 'load-eu', at('success', 'load-eu'), null],
    ['skips a child the switch did not pick', 'load-us', at('success', 'load-eu'), { kind: 'notChosen', note: 'branch not taken by switch route' }],
    ['skips every child when the switch picked none', 'fallback', at('success', ''), { kind: 'notChosen', note: 'branch not taken by switch route' }],
    ['leaves a skipped switch to the trigger rules', 'load-eu', at('skipped'), null],
    ['leaves a failed-upstream switch to the trigger rules', 'load-eu', at('upstream_failed'), null],
    ['says nothing of a node without a switch parent', 'report', at('pending'), null],
  ] as const)('%s', (_what, key, stateOf, expected) => {
    expect(branchGate(graph, key, stateOf)).toEqual(expected)
  })
})
