import { describe, expect, it } from 'vitest'
import { useDefinitionWorld } from '../../../../test/support/definition-world'
import type { DefinitionSource } from '../../../shared/definition-plan'
import { ValidationError } from '../../../shared/errors'

/**
 * kind: Flow files carry switch nodes (cases as written) and subflow nodes naming their flow by
 * name: an apply writes a child flow before the parent that names it, whatever the files' order;
 * export gives the same documents back; a plan of the same files changes nothing, and one that
 * changes a case or the child is an update of the flow's nodes.
 */
const NOW_MS = Date.UTC(2026, 11, 1, 12)

const world = useDefinitionWorld('jobdesk-branch-definitions-', NOW_MS, ['etl-app'])

const job = { kind: 'Job', name: 'load', group: 'etl-app', handler: 'loadHandler' }
const child = { kind: 'Flow', name: 'nightly-load', group: 'etl-app', nodes: [{ key: 'load', job: 'load', param: '${flow.param}' }] }
const parent = {
  kind: 'Flow',
  name: 'month-end',
  group: 'etl-app',
  nodes: [
    { key: 'check', job: 'load' },
    {
      key: 'route',
      kind: 'switch',
      cases: [
        { when: { value: '${nodes.check.output}', equals: 'full' }, to: 'full' },
        { when: { value: '${nodes.check.output}', gt: 10 }, to: 'full' },
      ],
      default: 'skip-day',
    },
    { key: 'full', kind: 'subflow', flow: 'nightly-load', param: '${nodes.check.output}', rule: 'all_done' },
    { key: 'skip-day', kind: 'approval', prompt: 'nothing to load?' },
  ],
  edges: [
    { from: 'check', to: 'route' },
    { from: 'route', to: 'full' },
    { from: 'route', to: 'skip-day' },
  ],
}

const sources = (...docs: object[]): DefinitionSource[] => docs.map((document, i) => ({ file: `flows/${i}.yaml`, document }))
const apply = (docs: object[], dryRun = false) => world.service.apply({ sources: sources(...docs), dryRun, prune: 'none' })

describe('switch and subflow nodes in definition files', () => {
  it('apply a child flow before the parent naming it, export the same documents back, and plan no change after', async () => {
    const applied = await apply([job, parent, child])
    expect(applied.changes.map((c) => `${c.action} ${c.kind} ${c.key}`)).toEqual([
      'create Job etl-app/load',
      'create Flow month-end',
      'create Flow nightly-load',
    ])
    const [saved, savedChild] = [await world.store.flows.getByName('month-end'), await world.store.flows.getByName('nightly-load')]
    expect(saved!.nodes.find((n) => n.key === 'full')).toEqual({
      kind: 'subflow',
      key: 'full',
      flowId: savedChild!.id,
      param: '${nodes.check.output}',
      triggerRule: 'all_done',
    })
    expect(saved!.nodes.find((n) => n.key === 'route')).toMatchObject({ kind: 'switch', cases: parent.nodes[1].cases, default: 'skip-day' })

    const exported = await world.service.export()
    expect(exported.find((d) => d.kind === 'Flow' && d.name === 'month-end')).toEqual(parent)
    expect(exported.find((d) => d.kind === 'Flow' && d.name === 'nightly-load')).toEqual(child)
    expect(await apply(exported, true)).toMatchObject({ changes: [], applied: false })
  })

  it('plan a changed case or a changed child flow as an update of that node, with its values', async () => {
    const other = { ...child, name: 'weekly-load' }
    await apply([job, child, other, parent])
    const nodes = parent.nodes.map((n) => (n.key === 'full' ? { ...n, flow: 'weekly-load' } : n))
    const plan = await apply([job, child, other, { ...parent, nodes }], true)
    expect(plan.changes.map((c) => [c.action, c.key, c.fields])).toEqual([['update', 'month-end', ['nodes[full].flow']]])
    expect(plan.changes[0].values).toEqual([{ field: 'nodes[full].flow', before: "'nightly-load'", after: "'weekly-load'" }])
    const cases = parent.nodes.map((n) => (n.key === 'route' ? { ...n, cases: [{ when: { value: '${nodes.check.output}', lt: 3 }, to: 'full' }] } : n))
    expect((await apply([job, child, other, { ...parent, nodes: cases }], true)).changes.map((c) => c.fields)).toEqual([['nodes[route].cases']])
  })

  it('refuse to prune a flow a staying flow runs as a sub-flow, and prune it once nothing names it', async () => {
    await apply([job, child, parent])
    const refused = await world.service.apply({ sources: sources(job, parent), dryRun: false, prune: 'files' }).catch((e: unknown) => e)
    expect((refused as ValidationError).problems.map((p) => p.message)).toEqual([
      "Flow nightly-load is not in the files, but flow 'month-end' runs it as a sub-flow: it is not pruned until that is gone too",
    ])
    const plain = { ...parent, nodes: [{ key: 'check', job: 'load' }], edges: [] }
    const pruned = await world.service.apply({ sources: sources(job, plain), dryRun: false, prune: 'files' })
    expect(pruned.changes.map((c) => `${c.action} ${c.key}`)).toEqual(['update month-end', 'delete nightly-load'])
  })

  it('refuse a subflow naming a flow neither the files nor the server has, a cycle, and a field of another kind', async () => {
    const missing = await apply([job, parent]).catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(ValidationError)
    expect((missing as ValidationError).problems.map((p) => `${p.field}: ${p.code}`)).toEqual(['sources[1].document.nodes[2].flow: flow.subflowRefNotFound'])

    const loop = { ...child, nodes: [{ key: 'back', kind: 'subflow', flow: 'month-end' }] }
    const cycle = await apply([job, parent, loop]).catch((e: unknown) => e)
    expect((cycle as ValidationError).problems.map((p) => p.code)).toEqual(['flow.subflowCycle', 'flow.subflowCycle'])

    const mixed = await apply([job, { ...child, nodes: [{ key: 'x', kind: 'subflow', flow: 'nightly-load', job: 'load' }] }]).catch((e: unknown) => e)
    expect((mixed as ValidationError).problems.map((p) => `${p.field}: ${p.code}`)).toEqual(['sources[1].document.nodes[0].job: definitions.notForNodeKind'])
    expect(await world.store.flows.all()).toEqual([])
  })
})
