import { expect, it } from 'vitest'
import type { JobCursor, JobQuery } from '../../../src/shared/job-query'
import { addGroup, addJob, storeSuite } from './store-fixture'
import type { Store } from '../../../src/main/store/store'

/** Every page of `query` in turn, following its cursors (a bounded walk: at most 100 pages). */
async function allPages(store: Store, query: JobQuery): Promise<{ names: string[]; pages: number; totals: number[] }> {
  const names: string[] = []
  const totals: number[] = []
  let after: JobCursor | undefined
  let pages = 0
  for (; pages < 100;) {
    const page = await store.jobs.page({ ...query, after })
    pages++
    names.push(...page.jobs.map((j) => j.name))
    totals.push(page.total)
    if (!page.next) break
    after = page.next
  }
  return { names, pages, totals }
}

storeSuite('JobRepo pages', (f) => {
  it('walks every job once by id, name and next fire time, either way, with the same total on every page', async () => {
    const billing = await addGroup(f.store, 'billing')
    const mail = await addGroup(f.store, 'mail-app')
    // Names sort the same under every engine's collation: lower case ASCII, some equal next fire times.
    for (let i = 0; i < 23; i++) {
      await addJob(f.store, i % 2 === 0 ? billing : mail, {
        name: `job-${String(i).padStart(2, '0')}`,
        executorHandler: i % 3 === 0 ? 'reportHandler' : 'mailHandler',
      })
    }
    for (const job of await f.store.jobs.list()) {
      await f.store.jobs.setTrigger(job.id, job.id % 4 === 0 ? 0 : 1, 0, job.id % 4 === 0 ? 0 : 1_000 + (job.id % 5), 0)
    }
    const everyName = (await f.store.jobs.list()).map((j) => j.name)
    const byId = await allPages(f.store, { limit: 5 })
    expect(byId).toEqual({ names: everyName, pages: 5, totals: [23, 23, 23, 23, 23] })
    expect((await allPages(f.store, { limit: 5, descending: true })).names).toEqual([...everyName].reverse())
    expect((await allPages(f.store, { sort: 'name', limit: 4 })).names).toEqual([...everyName].sort())
    expect((await allPages(f.store, { sort: 'name', descending: true, limit: 4 })).names).toEqual([...everyName].sort().reverse())

    const jobs = await f.store.jobs.list()
    const byNext = [...jobs].sort((a, b) => a.triggerNextTimeMs - b.triggerNextTimeMs || a.id - b.id).map((j) => j.name)
    expect((await allPages(f.store, { sort: 'nextFire', limit: 3 })).names, 'ties on the next fire time broken by id, none lost').toEqual(byNext)
  })

  it('filters by group, status, schedule type, script type and text in name or handler, any case, wildcards literal', async () => {
    const billing = await addGroup(f.store, 'billing')
    const mail = await addGroup(f.store, 'mail-app')
    await addJob(f.store, billing, { name: 'Nightly Report', executorHandler: 'reportHandler' })
    await addJob(f.store, billing, { name: '100% done_check', executorHandler: 'checkHandler' })
    await addJob(f.store, mail, { name: 'send mail', executorHandler: 'mailHandler', scheduleType: 'FIX_RATE', scheduleConf: '60' })
    await addJob(f.store, mail, { name: 'cleanup', executorHandler: '', glueType: 'GLUE_SHELL', glueSource: 'echo report' })
    const [first] = await f.store.jobs.list()
    await f.store.jobs.setTrigger(first.id, 1, 0, 5_000, 0)
    const names = async (query: JobQuery) => {
      const page = await f.store.jobs.page(query)
      expect(page.total, JSON.stringify(query)).toBe(page.jobs.length)
      return page.jobs.map((j) => j.name)
    }
    expect(await names({ groupId: mail })).toEqual(['send mail', 'cleanup'])
    expect(await names({ status: 'running' })).toEqual(['Nightly Report'])
    expect(await names({ status: 'stopped', groupId: billing })).toEqual(['100% done_check'])
    expect(await names({ scheduleType: 'FIX_RATE' })).toEqual(['send mail'])
    expect(await names({ glueType: 'GLUE_SHELL' })).toEqual(['cleanup'])
    expect(await names({ text: 'REPORT' }), 'name or handler, any case (not the script)').toEqual(['Nightly Report'])
    expect(await names({ text: '% d' }), "'%' is a plain character").toEqual(['100% done_check'])
    expect(await names({ text: 'e_c' }), "'_' is a plain character").toEqual(['100% done_check'])
    expect(await names({ text: 'nothing like it' })).toEqual([])
    expect(await f.store.jobs.page({ text: 'handler', limit: 1 })).toMatchObject({ total: 3, jobs: [{ name: 'Nightly Report' }] })
  })

  it('finds jobs by a list of ids, and by an id typed as the text', async () => {
    const group = await addGroup(f.store, 'billing')
    for (const name of ['alpha', 'beta', 'gamma']) await addJob(f.store, group, { name, executorHandler: 'h' })
    const [alpha, , gamma] = await f.store.jobs.list()
    const page = await f.store.jobs.page({ ids: [gamma.id, alpha.id, 999_999] })
    expect(
      page.jobs.map((j) => j.name),
      'the ids that exist, in id order',
    ).toEqual(['alpha', 'gamma'])
    expect((await f.store.jobs.page({ ids: [] })).total, 'no ids: no jobs').toBe(0)
    expect((await f.store.jobs.page({ text: String(gamma.id) })).jobs.map((j) => j.name)).toContain('gamma')
    expect((await f.store.jobs.page({ text: `${gamma.id}x` })).jobs, 'not a whole number: names only').toEqual([])
  })
})
