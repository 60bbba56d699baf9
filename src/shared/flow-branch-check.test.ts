import { describe, expect, it } from 'vitest'
import { checkFlowDefinition } from './flow-definition-check'
import type { FlowDefinition, FlowSwitchNodeDef } from './flow-types'
import { compileSwitchPattern, matchesPattern, SWITCH_MATCH_INPUT_MAX_CHARS } from './switch-pattern'

/** check → route → {eu, us}: a valid switch, each test changing one thing. */
function flow(route: Partial<FlowSwitchNodeDef> = {}, more: Partial<FlowDefinition> = {}): FlowDefinition {
  return {
    nodes: [
      { key: 'check', jobId: 1 },
      {
        kind: 'switch',
        key: 'route',
        cases: [{ when: { value: '${nodes.check.output}', equals: 'eu' }, to: 'eu' }],
        default: 'us',
        ...route,
      },
      { key: 'eu', jobId: 2 },
      { key: 'us', jobId: 2, param: '${nodes.route.output}' },
      ...(more.nodes ?? []),
    ],
    edges: [{ from: 'check', to: 'route' }, { from: 'route', to: 'eu' }, { from: 'route', to: 'us' }, ...(more.edges ?? [])],
  }
}

const codes = (def: FlowDefinition) => checkFlowDefinition(def).map(({ code, params, at }) => ({ code, params, at }))

describe('the rules of a switch node', () => {
  it('accept a switch whose cases and default cover its children', () => {
    expect(codes(flow())).toEqual([])
  })

  it.each([
    ['no operator', { value: 'x' }, 0],
    ['two operators', { value: 'x', equals: 'a', lt: 3 }, 2],
  ])('refuse a case with %s', (_what, when, count) => {
    expect(codes(flow({ cases: [{ when, to: 'eu' }] }))).toEqual([
      { code: 'flow.switchOperatorCount', params: { node: 'route', case: 1, count }, at: ['nodes', 1, 'cases', 0, 'when'] },
    ])
  })

  it('refuse a pattern that does not compile, with why', () => {
    const [problem] = codes(flow({ cases: [{ when: { value: 'x', matches: '(' }, to: 'eu' }] }))
    expect(problem).toMatchObject({
      code: 'flow.switchPatternInvalid',
      params: { node: 'route', case: 1, pattern: '(' },
      at: ['nodes', 1, 'cases', 0, 'when', 'matches'],
    })
    expect(String(problem.params.reason)).not.toBe('')
  })

  it('refuse a pattern with a nested repeat', () => {
    expect(codes(flow({ cases: [{ when: { value: 'x', matches: '^(\\w+\\s?)*$' }, to: 'eu' }] }))[0].code).toBe('flow.switchPatternNested')
  })

  it('refuse a case or default naming a node that is no child of the switch', () => {
    expect(codes(flow({ default: 'check' }))).toEqual([
      { code: 'flow.switchTargetNotChild', params: { node: 'route', to: 'check' }, at: ['nodes', 1, 'default'] },
      { code: 'flow.switchChildNoBranch', params: { node: 'route', child: 'us' }, at: ['nodes', 1, 'cases'] },
    ])
  })

  it('refuse a child that no case nor the default picks: it could never run', () => {
    expect(codes(flow({ default: undefined }))).toEqual([
      { code: 'flow.switchChildNoBranch', params: { node: 'route', child: 'us' }, at: ['nodes', 1, 'cases'] },
    ])
  })

  it('refuse a case value naming a node below the switch, an unknown node, or a misspelt reference', () => {
    const value = '${nodes.eu.output}${nodes.nope.output}${flow.params}${HOME}'
    expect(codes(flow({ cases: [{ when: { value, equals: '' }, to: 'eu' }] })).map((p) => p.code)).toEqual([
      'flow.unknownReference',
      'flow.referenceNotUpstream',
      'flow.referenceUnknownNode',
    ])
  })

  it("check a subflow node's parameter as a job node's", () => {
    const def: FlowDefinition = {
      nodes: [
        { kind: 'subflow', key: 'child', flowId: 4, param: '${nodes.later.output}' },
        { key: 'later', jobId: 1 },
      ],
      edges: [{ from: 'child', to: 'later' }],
    }
    expect(codes(def).map((p) => p.code)).toEqual(['flow.referenceNotUpstream'])
  })
})

describe('a switch pattern', () => {
  it.each([
    ['(a+)+', true],
    ['(a*)*', true],
    ['((ab)+c)*', true],
    ['(x{2,})+', true],
    ['(a|b)+', false],
    ['(a+)?', false],
    ['^[(a+)]+$', false],
    ['\\(a+\\)+', false],
    ['^us-(east|west)-\\d+$', false],
  ])('%s: nested repeat %s', (pattern, nested) => {
    const compiled = compileSwitchPattern(pattern)
    expect(compiled.ok ? false : compiled.nested).toBe(nested)
  })

  it('tests at most SWITCH_MATCH_INPUT_MAX_CHARS of a value', () => {
    const compiled = compileSwitchPattern('END')
    if (!compiled.ok) throw new Error('compiles')
    expect(matchesPattern(compiled.regex, `${'x'.repeat(SWITCH_MATCH_INPUT_MAX_CHARS)}END`)).toBe(false)
    expect(matchesPattern(compiled.regex, 'xEND')).toBe(true)
  })
})
