import { beforeEach, describe, expect, it } from 'vitest'
import { useDefinitionWorld } from '../../../../test/support/definition-world'
import type { DefinitionSource } from '../../../shared/definition-plan'

/**
 * A job file's capacity fields (`pools`, `priority`, `maxConcurrent`: docs/capacity.md) against a
 * real SQLite store: applied, then no change on a second apply, exported as written, changed field
 * by field, and a pool the server does not have refused.
 */
const NOW_MS = Date.UTC(2026, 0, 5, 12)

const world = useDefinitionWorld('jobdesk-pool-definitions-', NOW_MS, ['batch'])
beforeEach(async () => {
  await world.store.pools.insert({ name: 'oracle', slots: 3, description: '', updatedAtMs: NOW_MS, updatedBy: 'admin' })
  await world.store.pools.insert({ name: 'etl', slots: 2, description: '', updatedAtMs: NOW_MS, updatedBy: 'admin' })
})

const settle = {
  kind: 'Job',
  name: 'settle',
  group: 'batch',
  handler: 'settleHandler',
  pools: [{ name: 'oracle', slots: 2 }, { name: 'etl' }],
  priority: 'HIGH',
  maxConcurrent: 2,
}
const sources = (docs: object[]): DefinitionSource[] => docs.map((document, i) => ({ file: `defs/${i}.yaml`, document }))
const apply = (docs: object[], dryRun = false) => world.service.apply({ sources: sources(docs), dryRun, prune: 'none' })

describe('capacity fields in job files', () => {
  it('applies pools, a priority by name and maxConcurrent; a second apply changes nothing; the export writes them back', async () => {
    expect(await apply([settle])).toMatchObject({ applied: true })
    const [job] = await world.store.jobs.list()
    expect([job.pools, job.priority, job.maxConcurrent]).toEqual([
      [
        { name: 'oracle', slots: 2 },
        { name: 'etl', slots: 1 },
      ],
      3,
      2,
    ])
    expect(await apply([settle])).toEqual({ changes: [], unchanged: 1, applied: false })
    expect((await world.service.export()).find((d) => d.kind === 'Job')).toMatchObject({
      pools: [{ name: 'oracle', slots: 2 }, { name: 'etl' }],
      priority: 3,
      maxConcurrent: 2,
    })

    const plan = await apply([{ ...settle, pools: [{ name: 'oracle', slots: 2 }], priority: 'NORMAL', maxConcurrent: undefined }], true)
    expect(plan.changes.map((c) => c.fields)).toEqual([['pools', 'priority', 'maxConcurrent']])
  })

  it("keeps a flow node's pools and priority, in place of its job's, through apply, a second apply and export", async () => {
    const nightly = {
      kind: 'Flow',
      name: 'nightly',
      group: 'batch',
      nodes: [{ key: 'settle', job: 'settle', pools: [{ name: 'etl', slots: 2 }], priority: 'LOWEST' }],
    }
    expect(await apply([settle, nightly])).toMatchObject({ applied: true })
    const [flow] = await world.store.flows.all()
    expect(flow.nodes[0]).toMatchObject({ pools: [{ name: 'etl', slots: 2 }], priority: 9 })
    expect(await apply([settle, nightly])).toEqual({ changes: [], unchanged: 2, applied: false })
    expect((await world.service.export()).find((d) => d.kind === 'Flow')).toMatchObject({
      nodes: [{ key: 'settle', pools: [{ name: 'etl', slots: 2 }], priority: 9 }],
    })
  })

  it('makes kind: Pool documents before the jobs that name them, updates them field by field and exports them first', async () => {
    const llm = { kind: 'Pool', name: 'llm-quota', slots: 4, description: 'tokens a minute' }
    const summarize = { ...settle, name: 'summarize', pools: [{ name: 'llm-quota' }] }
    const dry = await apply([summarize, llm], true)
    expect(dry.changes.map((c) => `${c.action} ${c.kind} ${c.key}`)).toEqual(['create Pool llm-quota', 'create Job batch/summarize'])
    expect(await apply([summarize, llm])).toMatchObject({ applied: true })
    expect(await world.store.pools.get('llm-quota')).toMatchObject({ slots: 4, description: 'tokens a minute', updatedBy: 'definitions' })
    expect((await world.store.origins.all()).find((o) => o.kind === 'Pool')).toMatchObject({ key: 'llm-quota', file: 'defs/1.yaml' })
    expect(await apply([summarize, llm])).toEqual({ changes: [], unchanged: 2, applied: false })
    const grown = await apply([summarize, { ...llm, slots: 6 }])
    expect(grown.changes.map((c) => `${c.action} ${c.kind} ${c.key}: ${c.fields.join(', ')}`)).toEqual(['update Pool llm-quota: slots'])
    const exported = await world.service.export()
    expect(exported.slice(0, 3)).toEqual([
      { kind: 'Pool', name: 'etl', slots: 2 },
      { kind: 'Pool', name: 'llm-quota', slots: 6, description: 'tokens a minute' },
      { kind: 'Pool', name: 'oracle', slots: 3 },
    ])
  })

  it('refuses a job naming a pool the server does not have', async () => {
    const plan = apply([{ ...settle, pools: [{ name: 'nope' }] }])
    await expect(plan).rejects.toThrow("pool 'nope' does not exist")
    expect(await world.store.jobs.list()).toEqual([])
  })
})
