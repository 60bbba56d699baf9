import { describe, expect, it } from 'vitest'
import { useDefinitionWorld } from '../../../../test/support/definition-world'
import type { DefinitionSource } from '../../../shared/definition-plan'

/**
 * Typed parameters in kind: Job and kind: Flow files (docs/parameters.md) against a real SQLite
 * store: applied with their defaults filled in, no change on a second apply, exported as written,
 * a changed declaration planned as a change of `params`, and a bad declaration refused by name.
 */
const NOW_MS = Date.UTC(2026, 0, 5, 12)

const world = useDefinitionWorld('jobdesk-param-definitions-', NOW_MS, ['batch'])

const report = {
  kind: 'Job',
  name: 'report',
  group: 'batch',
  handler: 'reportHandler',
  params: [
    { name: 'day', type: 'date', required: true, description: 'the business day' },
    { name: 'region', type: 'enum', enum: ['eu', 'us'], default: 'eu' },
    { name: 'limit', type: 'int', default: 100 },
  ],
  paramFormat: 'kv',
}
const sources = (docs: object[]): DefinitionSource[] => docs.map((document, i) => ({ file: `defs/${i}.yaml`, document }))
const apply = (docs: object[], dryRun = false) => world.service.apply({ sources: sources(docs), dryRun, prune: 'none' })

describe('typed parameters in definition files', () => {
  it("applies a job's params, a second apply changes nothing, the export writes them back as written", async () => {
    expect(await apply([report])).toMatchObject({ applied: true })
    const [job] = await world.store.jobs.list()
    expect(job.paramFormat).toBe('kv')
    expect(job.params?.[0]).toEqual({ name: 'day', type: 'date', required: true, default: null, enum: [], pattern: '', description: 'the business day' })
    expect(await apply([report])).toEqual({ changes: [], unchanged: 1, applied: false })
    const exported = (await world.service.export()).find((d) => d.kind === 'Job')
    expect(exported).toMatchObject({ params: report.params, paramFormat: 'kv' })

    const plan = await apply([{ ...report, params: report.params.slice(0, 2) }], true)
    expect(plan.changes.map((c) => c.fields)).toEqual([['params']])
  })

  it("keeps a flow's params through apply, a second apply and export", async () => {
    const nightly = {
      kind: 'Flow',
      name: 'nightly',
      group: 'batch',
      params: [{ name: 'day', type: 'date', default: '2026-01-01' }],
      nodes: [{ key: 'report', job: 'report', param: '${flow.param}' }],
    }
    const job = { ...report, params: [{ name: 'day', type: 'date' }] }
    expect(await apply([job, nightly])).toMatchObject({ applied: true })
    const [flow] = await world.store.flows.all()
    expect([flow.params?.[0].default, flow.paramFormat]).toEqual(['2026-01-01', 'json'])
    expect(await apply([job, nightly])).toEqual({ changes: [], unchanged: 2, applied: false })
    expect((await world.service.export()).find((d) => d.kind === 'Flow')).toMatchObject({ params: nightly.params })
  })

  it('refuses a declaration whose default is not of its type, naming the parameter', async () => {
    const bad = { ...report, params: [{ name: 'day', type: 'date', default: '2026-13-01' }] }
    await expect(apply([bad])).rejects.toThrow("day: '2026-13-01' is not a date (YYYY-MM-DD)")
    expect(await world.store.jobs.list()).toEqual([])
  })
})
