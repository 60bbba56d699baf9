import { describe, expect, it } from 'vitest'
import { checkFlowDefinition } from './flow-definition-check'
import { FOR_EACH_MAX_ITEMS, forEachSource } from './flow-for-each'
import type { FlowDefinition, FlowNodeDef } from './flow-types'
import { englishMessage } from './messages'
import { flowDefinitionSchema } from './schema/flow'

/** split → each → after, plus a side node that is not above each. */
const flowOf = (each: Partial<Extract<FlowNodeDef, { jobId: number }>>, side: Partial<Extract<FlowNodeDef, { jobId: number }>> = {}): FlowDefinition => ({
  nodes: [
    { key: 'split', jobId: 1 },
    { key: 'each', jobId: 2, ...each },
    { key: 'after', jobId: 3 },
    { key: 'side', jobId: 4, ...side },
  ],
  edges: [
    { from: 'split', to: 'each' },
    { from: 'each', to: 'after' },
  ],
})
const codes = (def: FlowDefinition) => checkFlowDefinition(def).map((p) => [p.code, p.at.join('.')])

describe('fan-out rules of a definition', () => {
  it('takes a list from a node above, the flow parameter or a literal array, with ${item} and ${item.index} in the parameter', () => {
    for (const forEach of ['${nodes.split.output}', '${flow.param}', '["a", {"b": 1}]', '[]'])
      expect(codes(flowOf({ forEach, param: '{"file": "${item}", "n": ${item.index}}', forEachConcurrency: 5, forEachRule: 'any' }))).toEqual([])
    expect(codes(flowOf({ forEach: '${flow.param}' }))).toEqual([])
  })

  it('refuses ${item} and ${item.index} in a node without a list, once each', () => {
    const problems = checkFlowDefinition(flowOf({}, { param: '${item} ${item.index} ${item}' }))
    expect(problems.map((p) => [p.code, p.params.ref, p.at.join('.')])).toEqual([
      ['flow.itemOutsideForEach', '${item}', 'nodes.3.param'],
      ['flow.itemOutsideForEach', '${item.index}', 'nodes.3.param'],
    ])
    expect(englishMessage(problems[0].code, problems[0].params)).toBe("node 'side': '${item}' names a fan-out's item, but the node has no forEach list")
  })

  it("refuses ${item} in a switch's case value, and in a sub-flow's parameter", () => {
    const def: FlowDefinition = {
      nodes: [
        { key: 'pick', kind: 'switch', cases: [{ when: { value: '${item}', equals: 'a' }, to: 'sub' }], default: 'job' },
        { key: 'sub', kind: 'subflow', flowId: 7, param: '${item.index}' },
        { key: 'job', jobId: 1 },
      ],
      edges: [
        { from: 'pick', to: 'sub' },
        { from: 'pick', to: 'job' },
      ],
    }
    expect(codes(def).filter(([code]) => code === 'flow.itemOutsideForEach')).toEqual([
      ['flow.itemOutsideForEach', 'nodes.0.cases.0.when.value'],
      ['flow.itemOutsideForEach', 'nodes.1.param'],
    ])
  })

  it('refuses a concurrency or rule without a list', () => {
    expect(codes(flowOf({}, { forEachConcurrency: 3, forEachRule: 'any' }))).toEqual([
      ['flow.forEachSettingAlone', 'nodes.3.forEachConcurrency'],
      ['flow.forEachSettingAlone', 'nodes.3.forEachRule'],
    ])
  })

  it('refuses a list from a node that is not above, or not there', () => {
    expect(codes(flowOf({ forEach: '${nodes.side.output}' }))).toEqual([['flow.forEachNotUpstream', 'nodes.1.forEach']])
    expect(codes(flowOf({ forEach: '${nodes.after.output}' }))).toEqual([['flow.forEachNotUpstream', 'nodes.1.forEach']])
    expect(codes(flowOf({ forEach: '${nodes.nope.output}' }))).toEqual([['flow.forEachNotUpstream', 'nodes.1.forEach']])
  })

  it('refuses a list that is neither one reference nor a JSON array', () => {
    for (const forEach of ['a,b', '{"a": 1}', '[${flow.param}]', '${flow.param}${flow.param}', '${item}', '${nodes.x}', 'x ${flow.param}', ''])
      expect(codes(flowOf({ forEach }))).toEqual([['flow.forEachNotList', 'nodes.1.forEach']])
  })

  it('refuses a literal list longer than the limit, with its count', () => {
    const forEach = JSON.stringify(Array.from({ length: FOR_EACH_MAX_ITEMS + 1 }, () => 0))
    const [problem] = checkFlowDefinition(flowOf({ forEach }))
    expect(problem).toMatchObject({ code: 'flow.forEachTooMany', params: { node: 'each', count: FOR_EACH_MAX_ITEMS + 1, max: FOR_EACH_MAX_ITEMS } })
  })

  it('is the rule the flow schema checks a definition by', () => {
    const parsed = flowDefinitionSchema.safeParse(flowOf({}, { param: '${item}' }))
    expect(parsed.success).toBe(false)
    expect(flowDefinitionSchema.safeParse(flowOf({ forEach: '${flow.param}', param: '${item}' })).success).toBe(true)
  })
})

describe('forEachSource', () => {
  it('reads what a forEach names', () => {
    expect(forEachSource(' ${nodes.a.output} ')).toEqual({ kind: 'node', key: 'a', ref: '${nodes.a.output}' })
    expect(forEachSource('${flow.param}')).toEqual({ kind: 'flowParam', ref: '${flow.param}' })
    expect(forEachSource('[1, "${HOME}"]')).toEqual({ kind: 'literal', items: [1, '${HOME}'] })
    expect(forEachSource('${HOME}')).toEqual({ kind: 'invalid' })
  })
})
