import { expect, it } from 'vitest'
import { openStore } from '../../../src/main/store/open-store'
import type { NewRun } from '../../../src/main/domain/runs'
import type { NewUser } from '../../../src/main/store/user-repo'
import { newRun } from '../../support/new-run'
import { addGroup, addJob, storeSuite, T0 } from './store-fixture'

/**
 * An id names a job, group, user or run for good: runs, GLUE versions, tokens and log files are
 * keyed by it, so a row created after the newest one was deleted must get an id of its own (before
 * schema 11, SQLite gave the deleted id again and the new job showed the old one's runs).
 */
const run = (jobGroup: number, jobId: number): NewRun => newRun({ jobGroup, jobId, triggerTimeMs: T0 })

const user = (name: string): NewUser => ({ name, passwordHash: 'scrypt$1', role: 'operator', groupIds: [], mustChangePassword: false })

storeSuite('ids are not given twice', (f) => {
  it('a job created after the newest was deleted gets a new id and none of its runs or GLUE versions', async () => {
    const group = await addGroup(f.store)
    await addJob(f.store, group, { name: 'older' })
    const newest = await addJob(f.store, group, { name: 'newest' })
    await f.store.runs.insert(run(group, newest))
    await f.store.glue.add(newest, 'GLUE_SHELL', 'echo old', 'v1', T0)
    expect(await f.store.jobs.delete(newest)).toBe(true)

    const next = await addJob(f.store, group, { name: 'next' })
    expect(next).toBeGreaterThan(newest)
    expect(await f.store.runs.list({ jobId: next })).toEqual([])
    expect(await f.store.glue.list(next)).toEqual([])
  })

  it('a group created after the newest was deleted gets a new id and none of its runs', async () => {
    await addGroup(f.store, 'older-app')
    const newest = await addGroup(f.store, 'newest-app')
    await f.store.runs.insert(run(newest, 1))
    expect(await f.store.groups.delete(newest)).toBe(true)

    const next = await addGroup(f.store, 'next-app')
    expect(next).toBeGreaterThan(newest)
    expect(await f.store.runs.list({ jobGroup: next })).toEqual([])
  })

  it('a user created after the newest was deleted gets a new id and none of its API tokens', async () => {
    await f.store.users.insert(user('older'), T0)
    const newest = (await f.store.users.insert(user('newest'), T0))!
    const token = {
      tokenHash: 'b'.repeat(64),
      name: 'ci',
      userId: newest,
      owner: 'newest',
      role: 'operator' as const,
      groupIds: [],
      expiresAtMs: 0,
      scope: 'openapi' as const,
      mode: null,
    }
    await f.store.apiTokens.insert(token, T0)
    await f.store.users.delete(newest)

    const next = (await f.store.users.insert(user('next'), T0))!
    expect(next).toBeGreaterThan(newest)
    expect(await f.store.apiTokens.list(next)).toEqual([])
  })

  it('a run written after the newest was deleted gets a new id (its log file and the executor key on it)', async () => {
    const group = await addGroup(f.store)
    const job = await addJob(f.store, group)
    await f.store.runs.insert(run(group, job))
    const newest = (await f.store.runs.insert(run(group, job)))!
    expect(await f.store.runs.deleteByIds([newest])).toBe(1)

    const next = (await f.store.runs.insert(run(group, job)))!
    expect(next).toBeGreaterThan(newest)
  })

  it('keeps giving new ids to a store opened again (a restarted node)', async () => {
    const group = await addGroup(f.store)
    const newest = await addJob(f.store, group)
    await f.store.jobs.delete(newest)
    await f.store.close()
    f.store = await openStore(f.database.url)
    expect(await addJob(f.store, group)).toBeGreaterThan(newest)
  })
})
