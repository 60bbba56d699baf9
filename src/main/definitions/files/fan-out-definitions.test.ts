import { describe, expect, it } from 'vitest'
import { useDefinitionWorld } from '../../../../test/support/definition-world'
import type { DefinitionSource } from '../../../shared/definition-plan'

/**
 * A kind: Flow file's fan-out fields (forEach, forEachConcurrency, forEachRule: docs/flows.md) against
 * a real SQLite store: applied, no change on a second apply, exported as written and applied again
 * to the same flow, changed field by field, and refused where a flow's rules refuse them.
 */
const NOW_MS = Date.UTC(2026, 0, 5, 12)

const world = useDefinitionWorld('jobdesk-fan-out-definitions-', NOW_MS, ['batch'])

const job = (name: string) => ({ kind: 'Job', name, group: 'batch', handler: `${name}Handler` })
const files = {
  kind: 'Flow',
  name: 'per-file',
  group: 'batch',
  nodes: [
    { key: 'list', job: 'list' },
    { key: 'each', job: 'load', param: '{"file": "${item}", "n": ${item.index}}', forEach: '${nodes.list.output}', forEachConcurrency: 5, forEachRule: 'any' },
    { key: 'plain', job: 'load', forEach: '["a", "b"]' },
  ],
  edges: [{ from: 'list', to: 'each' }],
}
const sources = (docs: object[]): DefinitionSource[] => docs.map((document, i) => ({ file: `defs/${i}.yaml`, document }))
const apply = (docs: object[], dryRun = false) => world.service.apply({ sources: sources(docs), dryRun, prune: 'none' })

describe('fan-out fields in flow files', () => {
  it('applies them, changes nothing on a second apply, exports them as written and the export applies as no change', async () => {
    const docs = [job('list'), job('load'), files]
    expect(await apply(docs)).toMatchObject({ applied: true })
    const [flow] = await world.store.flows.all()
    expect(flow.nodes[1]).toMatchObject({ forEach: '${nodes.list.output}', forEachConcurrency: 5, forEachRule: 'any', param: files.nodes[1].param })
    expect(flow.nodes[2]).toMatchObject({ forEach: '["a", "b"]' })
    expect(flow.nodes[2]).not.toHaveProperty('forEachConcurrency')
    expect(await apply(docs)).toEqual({ changes: [], unchanged: 3, applied: false })

    const exported = await world.service.export()
    expect(exported.find((d) => d.kind === 'Flow')).toMatchObject({
      nodes: [{ key: 'list' }, files.nodes[1], { key: 'plain', forEach: '["a", "b"]' }],
    })
    // The export also carries the group: every document of it is unchanged.
    expect(await apply(exported)).toEqual({ changes: [], unchanged: exported.length, applied: false })
  })

  it("names the node's field when a fan-out setting changes; the default concurrency and rule written out are no change", async () => {
    await apply([job('list'), job('load'), files])
    const withDefaults = { ...files, nodes: [files.nodes[0], files.nodes[1], { ...files.nodes[2], forEachConcurrency: 1, forEachRule: 'all' }] }
    expect((await apply([job('list'), job('load'), withDefaults], true)).changes).toEqual([])
    const wider = { ...files, nodes: [files.nodes[0], { ...files.nodes[1], forEachConcurrency: 8 }, files.nodes[2]] }
    const plan = await apply([job('list'), job('load'), wider], true)
    expect(plan.changes.map((c) => `${c.action} ${c.kind} ${c.key}: ${c.fields.join(', ')}`)).toEqual(['update Flow per-file: nodes[each].forEachConcurrency'])
  })

  it('refuses ${item} outside a fan-out node, a fan-out setting on an approval, and a list that is not one', async () => {
    const outside = { ...files, nodes: [{ key: 'list', job: 'list', param: '${item}' }] }
    await expect(apply([job('list'), outside])).rejects.toThrow("'${item}' names a fan-out's item")
    const approval = { ...files, nodes: [{ key: 'ok', kind: 'approval', forEach: '[1]' }] }
    await expect(apply([approval])).rejects.toThrow('an approval node has no forEach')
    const notList = { ...files, nodes: [{ key: 'list', job: 'list', forEach: 'a,b' }] }
    await expect(apply([job('list'), notList])).rejects.toThrow('forEach must be one reference alone')
    expect(await world.store.flows.all()).toEqual([])
  })
})
