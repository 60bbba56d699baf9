import { describe, expect, it } from 'vitest'
import type { Flow, FlowDefinition } from '../../../../shared/flow-types'
import {
  addApprovalNode,
  addJobNode,
  draftOfFlow,
  flowInputOf,
  linkNodes,
  misplacedReferences,
  newFlowDraft,
  nodesWithProblems,
  paramProblems,
  removeNode,
  renameNode,
  uniqueNodeKey,
  unlinkNodes,
  updateNode,
} from './flow-draft'

const EMPTY: FlowDefinition = { nodes: [], edges: [] }

/** extract → transform → load, each a job node; load's parameter uses the two before it. */
function etl(): FlowDefinition {
  return {
    nodes: [
      { key: 'extract', kind: 'job', jobId: 1 },
      { key: 'transform', kind: 'job', jobId: 2, param: '--in ${nodes.extract.output}' },
      { key: 'load', kind: 'job', jobId: 3, param: '${nodes.transform.output} ${nodes.extract.output} ${flow.param}' },
    ],
    edges: [
      { from: 'extract', to: 'transform' },
      { from: 'transform', to: 'load' },
    ],
  }
}

describe('uniqueNodeKey', () => {
  it('turns a job name into a key the core accepts', () => {
    expect(uniqueNodeKey('Nightly ETL (v2)', new Set(), 'job_1')).toBe('nightly_etl_v2')
    expect(uniqueNodeKey('Café-Sync', new Set(), 'job_1')).toBe('cafe-sync')
    expect(uniqueNodeKey('2024 report', new Set(), 'job_1')).toBe('report')
  })

  it('falls back when the name has nothing usable, and numbers a key that is taken', () => {
    expect(uniqueNodeKey('数据同步', new Set(), 'job_7')).toBe('job_7')
    expect(uniqueNodeKey('sync', new Set(['sync', 'sync_2']), 'job_1')).toBe('sync_3')
  })

  it('stays within 64 characters, suffix included', () => {
    const long = 'a'.repeat(80)
    expect(uniqueNodeKey(long, new Set(), 'job_1')).toBe('a'.repeat(64))
    expect(uniqueNodeKey(long, new Set(['a'.repeat(64)]), 'job_1')).toBe(`${'a'.repeat(62)}_2`)
  })
})

describe('adding nodes', () => {
  it('keys a job node after the job and an approval node as approval, each unique', () => {
    const first = addJobNode(EMPTY, { id: 4, name: 'Load warehouse' })
    const second = addJobNode(first.definition, { id: 5, name: 'Load warehouse' })
    const approval = addApprovalNode(addApprovalNode(second.definition).definition)
    expect([first.key, second.key, approval.key]).toEqual(['load_warehouse', 'load_warehouse_2', 'approval_2'])
    expect(approval.definition.nodes).toEqual([
      { key: 'load_warehouse', kind: 'job', jobId: 4 },
      { key: 'load_warehouse_2', kind: 'job', jobId: 5 },
      { key: 'approval', kind: 'approval', prompt: '', timeoutSec: 0 },
      { key: 'approval_2', kind: 'approval', prompt: '', timeoutSec: 0 },
    ])
    expect(EMPTY.nodes).toEqual([])
  })
})

describe('linkNodes', () => {
  it('adds a link between two nodes', () => {
    const result = linkNodes(etl(), 'extract', 'load')
    expect(result.ok && result.definition.edges).toContainEqual({ from: 'extract', to: 'load' })
  })

  it('refuses a link that closes a cycle, naming it', () => {
    expect(linkNodes(etl(), 'load', 'extract')).toEqual({ ok: false, reason: 'cycle', path: ['extract', 'transform', 'load', 'extract'] })
    expect(linkNodes(etl(), 'load', 'load')).toEqual({ ok: false, reason: 'cycle', path: ['load', 'load'] })
  })

  it('refuses a link that exists or names an unknown node', () => {
    expect(linkNodes(etl(), 'extract', 'transform')).toEqual({ ok: false, reason: 'duplicate' })
    expect(linkNodes(etl(), 'extract', 'nowhere')).toEqual({ ok: false, reason: 'unknown' })
  })
})

describe('unlinkNodes and removeNode', () => {
  it('unlinks one link', () => {
    expect(unlinkNodes(etl(), 'extract', 'transform').edges).toEqual([{ from: 'transform', to: 'load' }])
  })

  it('removes a node with every link into and out of it', () => {
    const removed = removeNode(etl(), 'transform')
    expect(removed.nodes.map((node) => node.key)).toEqual(['extract', 'load'])
    expect(removed.edges).toEqual([])
  })
})

