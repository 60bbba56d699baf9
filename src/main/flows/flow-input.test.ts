import { NO_DEADLINES } from '../../shared/deadline-terms'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../shared/errors'
import { FLOW_VALUE_MAX_BYTES } from '../../shared/flow-types'
import { flowInputProblems, parseFlowInput } from './flow-input'

/** A valid two-node flow, with overrides. */
function input(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: ' nightly ',
    nodes: [
      { key: 'extract', jobId: 1 },
      { key: 'load', jobId: 2, param: '--rows=${nodes.extract.output} --day=${flow.param}' },
    ],
    edges: [{ from: 'extract', to: 'load' }],
    ...overrides,
  }
}

function refusal(value: unknown): ValidationError {
  try {
    parseFlowInput(value)
  } catch (error) {
    if (error instanceof ValidationError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

const problemCodes = (value: unknown) => {
  const result = flowInputProblems(value)
  return result.ok ? [] : result.problems.map((problem) => `${problem.field}: ${problem.code}`)
}

describe('parseFlowInput', () => {
  it('trims, and fills every absent setting with its default', () => {
    expect(parseFlowInput(input())).toEqual({
      name: 'nightly',
      description: '',
      scheduleType: 'NONE',
      scheduleConf: '',
      timezone: '',
      calendar: null,
      calendarRule: 'BUSINESS_DAYS',
      calendarRoll: 'SKIP',
      misfireStrategy: 'DO_NOTHING',
      maxActiveRuns: 1,
      overlap: 'SKIP',
      timeoutSec: 0,
      alarmEmail: '',
      alarmAfterFailures: null,
      alarmQuietSec: null,
      param: '',
      ...NO_DEADLINES,
      nodes: [
        { kind: 'job', key: 'extract', jobId: 1, triggerRule: 'all_success' },
        { kind: 'job', key: 'load', jobId: 2, param: '--rows=${nodes.extract.output} --day=${flow.param}', triggerRule: 'all_success' },
      ],
      edges: [{ from: 'extract', to: 'load' }],
    })
  })

  it('takes approval nodes with their prompt and time-out, and every setting within its range', () => {
    const flow = parseFlowInput(
      input({
        id: 7,
        description: 'loads the warehouse',
        scheduleType: 'CRON',
        scheduleConf: '0 0 2 * * ?',
        timezone: 'Europe/Berlin',
        misfireStrategy: 'FIRE_ONCE_NOW',
        maxActiveRuns: 100,
        overlap: 'QUEUE',
        timeoutSec: 604_800,
        alarmEmail: 'ops@example.org, dev@example.org',
        param: 'é'.repeat(FLOW_VALUE_MAX_BYTES / 2),
        nodes: [
          { key: 'extract', jobId: 1, triggerRule: 'always' },
          { kind: 'approval', key: 'sign-off', prompt: ' Load it? ', timeoutSec: 3600 },
          { kind: 'job', key: 'load', jobId: 2, triggerRule: 'none_failed_min_one_success' },
        ],
        edges: [
          { from: 'extract', to: 'sign-off' },
          { from: 'sign-off', to: 'load' },
        ],
      }),
    )
    expect(flow.alarmEmail).toBe('ops@example.org,dev@example.org')
    expect(flow.nodes[1]).toEqual({ kind: 'approval', key: 'sign-off', prompt: 'Load it?', timeoutSec: 3600, triggerRule: 'all_success' })
    expect(flow.nodes[2]).toMatchObject({ kind: 'job', triggerRule: 'none_failed_min_one_success' })
  })

  it('refuses fields out of range, naming the field', () => {
    expect(refusal(input({ name: '  ' }))).toMatchObject({ field: 'name', code: 'validation.required' })
    expect(refusal(input({ name: 'x'.repeat(101) }))).toMatchObject({ field: 'name', code: 'validation.tooLong' })
    expect(refusal(input({ description: 'x'.repeat(1001) }))).toMatchObject({ field: 'description', code: 'validation.tooLong' })
    expect(refusal(input({ maxActiveRuns: 0 }))).toMatchObject({ field: 'maxActiveRuns', code: 'validation.tooSmall' })
    expect(refusal(input({ maxActiveRuns: 101 }))).toMatchObject({ field: 'maxActiveRuns', code: 'validation.tooLarge' })
    expect(refusal(input({ overlap: 'DROP' }))).toMatchObject({ field: 'overlap', code: 'validation.oneOf' })
    expect(refusal(input({ timeoutSec: 604_801 }))).toMatchObject({ field: 'timeoutSec', code: 'validation.tooLarge' })
    expect(refusal(input({ alarmEmail: 'ops@example.org, nobody' }))).toMatchObject({ field: 'alarmEmail', code: 'validation.email' })
    expect(refusal(input({ schedule: 'CRON' }))).toMatchObject({ code: 'validation.unknownField', params: { keys: ['schedule'] } })
  })

  it('measures the flow parameter in UTF-8 bytes', () => {
    expect(refusal(input({ param: '中'.repeat(1366) }))).toMatchObject({ field: 'param', code: 'flow.valueTooLong', params: { bytes: 4098, max: 4096 } })
  })

  it('refuses node fields out of range', () => {
    const nodes = (node: Record<string, unknown>) => input({ nodes: [node], edges: [] })
    expect(refusal(nodes({ key: 'a', jobId: 0 }))).toMatchObject({ field: 'nodes[0].jobId', code: 'validation.tooSmall' })
    expect(refusal(nodes({ key: 'a', jobId: 1, param: 'x'.repeat(2049) }))).toMatchObject({ field: 'nodes[0].param', code: 'validation.tooLong' })
    expect(refusal(nodes({ key: 'a', jobId: 1, triggerRule: 'dummy' }))).toMatchObject({ field: 'nodes[0].triggerRule', code: 'validation.oneOf' })
    expect(refusal(nodes({ kind: 'approval', key: 'a', prompt: 'x'.repeat(501) }))).toMatchObject({ field: 'nodes[0].prompt', code: 'validation.tooLong' })
    expect(refusal(nodes({ kind: 'approval', key: 'a', timeoutSec: -1 }))).toMatchObject({ field: 'nodes[0].timeoutSec', code: 'validation.tooSmall' })
    expect(refusal(nodes({ kind: 'approval', key: 'a', jobId: 3 }))).toMatchObject({ code: 'validation.unknownField', params: { keys: ['jobId'] } })
    expect(refusal(nodes({ kind: 'script', key: 'a' }))).toMatchObject({ field: 'nodes[0].kind', code: 'validation.union' })
    const many = Array.from({ length: 1001 }, (_, i) => ({ key: `n${i}`, jobId: 1 }))
    expect(refusal(input({ nodes: many, edges: [] }))).toMatchObject({ field: 'nodes', code: 'validation.tooMany', params: { max: 1000 } })
  })

  it('refuses a graph that is not a DAG of unique keys, a cycle with its path', () => {
    expect(refusal(input({ nodes: [], edges: [] }))).toMatchObject({ field: 'nodes', code: 'flow.noNodes' })
    expect(refusal(input({ nodes: [{ key: 'Extract', jobId: 1 }], edges: [] }))).toMatchObject({ field: 'nodes[0].key', code: 'flow.badKey' })
    const cycle = refusal(
      input({
        nodes: [
          { key: 'a', jobId: 1 },
          { key: 'b', jobId: 2 },
          { key: 'c', jobId: 3 },
        ],
        edges: [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'c' },
          { from: 'c', to: 'a' },
        ],
      }),
    )
    expect(cycle).toMatchObject({ field: 'edges[2]', code: 'flow.cycle', params: { path: ['a', 'b', 'c', 'a'] } })
    expect(cycle.message).toBe('the edges close the cycle a → b → c → a; a flow runs its nodes in order, so it cannot have a cycle')
  })

  it('refuses a reference of neither form, to no node, or to a node that does not run before', () => {
    const withParam = (param: string) =>
      input({
        nodes: [
          { key: 'extract', jobId: 1 },
          { key: 'side', jobId: 3 },
          { key: 'load', jobId: 2, param },
        ],
        edges: [{ from: 'extract', to: 'load' }],
      })
    expect(refusal(withParam('${flow.params}'))).toMatchObject({ field: 'nodes[2].param', code: 'flow.unknownReference', params: { ref: '${flow.params}' } })
    // A script's own placeholders pass as written.
    expect(parseFlowInput(withParam('cd ${HOME}')).nodes[2]).toMatchObject({ param: 'cd ${HOME}' })
    expect(refusal(withParam('${nodes.gone.output}'))).toMatchObject({
      field: 'nodes[2].param',
      code: 'flow.referenceUnknownNode',
      params: { ref: '${nodes.gone.output}', key: 'gone' },
    })
    const sibling = refusal(withParam('${nodes.side.output}'))
    expect(sibling).toMatchObject({ code: 'flow.referenceNotUpstream', params: { key: 'side', node: 'load' } })
    expect(sibling.message).toContain("add edges leading from 'side' to 'load'")
    expect(refusal(withParam('${nodes.load.output}'))).toMatchObject({ code: 'flow.referenceNotUpstream', params: { key: 'load', node: 'load' } })
    // Plain dollars and an unclosed ${ are text.
    expect(parseFlowInput(withParam('costs $5 ${nodes.extract.output')).nodes[2]).toMatchObject({ param: 'costs $5 ${nodes.extract.output' })
  })

  it('refuses a reference that would name a field of a JSON parameter, or land where JSON has no value, naming the node and the reference', () => {
    const withParam = (param: string) =>
      input({
        nodes: [
          { key: 'extract', jobId: 1 },
          { key: 'load', jobId: 2, param },
        ],
      })
    const asKey = refusal(withParam('{"url":"http://h/","${nodes.extract.output}":"x"}'))
    expect(asKey).toMatchObject({ field: 'nodes[1].param', code: 'flow.referenceAsKey', params: { node: 'load', ref: '${nodes.extract.output}', offset: 21 } })
    expect(asKey.message).toContain("node 'load': '${nodes.extract.output}' stands in a key")
    const bare = refusal(withParam('{"url":"http://h/"${flow.param}}'))
    expect(bare).toMatchObject({ code: 'flow.referenceInInvalidJson', params: { node: 'load', ref: '${flow.param}', offset: 19 } })
    expect(bare.message).toContain('not JSON at character 19')
    // Inside a string value, or alone as a value, a reference is a value.
    expect(parseFlowInput(withParam('{"url":"http://h/?q=${nodes.extract.output}","n":${flow.param}}')).nodes[1]).toMatchObject({ key: 'load' })
  })

  it('accepts a reference to any node above, not only a parent', () => {
    const flow = input({
      nodes: [
        { key: 'a', jobId: 1 },
        { key: 'b', jobId: 2 },
        { key: 'c', jobId: 3, param: '${nodes.a.output}' },
      ],
      edges: [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'c' },
      ],
    })
    expect(parseFlowInput(flow).nodes[2]).toMatchObject({ param: '${nodes.a.output}' })
  })

  it('checks the schedule as a job does, naming scheduleConf or timezone', () => {
    expect(refusal(input({ scheduleType: 'CRON', scheduleConf: '0 0 25 * * ?', timezone: 'UTC' }))).toMatchObject({
      field: 'scheduleConf',
      code: 'cron.outOfRange',
    })
    expect(refusal(input({ scheduleType: 'CRON', scheduleConf: '0 0 2 * * ?' }))).toMatchObject({ field: 'timezone', code: 'timezone.required' })
    expect(refusal(input({ scheduleType: 'NONE', timezone: 'Mars/Olympus' }))).toMatchObject({ field: 'timezone', code: 'timezone.unknown' })
    expect(refusal(input({ scheduleType: 'FIX_RATE', scheduleConf: '0' }))).toMatchObject({ field: 'scheduleConf', code: 'fixRate.invalid' })
    expect(parseFlowInput(input({ scheduleType: 'FIX_RATE', scheduleConf: '30' })).scheduleConf).toBe('30')
  })

  it('lists every whole-flow problem at once for the editor', () => {
    const value = input({
      scheduleType: 'FIX_RATE',
      scheduleConf: 'soon',
      nodes: [
        { key: 'a', jobId: 1 },
        { key: 'a', jobId: 2, param: '${nodes.b.output} ${flow.x}' },
      ],
      edges: [{ from: 'a', to: 'z' }],
    })
    expect(problemCodes(value)).toEqual([
      'nodes[1].key: flow.duplicateKey',
      'edges[0].to: flow.unknownKey',
      'nodes[1].param: flow.unknownReference',
      'nodes[1].param: flow.referenceUnknownNode',
      'scheduleConf: fixRate.invalid',
    ])
    expect(flowInputProblems(input()).ok).toBe(true)
  })

  it('checks the whole flow only once every field is valid', () => {
    expect(
      problemCodes({
        ...input(),
        name: '',
        edges: [
          { from: 'load', to: 'extract' },
          { from: 'extract', to: 'load' },
        ],
      }),
    ).toEqual(['name: validation.required'])
  })
})
