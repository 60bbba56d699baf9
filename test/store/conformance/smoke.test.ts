import { expect, it } from 'vitest'
import { addGroup, addJob, storeSuite } from './store-fixture'

storeSuite('smoke', (f) => {
  it('opens, writes and reads', async () => {
    const group = await addGroup(f.store)
    const id = await addJob(f.store, group, { name: 'a' })
    expect((await f.store.jobs.get(id))?.name).toBe('a')
    expect(await f.store.jobs.counts()).toEqual({ total: 1, active: 0 })
  })
})