describe('renameNode', () => {
  it('renames the key in the node, its links and every parameter that uses its output', () => {
    const result = renameNode(etl(), 'extract', 'fetch')
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.definition.nodes.map((node) => node.key)).toEqual(['fetch', 'transform', 'load'])
    expect(result.definition.edges[0]).toEqual({ from: 'fetch', to: 'transform' })
    expect(result.definition.nodes.map((node) => ('param' in node ? node.param : undefined))).toEqual([
      undefined,
      '--in ${nodes.fetch.output}',
      '${nodes.transform.output} ${nodes.fetch.output} ${flow.param}',
    ])
  })

  it('leaves a longer key that starts the same alone', () => {
    const definition: FlowDefinition = {
      nodes: [
        { key: 'a', kind: 'job', jobId: 1 },
        { key: 'ab', kind: 'job', jobId: 2 },
        { key: 'c', kind: 'job', jobId: 3, param: '${nodes.ab.output}/${nodes.a.output}' },
      ],
      edges: [],
    }
    const result = renameNode(definition, 'a', 'z')
    expect(result.ok && result.definition.nodes[2]).toEqual({ key: 'c', kind: 'job', jobId: 3, param: '${nodes.ab.output}/${nodes.z.output}' })
  })

  it('refuses a key the core would refuse and one another node has', () => {
    expect(renameNode(etl(), 'extract', 'Fetch')).toEqual({ ok: false, reason: 'pattern' })
    expect(renameNode(etl(), 'extract', '')).toEqual({ ok: false, reason: 'pattern' })
    expect(renameNode(etl(), 'extract', 'load')).toEqual({ ok: false, reason: 'taken' })
    expect(renameNode(etl(), 'extract', 'extract')).toEqual({ ok: true, definition: etl() })
  })
})

describe('updateNode', () => {
  it('changes the fields given and drops those set to undefined', () => {
    const definition = updateNode(etl(), 'transform', { triggerRule: 'all_done', param: undefined })
    expect(definition.nodes[1]).toEqual({ key: 'transform', kind: 'job', jobId: 2, triggerRule: 'all_done' })
  })
})

describe('references', () => {
  it('points out uses of nodes that do not run before the node', () => {
    expect(misplacedReferences(etl(), 'load')).toEqual([])
    expect(misplacedReferences(unlinkNodes(etl(), 'extract', 'transform'), 'load')).toEqual(['extract'])
    expect(misplacedReferences(removeNode(etl(), 'transform'), 'load')).toEqual(['transform', 'extract'])
  })

  it("says where a JSON parameter puts a reference in a key, as the core's coded message naming the node", () => {
    const keyed = updateNode(etl(), 'load', { param: '{"url":"http://h/","${nodes.extract.output}":1}' })
    expect(paramProblems(keyed, 'load')).toMatchObject([{ code: 'flow.referenceAsKey', params: { node: 'load', ref: '${nodes.extract.output}', offset: 21 } }])
    expect(paramProblems(updateNode(etl(), 'load', { param: '{"url":"http://h/?q=${nodes.extract.output}"}' }), 'load')).toEqual([])
    expect(paramProblems(etl(), 'load')).toEqual([])
  })

  it('tells a reference that is none, and text that a handler reading a request would parse, as the core does', () => {
    const typo = updateNode(etl(), 'load', { param: '${nodes.extract}' })
    expect(paramProblems(typo, 'load')).toMatchObject([{ code: 'flow.unknownReference', params: { ref: '${nodes.extract}' } }])
    expect(paramProblems(etl(), 'load', true)).toMatchObject([
      { code: 'flow.referenceInTextRequest', params: { node: 'load', ref: '${nodes.transform.output}', offset: 1 } },
    ])
  })

  it('marks every node whose parameter the core would refuse, and no other', () => {
    expect(nodesWithProblems(etl())).toEqual(new Set())
    expect(nodesWithProblems(unlinkNodes(etl(), 'extract', 'transform'))).toEqual(new Set(['transform', 'load']))
  })
})

describe('the draft and the wire', () => {
  it('starts a new flow with no id, and sends a stored flow’s edits with its id', () => {
    expect(flowInputOf(newFlowDraft('UTC'))).not.toHaveProperty('id')
    const flow = {
      ...newFlowDraft('UTC'),
      id: 9,
      name: 'etl',
      ...etl(),
      triggerStatus: 0,
      triggerNextTimeMs: 0,
      triggerLastTimeMs: 0,
      addTimeMs: 1,
      updateTimeMs: 2,
    } as Flow
    const input = flowInputOf(draftOfFlow(flow))
    expect(input).toMatchObject({ id: 9, name: 'etl', nodes: etl().nodes })
    expect(input).not.toHaveProperty('triggerStatus')
  })

  it('keeps a flow’s typed parameters through an edit, and adds none to a flow without', () => {
    const params = [{ name: 'day', type: 'date' as const, required: false, default: null, enum: [], pattern: '', description: '' }]
    const stored = { triggerStatus: 0, triggerNextTimeMs: 0, triggerLastTimeMs: 0, addTimeMs: 1, updateTimeMs: 2 }
    const flow = { ...newFlowDraft('UTC'), id: 3, name: 'typed', ...etl(), ...stored, params, paramFormat: 'kv' as const } as Flow
    expect(flowInputOf(draftOfFlow(flow))).toMatchObject({ params, paramFormat: 'kv' })
    expect(flowInputOf(draftOfFlow({ ...flow, params: undefined, paramFormat: undefined }))).not.toHaveProperty('params')
  })
})
