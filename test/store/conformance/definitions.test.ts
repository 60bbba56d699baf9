import { expect, it } from 'vitest'
import { GLUE_VERSIONS_KEPT } from '../../../src/main/store/glue-repo'
import { addGroup, addJob, storeSuite, T0 } from './store-fixture'

const DAY = 86_400_000

storeSuite('definitions (groups, links, GLUE history, kept logs, reports)', (f) => {
  it('keeps groups by unique app name: insert, update, protocol generation once, delete', async () => {
    const id = await addGroup(f.store, 'billing')
    await expect(addGroup(f.store, 'billing')).rejects.toThrow(/unique|duplicate/i)
    // Two nodes creating the embedded group at once: one row.
    const other = await f.another()
    const group = { ...(await f.store.groups.get(id))!, appName: 'auto' }
    const { id: _, ...newGroup } = group
    await Promise.all([f.store.groups.insertIgnore(newGroup), other.groups.insertIgnore(newGroup)])
    expect((await f.store.groups.list()).map((g) => g.appName)).toEqual(['auto', 'billing'])
    await f.store.groups.update({
      ...(await f.store.groups.get(id))!,
      name: 'Billing ✓',
      addressType: 1,
      addressList: 'http://a/,http://b/',
      scriptsAllowed: true,
      updateTimeMs: T0 + 1,
    })
    await f.store.groups.setProtocolGeneration(id, 'xxl-3')
    await f.store.groups.setProtocolGeneration(id, 'xxl-2')
    expect(await f.store.groups.findByAppName('billing')).toEqual({
      id,
      appName: 'billing',
      name: 'Billing ✓',
      addressType: 1,
      addressList: 'http://a/,http://b/',
      accessToken: '',
      protocolGeneration: 'xxl-3',
      autoCreated: false,
      scriptsAllowed: true,
      updateTimeMs: T0 + 1,
    })
    await f.store.groups.setAddressList(id, 'http://c/', T0 + 2)
    expect(await f.store.groups.get(id)).toMatchObject({ addressList: 'http://c/', updateTimeMs: T0 + 2 })
    expect(await f.store.groups.findByAppName('BILLING')).toBeUndefined()
    const auto = (await f.store.groups.findByAppName('auto'))!.id
    expect(await f.store.transaction((tx) => tx.groups.delete(auto))).toBe(true)
    expect(await f.store.groups.delete(auto)).toBe(false)
    expect((await other.groups.list()).map((g) => g.id)).toEqual([id])
  })

  it("keeps child-job links with their conditions and the parent's XXL-JOB child id list in step", async () => {
    const group = await addGroup(f.store)
    const [parent, a, b, c] = [await addJob(f.store, group), await addJob(f.store, group), await addJob(f.store, group), await addJob(f.store, group)]
    const before = (await f.store.versions.current()).links
    await f.store.transaction(async (tx) => {
      await tx.links.set({ parentJobId: parent, childJobId: c, condition: 'SUCCESS' }, T0)
      await tx.links.set({ parentJobId: parent, childJobId: a, condition: 'SUCCESS' }, T0)
      await tx.links.set({ parentJobId: parent, childJobId: b, condition: 'FAILURE' }, T0)
    })
    expect((await f.store.jobs.get(parent))?.childJobIds).toEqual([a, c])
    // A re-save keeps the time the link was made; a changed condition makes it anew.
    await f.store.links.set({ parentJobId: parent, childJobId: a, condition: 'SUCCESS' }, T0 + 5)
    await f.store.links.set({ parentJobId: parent, childJobId: c, condition: 'ALWAYS' }, T0 + 9)
    expect((await f.store.links.allMade()).map((l) => [l.childJobId, l.madeAtMs])).toEqual([
      [a, T0],
      [b, T0],
      [c, T0 + 9],
    ])
    expect(await f.store.links.all()).toEqual([
      { parentJobId: parent, childJobId: a, condition: 'SUCCESS' },
      { parentJobId: parent, childJobId: b, condition: 'FAILURE' },
      { parentJobId: parent, childJobId: c, condition: 'ALWAYS' },
    ])
    expect((await f.store.jobs.get(parent))?.childJobIds).toEqual([a])
    expect(await f.store.links.delete(parent, b)).toBe(true)
    expect(await f.store.links.delete(parent, b)).toBe(false)
    await f.store.links.deleteForJob(a)
    expect(await f.store.links.all()).toEqual([{ parentJobId: parent, childJobId: c, condition: 'ALWAYS' }])
    expect((await f.store.jobs.get(parent))?.childJobIds).toEqual([])
    expect((await f.store.versions.current()).links).toBeGreaterThanOrEqual(before + 7)
  })

  it('keeps the newest GLUE versions of a job, newest first', async () => {
    for (let i = 0; i < GLUE_VERSIONS_KEPT + 2; i++) await f.store.glue.add(1, 'GLUE_SHELL', `echo ${i} 'ü' "$@"`, `v${i}`, T0 + i)
    await f.store.glue.add(2, 'GLUE_PYTHON', 'print(1)', 'other', T0)
    const kept = await f.store.glue.list(1)
    expect(kept).toHaveLength(GLUE_VERSIONS_KEPT)
    expect(kept[0]).toMatchObject({
      glueType: 'GLUE_SHELL',
      glueSource: `echo ${GLUE_VERSIONS_KEPT + 1} 'ü' "$@"`,
      glueRemark: `v${GLUE_VERSIONS_KEPT + 1}`,
      addTimeMs: T0 + GLUE_VERSIONS_KEPT + 1,
    })
    expect(kept.at(-1)?.glueRemark).toBe('v2')
    await f.store.glue.deleteForJob(1)
    expect(await f.store.glue.list(1)).toEqual([])
    expect(await f.store.glue.list(2)).toHaveLength(1)
  })

  it("grows a LAN run's kept log only by the lines that follow it, racing pulls adding them once", async () => {
    expect(await f.store.logTexts.append(1, 1, 2, 'a\nb\n')).toBe(true)
    expect(await f.store.logTexts.append(1, 1, 2, 'x\ny\n')).toBe(false)
    expect(await f.store.logTexts.append(1, 4, 4, 'gap\n')).toBe(false)
    const other = await f.another()
    const racing = await Promise.all([f.store.logTexts.append(1, 3, 3, 'c ✓\n'), other.logTexts.append(1, 3, 3, 'c ✓\n')])
    expect(racing.filter(Boolean)).toHaveLength(1)
    expect(await f.store.logTexts.get(1)).toEqual({ text: 'a\nb\nc ✓\n', lineCount: 3, complete: false })
    await f.store.logTexts.markComplete(1)
    expect(await f.store.logTexts.append(1, 4, 4, 'late\n')).toBe(false)
    await f.store.logTexts.set(2, 'whole\nlog')
    expect(await f.store.logTexts.get(2)).toEqual({ text: 'whole\nlog', lineCount: 2, complete: true })
    await f.store.logTexts.set(2, 'again\n')
    expect(await f.store.logTexts.get(2)).toEqual({ text: 'again\n', lineCount: 1, complete: true })
    expect(await f.store.logTexts.append(3, 1, 1, '')).toBe(false)
  })

  it('counts a day of runs into its report row, recounting it in place', async () => {
    const base = {
      jobGroup: 1,
      jobId: 1,
      executorHandler: 'h',
      executorParam: '',
      executorShardingParam: '',
      executorFailRetryCount: 0,
      triggerType: 'MANUAL' as const,
      scheduleTimeMs: null,
      parentLogId: null,
    }
    const ok = (await f.store.runs.insert({ ...base, triggerTimeMs: T0 + 1 }))!
    const bad = (await f.store.runs.insert({ ...base, triggerTimeMs: T0 + 2 }))!
    const unfinished = (await f.store.runs.insert({ ...base, triggerTimeMs: T0 + 3 }))!
    await f.store.runs.insert({ ...base, triggerTimeMs: T0 + DAY })
    await f.store.runs.complete([
      { logId: ok, handleCode: 200, handleMsg: '', handleTimeMs: T0 },
      { logId: bad, handleCode: 500, handleMsg: '', handleTimeMs: T0 },
    ])
    expect(await f.store.reports.refreshDay(T0, T0 + DAY, T0 + 10)).toEqual({ triggerDayMs: T0, runningCount: 1, sucCount: 1, failCount: 1 })
    expect(await f.store.reports.refreshDay(T0 + DAY, T0 + 2 * DAY, T0 + 10)).toEqual({ triggerDayMs: T0 + DAY, runningCount: 1, sucCount: 0, failCount: 0 })
    expect(await f.store.reports.refreshDay(T0 + 2 * DAY, T0 + 3 * DAY, T0 + 10)).toEqual({
      triggerDayMs: T0 + 2 * DAY,
      runningCount: 0,
      sucCount: 0,
      failCount: 0,
    })
    await f.store.runs.complete([{ logId: unfinished, handleCode: 200, handleMsg: '', handleTimeMs: T0 }])
    await f.store.reports.refreshDay(T0, T0 + DAY, T0 + 20)
    expect(await f.store.reports.range(T0, T0 + DAY)).toEqual([
      { triggerDayMs: T0, runningCount: 0, sucCount: 2, failCount: 1 },
      { triggerDayMs: T0 + DAY, runningCount: 1, sucCount: 0, failCount: 0 },
    ])
  })
})
