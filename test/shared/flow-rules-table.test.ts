import { describe, expect, it } from 'vitest'
import { flowInputProblems, parseFlowInput } from '../../src/main/flows/flow-input'
import { draftProblems } from '../../src/renderer/src/lib/flows/flow-draft'
import { FLOW_MAX_NODES, type FlowDefinition, type FlowNodeDef } from '../../src/shared/flow-types'
import { EXECUTOR_PARAM_MAX_CHARS } from '../../src/shared/schema/job'

// One table of flow graphs and references, each with the verdict the rules give: the console's
// editor (draftProblems, what it marks a draft by) and the core's save (flowInputProblems, what
// parseFlowInput refuses by) must both give exactly it. The two call the same shared rules
// (src/shared/flow-definition-check.ts); this keeps them doing so.

/** Job nodes `key` or `key=param` (job ids 1, 2, …) and `from>to` edges. */
function flow(nodes: string[], edges: string[] = []): FlowDefinition {
  return {
    nodes: nodes.map((spec, index): FlowNodeDef => {
      const [key, ...param] = spec.split('=')
      return param.length > 0 ? { key, kind: 'job', jobId: index + 1, param: param.join('=') } : { key, kind: 'job', jobId: index + 1 }
    }),
    edges: edges.map((edge) => {
      const [from, to] = edge.split('>')
      return { from, to }
    }),
  }
}

interface Row {
  name: string
  definition: FlowDefinition
  /** `field: code` of every problem, in the order they are told; empty: the flow may be saved. */
  verdict: string[]
}

const manyKeys = Array.from({ length: FLOW_MAX_NODES + 1 }, (_, i) => `n${i}`)

const TABLE: Row[] = [
  {
    name: 'a diamond whose nodes use their ancestors and the flow parameter',
    definition: flow(['a', 'b=${nodes.a.output}', 'c=${flow.param}', 'd=${nodes.b.output} ${nodes.a.output}'], ['a>b', 'a>c', 'b>d', 'c>d']),
    verdict: [],
  },
  { name: "a script's own ${HOME}, passed on as written", definition: flow(['a=echo ${HOME}']), verdict: [] },
  { name: 'no nodes', definition: flow([]), verdict: ['nodes: flow.noNodes'] },
  { name: `more than ${FLOW_MAX_NODES} nodes`, definition: flow(manyKeys), verdict: ['nodes: validation.tooMany'] },
  { name: 'a cycle', definition: flow(['a', 'b', 'c'], ['a>b', 'b>c', 'c>a']), verdict: ['edges[2]: flow.cycle'] },
  { name: 'a node linked to itself', definition: flow(['a'], ['a>a']), verdict: ['edges[0]: flow.selfLoop'] },
  { name: 'a link given twice', definition: flow(['a', 'b'], ['a>b', 'a>b']), verdict: ['edges[1]: flow.duplicateEdge'] },
  { name: 'a link to an unknown node', definition: flow(['a'], ['a>ghost']), verdict: ['edges[0].to: flow.unknownKey'] },
  { name: 'a key given twice', definition: flow(['a', 'a']), verdict: ['nodes[1].key: flow.duplicateKey'] },
  { name: 'an upper-case key', definition: flow(['Build', 'load'], ['Build>load']), verdict: ['nodes[0].key: flow.badKey'] },
  {
    name: 'an upper-case key used by a reference',
    definition: flow(['Build', 'load=${nodes.Build.output}'], ['Build>load']),
    verdict: ['nodes[0].key: flow.badKey'],
  },
  {
    name: 'a reference in upper case to a lower-case key',
    definition: flow(['build', 'load=${nodes.Build.output}'], ['build>load']),
    verdict: ['nodes[1].param: flow.referenceUnknownNode'],
  },
  {
    name: 'a reference to an unknown node',
    definition: flow(['a', 'b=${nodes.ghost.output}'], ['a>b']),
    verdict: ['nodes[1].param: flow.referenceUnknownNode'],
  },
  {
    name: 'a reference to a node that does not run before',
    definition: flow(['a', 'b', 'c=${nodes.b.output}'], ['a>b', 'a>c']),
    verdict: ['nodes[2].param: flow.referenceNotUpstream'],
  },
  { name: 'a reference to the node itself', definition: flow(['a=${nodes.a.output}']), verdict: ['nodes[0].param: flow.referenceNotUpstream'] },
  { name: 'a typo of a node reference', definition: flow(['a', 'b=${nodes.a}'], ['a>b']), verdict: ['nodes[1].param: flow.unknownReference'] },
  { name: 'a typo of the flow parameter', definition: flow(['a=${flow.params}']), verdict: ['nodes[0].param: flow.unknownReference'] },
  { name: 'a reference in a JSON key', definition: flow(['a={"${flow.param}": 1}']), verdict: ['nodes[0].param: flow.referenceAsKey'] },
  { name: 'a reference in JSON that does not parse', definition: flow(['a={"n": 1${flow.param}}']), verdict: ['nodes[0].param: flow.referenceInInvalidJson'] },
  {
    name: 'a reference as the method',
    definition: flow(['a={"url": "http://h/", "method": "${flow.param}"}']),
    verdict: ['nodes[0].param: flow.referenceChoosesTarget'],
  },
  {
    name: 'a reference in the url before its path',
    definition: flow(['a={"url": "http://${flow.param}/x"}']),
    verdict: ['nodes[0].param: flow.referenceChoosesTarget'],
  },
  { name: 'a reference in the url after its path', definition: flow(['a={"url": "http://h/x?q=${flow.param}"}']), verdict: [] },
  {
    name: 'every problem of a graph and its references at once',
    definition: flow(['a', 'b=${nodes.zz.output} ${nodes.a}'], ['a>b', 'b>a']),
    verdict: ['edges[1]: flow.cycle', 'nodes[1].param: flow.unknownReference', 'nodes[1].param: flow.referenceUnknownNode'],
  },
  {
    name: 'a parameter over the length limit',
    definition: flow([`a=${'x'.repeat(EXECUTOR_PARAM_MAX_CHARS + 1)}`]),
    verdict: ['nodes[0].param: validation.tooLong'],
  },
]

const told = (problems: readonly { field: string; code: string }[]) => problems.map((problem) => `${problem.field}: ${problem.code}`)

/** The save's verdict: a flow with valid settings around the definition, as addFlow gets it. */
function saveVerdict(definition: FlowDefinition): string[] {
  const result = flowInputProblems({ name: 'table', ...definition })
  return result.ok ? [] : told(result.problems)
}

describe('flow rules: the editor and the save give the same verdict', () => {
  it.each(TABLE)('$name', ({ definition, verdict }) => {
    expect(told(draftProblems(definition))).toEqual(verdict)
    expect(saveVerdict(definition)).toEqual(verdict)
  })

  it.each(TABLE)('$name: the save refuses by its first problem, or takes the flow', ({ definition, verdict }) => {
    const save = () => parseFlowInput({ name: 'table', ...definition })
    if (verdict.length === 0) expect(save()).toMatchObject({ nodes: definition.nodes, edges: definition.edges })
    else expect(save).toThrow(expect.objectContaining({ field: verdict[0].split(': ')[0], code: verdict[0].split(': ')[1] }))
  })
})
