import { expect, it } from 'vitest'
import { addGroup, addJob, storeSuite } from './store-fixture'

storeSuite("a job's env", (f) => {
  it('keeps the references as written, and absent stays absent', async () => {
    const group = await addGroup(f.store)
    const withEnv = await addJob(f.store, group, { env: { DB_PASS: 'secrets.oracle_pw', API_KEY: 'secrets.key' } })
    const without = await addJob(f.store, group, { name: 'plain' })
    expect((await f.store.jobs.get(withEnv))?.env).toEqual({ DB_PASS: 'secrets.oracle_pw', API_KEY: 'secrets.key' })
    expect((await f.store.jobs.get(without))?.env).toBeUndefined()
    const job = (await f.store.jobs.get(withEnv))!
    await f.store.jobs.update({ ...job, env: {} })
    expect((await f.store.jobs.get(withEnv))?.env).toBeUndefined()
  })
})
