import { expect, it } from 'vitest'
import { jobOriginKey, type DefinitionOrigin } from '../../../src/shared/definition-origin'
import { storeSuite, T0 } from './store-fixture'

const origin = (kind: DefinitionOrigin['kind'], key: string, file = 'jobs/billing.yaml', appliedAtMs = T0): DefinitionOrigin => ({
  kind,
  key,
  file,
  appliedAtMs,
})

storeSuite('definition origins (what jobdesk apply wrote from which file)', (f) => {
  it('records an origin, and an object applied again takes the new file and time', async () => {
    await f.store.origins.set(origin('Job', jobOriginKey('billing', 'nightly')))
    expect(await f.store.origins.all()).toEqual([{ kind: 'Job', key: 'billing/nightly', file: 'jobs/billing.yaml', appliedAtMs: T0 }])
    await f.store.origins.set(origin('Job', 'billing/nightly', 'jobs/moved/billing.yml', T0 + 60_000))
    expect(await f.store.origins.all()).toEqual([{ kind: 'Job', key: 'billing/nightly', file: 'jobs/moved/billing.yml', appliedAtMs: T0 + 60_000 }])
  })

  it('lists every origin by kind, then key, the same on every engine', async () => {
    // Keys a linguistic collation would order otherwise (case, accents): compared as stored.
    const keys = ['billing/nightly', 'billing/Nightly', 'billing/émile', 'billing/zeta', 'Billing/a']
    for (const key of keys) await f.store.origins.set(origin('Job', key))
    await f.store.origins.set(origin('Group', 'billing'))
    await f.store.origins.set(origin('Flow', 'month end'))
    await f.store.origins.set(origin('Group', 'Accounts'))
    // The same key under another kind is another origin.
    await f.store.origins.set(origin('Flow', 'billing', 'flows/billing.yaml'))
    expect((await f.store.origins.all()).map((o) => `${o.kind} ${o.key}`)).toEqual([
      'Flow billing',
      'Flow month end',
      'Group Accounts',
      'Group billing',
      'Job Billing/a',
      'Job billing/Nightly',
      'Job billing/nightly',
      'Job billing/zeta',
      'Job billing/émile',
    ])
    expect((await f.store.origins.all()).find((o) => o.kind === 'Flow' && o.key === 'billing')?.file).toBe('flows/billing.yaml')
  })

  it('deletes an origin once: true, then false; other kinds with the key stay', async () => {
    await f.store.origins.set(origin('Group', 'billing'))
    await f.store.origins.set(origin('Flow', 'billing'))
    expect(await f.store.origins.delete('Group', 'billing')).toBe(true)
    expect(await f.store.origins.delete('Group', 'billing')).toBe(false)
    expect(await f.store.origins.delete('Job', 'billing')).toBe(false)
    expect(await f.store.origins.all()).toEqual([origin('Flow', 'billing')])
  })

  it("moves an origin to an object's new key, keeping its file and time; never onto a key that has one", async () => {
    await f.store.origins.set(origin('Job', 'billing/nightly', 'jobs/a.yaml', T0 + 1))
    await f.store.origins.set(origin('Job', 'billing/weekly', 'jobs/b.yaml', T0 + 2))
    await f.store.origins.set(origin('Flow', 'billing/nightly', 'flows/c.yaml', T0 + 3))
    await f.store.origins.rename('Job', 'billing/nightly', 'billing/daily')
    expect(await f.store.origins.all()).toEqual([
      origin('Flow', 'billing/nightly', 'flows/c.yaml', T0 + 3),
      origin('Job', 'billing/daily', 'jobs/a.yaml', T0 + 1),
      origin('Job', 'billing/weekly', 'jobs/b.yaml', T0 + 2),
    ])
    // A key without an origin: nothing to move.
    await f.store.origins.rename('Job', 'billing/nightly', 'billing/hourly')
    await expect(f.store.origins.rename('Job', 'billing/daily', 'billing/weekly')).rejects.toThrow(/unique|duplicate/i)
    expect((await f.store.origins.all()).map((o) => `${o.kind} ${o.key} ${o.file}`)).toEqual([
      'Flow billing/nightly flows/c.yaml',
      'Job billing/daily jobs/a.yaml',
      'Job billing/weekly jobs/b.yaml',
    ])
  })

  it('keeps nothing of a transaction that throws', async () => {
    await f.store.origins.set(origin('Group', 'billing', 'jobs/groups.yaml'))
    await expect(
      f.store.transaction(async (tx) => {
        await tx.origins.set(origin('Job', 'billing/nightly'))
        await tx.origins.set(origin('Group', 'billing', 'jobs/other.yaml', T0 + 5))
        await tx.origins.rename('Group', 'billing', 'accounts')
        expect(await tx.origins.delete('Job', 'billing/nightly')).toBe(true)
        await tx.origins.set(origin('Flow', 'month end'))
        throw new Error('the apply failed half-way')
      }),
    ).rejects.toThrow('the apply failed half-way')
    expect(await f.store.origins.all()).toEqual([origin('Group', 'billing', 'jobs/groups.yaml')])
  })

  it('keeps unicode keys (also outside the BMP), the longest job key and a 1000-character file path as given', async () => {
    // The longest key apply writes, in characters: a 64-character app name, '/', a 100-character job name.
    const longest = jobOriginKey(`app-${'x'.repeat(60)}`, '日'.repeat(100))
    expect(longest).toHaveLength(165)
    const file = `jobs/${'répertoire-日本/'.repeat(70)}${'f'.repeat(10)}.yaml`
    expect(file).toHaveLength(1000)
    const origins = [
      origin('Flow', 'Monatsabschluss – Übersicht ✓', 'flows/übersicht.yaml'),
      origin('Flow', '月末の締め', file, T0 + 1),
      origin('Job', longest, file, T0 + 2),
      origin('Job', jobOriginKey('billing', 'nächtlich 🌙'), 'jobs/billing.yaml', T0 + 3),
    ]
    for (const o of origins) await f.store.origins.set(o)
    const all = await f.store.origins.all()
    expect(all).toHaveLength(origins.length)
    for (const o of origins) expect(all).toContainEqual(o)
    expect(await f.store.origins.delete('Job', longest)).toBe(true)
    expect(await f.store.origins.delete('Flow', '月末の締め')).toBe(true)
  })

  it('reads every group and flow origin and only the jobs asked for, by exact key', async () => {
    for (const key of ['billing/nightly', 'billing/Nightly', 'mail/digest']) await f.store.origins.set(origin('Job', key))
    await f.store.origins.set(origin('Group', 'billing'))
    await f.store.origins.set(origin('Flow', 'billing/nightly', 'flows/odd.yaml'))
    const read = async (keys: string[]) => (await f.store.origins.allBut('Job', keys)).map((o) => `${o.kind} ${o.key}`)
    expect(await read(['billing/nightly', 'gone/job'])).toEqual(['Flow billing/nightly', 'Group billing', 'Job billing/nightly'])
    expect(await read([]), 'no job asked: groups and flows only').toEqual(['Flow billing/nightly', 'Group billing'])
  })
})
