import { expect, it } from 'vitest'
import type { Repos } from '../../../src/main/store/store'
import { addGroup, addJob, overlapping, storeSuite } from './store-fixture'

storeSuite('transactions', (f) => {
  it('writes everything or nothing: a failing unit of work leaves no row behind', async () => {
    const group = await addGroup(f.store)
    await expect(
      f.store.transaction(async (tx) => {
        await addJob(tx, group, { name: 'lost' })
        await tx.settings.set('lost', true)
        throw new Error('the work failed half-way')
      }),
    ).rejects.toThrow('the work failed half-way')
    expect(await f.store.jobs.list()).toEqual([])
    expect(await f.store.settings.get('lost')).toBeUndefined()
    expect(await f.store.versions.current()).toEqual({ jobs: 0, links: 0, settings: 0 })
    const kept = await f.store.transaction((tx) => addJob(tx, group, { name: 'kept' }))
    expect((await f.store.jobs.get(kept))?.name).toBe('kept')
  })

  it("refuses a transaction's repositories once it ended, a nested transaction, and an outside call from its work", async () => {
    let leaked: Repos | null = null
    await f.store.transaction(async (tx) => {
      leaked = tx
      await expect(f.store.transaction(async () => {})).rejects.toThrow(/outside the transaction was made from inside it/)
      await expect(f.store.settings.get('x')).rejects.toThrow(/use the transaction's repositories/)
    })
    await expect(leaked!.settings.get('x')).rejects.toThrow(/used after the transaction ended/)
    // The store is fine afterwards.
    await f.store.settings.set('x', 1)
    expect(await f.store.settings.get('x')).toBe(1)
  })

  it('retries the work of a transaction the server broke off to end a deadlock: both units land', async () => {
    await f.store.routes.reserveSequence(1, 1, 0)
    await f.store.routes.reserveSequence(2, 1, 0)
    let attempts = 0
    // Opposite lock orders: each holds one row and then asks for the other's.
    const lock = (firstJob: number, secondJob: number) => async (tx: Repos, meet: () => Promise<void>) => {
      attempts++
      await tx.routes.reserveSequence(firstJob, 1, 0)
      await meet()
      return tx.routes.reserveSequence(secondJob, 1, 0)
    }
    await overlapping(f, lock(1, 2), lock(2, 1))
    // Each sequence was advanced once by each unit.
    expect(await f.store.routes.reserveSequence(1, 1, 0)).toBe(3)
    expect(await f.store.routes.reserveSequence(2, 1, 0)).toBe(3)
    expect(attempts).toBe(f.engine === 'sqlite' ? 2 : 3)
  })
})
