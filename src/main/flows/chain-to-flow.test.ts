import { describe, expect, it } from 'vitest'
import { NotFoundError } from '../../shared/errors'
import type { JobLink, LinkCondition } from '../../shared/model'
import { flowFromChain } from './chain-to-flow'
import { checkFlowGraph } from '../../shared/flow-graph'

const link = (parentJobId: number, childJobId: number, condition: LinkCondition = 'SUCCESS'): JobLink => ({ parentJobId, childJobId, condition })
const jobs = (...names: string[]) => names.map((name, i) => ({ id: i + 1, name }))

describe('flowFromChain', () => {
  it('turns a straight chain into job nodes and edges, keys from the names', () => {
    const { definition, notes } = flowFromChain(1, jobs('Extract', 'Transform', 'Load'), [link(1, 2), link(2, 3)])
    expect(definition).toEqual({
      nodes: [
        { kind: 'job', key: 'extract', jobId: 1, triggerRule: 'all_success' },
        { kind: 'job', key: 'transform', jobId: 2, triggerRule: 'all_success' },
        { kind: 'job', key: 'load', jobId: 3, triggerRule: 'all_success' },
      ],
      edges: [
        { from: 'extract', to: 'transform' },
        { from: 'transform', to: 'load' },
      ],
    })
    expect(notes).toEqual([])
  })

  it('takes only the jobs below the root, through links of any condition', () => {
    const { definition } = flowFromChain(2, jobs('above', 'root', 'ok', 'bad', 'any', 'apart'), [
      link(1, 2),
      link(2, 3),
      link(2, 4, 'FAILURE'),
      link(4, 5, 'ALWAYS'),
      link(6, 1),
    ])
    expect(definition.nodes.map((node) => node.jobId)).toEqual([2, 3, 4, 5])
    expect(definition.edges).toEqual([
      { from: 'root', to: 'ok' },
      { from: 'root', to: 'bad' },
      { from: 'bad', to: 'any' },
    ])
  })

  it('gives each node the rule of its incoming conditions: SUCCESS all_success, FAILURE one_failed, ALWAYS or mixed all_done', () => {
    const { definition } = flowFromChain(1, jobs('r', 's', 'f', 'a', 'm', 'ff'), [
      link(1, 2),
      link(1, 3, 'FAILURE'),
      link(1, 4, 'ALWAYS'),
      link(2, 5, 'SUCCESS'),
      link(3, 5, 'FAILURE'),
      link(2, 6, 'FAILURE'),
      link(3, 6, 'FAILURE'),
    ])
    expect(Object.fromEntries(definition.nodes.map((node) => [node.key, node.triggerRule]))).toEqual({
      r: 'all_success',
      s: 'all_success',
      f: 'one_failed',
      a: 'all_done',
      m: 'all_done',
      ff: 'one_failed',
    })
  })

  it('notes a fan-in, where the chain fired the child once per parent', () => {
    const { notes } = flowFromChain(1, jobs('r', 'a', 'b', 'join'), [link(1, 2), link(1, 3), link(2, 4), link(3, 4)])
    expect(notes).toEqual([{ code: 'flowChain.fanIn', params: { key: 'join', count: 2, parents: ['a', 'b'] } }])
  })

  it('notes mixed conditions, now all_done', () => {
    const { notes } = flowFromChain(1, jobs('r', 'a', 'b', 'join'), [link(1, 2), link(1, 3), link(2, 4, 'SUCCESS'), link(3, 4, 'FAILURE')])
    expect(notes).toContainEqual({ code: 'flowChain.mixedConditions', params: { key: 'join', conditions: ['FAILURE', 'SUCCESS'] } })
  })

  it('notes a node that now runs after a parent that never ran', () => {
    // r fails: the chain fires neither a nor b; in the flow a is upstream_failed and b (all_done) still runs.
    const always = flowFromChain(1, jobs('r', 'a', 'b'), [link(1, 2), link(2, 3, 'ALWAYS')])
    expect(always.notes).toEqual([{ code: 'flowChain.runsAfterUnrunParent', params: { key: 'b', rule: 'all_done' } }])
    // An upstream_failed parent is a failure to one_failed.
    const onFailure = flowFromChain(1, jobs('r', 'a', 'b'), [link(1, 2), link(2, 3, 'FAILURE')])
    expect(onFailure.notes).toEqual([{ code: 'flowChain.runsAfterUnrunParent', params: { key: 'b', rule: 'one_failed' } }])
    // After the root, or after an all_done parent (which always runs), nothing changes.
    expect(flowFromChain(1, jobs('r', 'a', 'b'), [link(1, 2, 'ALWAYS'), link(2, 3, 'ALWAYS')]).notes).toEqual([])
    expect(flowFromChain(1, jobs('r', 'a', 'b'), [link(1, 2), link(2, 3)]).notes).toEqual([])
  })

  it('notes a parent outside the flow that also fires one of its jobs', () => {
    const { definition, notes } = flowFromChain(1, jobs('r', 'a', 'other'), [link(1, 2), link(3, 2), link(3, 1)])
    expect(definition.edges).toEqual([{ from: 'r', to: 'a' }])
    expect(notes).toEqual([{ code: 'flowChain.outsideParent', params: { jobId: 3, key: 'a', rootJobId: 1 } }])
  })

  it('leaves out the link that closes a cycle, and says which', () => {
    const { definition, notes } = flowFromChain(1, jobs('a', 'b', 'c'), [link(1, 2), link(2, 3), link(3, 1), link(3, 2)])
    expect(definition.edges).toEqual([
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
    ])
    expect(notes).toEqual([
      { code: 'flowChain.cycleLeftOut', params: { from: 'c', to: 'a', path: ['a', 'b', 'c', 'a'] } },
      { code: 'flowChain.cycleLeftOut', params: { from: 'c', to: 'b', path: ['b', 'c', 'b'] } },
    ])
    expect(checkFlowGraph(definition)).toEqual([])
  })

  it('ignores self links, repeated links and links to jobs it was not given', () => {
    const { definition, notes } = flowFromChain(1, jobs('a', 'b'), [link(1, 1), link(1, 2), link(1, 2), link(2, 99), link(98, 2)])
    expect(definition.edges).toEqual([{ from: 'a', to: 'b' }])
    expect(notes).toEqual([])
  })

  it('makes unique, valid keys of repeated or unusable names', () => {
    const { definition } = flowFromChain(1, jobs('Sync', 'sync', '同步', 'Sync!'), [link(1, 2), link(1, 3), link(1, 4)])
    expect(definition.nodes.map((node) => node.key)).toEqual(['sync', 'sync-2', 'job-3', 'sync-3'])
    expect(checkFlowGraph(definition)).toEqual([])
  })

  it('makes a flow of the root alone when it has no children', () => {
    expect(flowFromChain(5, [{ id: 5, name: 'alone' }], []).definition).toEqual({
      nodes: [{ kind: 'job', key: 'alone', jobId: 5, triggerRule: 'all_success' }],
      edges: [],
    })
  })

  it('refuses a root it was not given', () => {
    expect(() => flowFromChain(9, jobs('a'), [])).toThrow(NotFoundError)
  })

  it('walks a long chain without deep recursion', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, name: `step ${i + 1}` }))
    const chain = many.slice(1).map((job) => link(job.id - 1, job.id))
    const { definition } = flowFromChain(1, many, chain)
    expect(definition.nodes).toHaveLength(5000)
    expect(definition.edges).toHaveLength(4999)
  })
})
