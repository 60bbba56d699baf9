import { expect, it } from 'vitest'
import type { JobInfo } from '../../../src/shared/model'
import { addGroup, addJob, overlapping, storeSuite, T0 } from './store-fixture'

storeSuite('JobRepo', (f) => {
  it('stores every field of a job and reads it back as written', async () => {
    const group = await addGroup(f.store)
    const id = await addJob(f.store, group, {
      name: 'Nightly ünïcødé 日本',
      author: 'ops',
      alarmEmail: 'a@x.org,b@y.org',
      scheduleType: 'FIX_RATE',
      scheduleConf: '30',
      timezone: 'Europe/Berlin',
      calendar: 'de-banks',
      calendarRule: 'NON_BUSINESS_DAYS',
      calendarRoll: 'PREVIOUS',
      misfireStrategy: 'FIRE_ONCE_NOW',
      executorRouteStrategy: 'ROUND',
      executorHandler: 'demoJobHandler',
      executorParam: 'x'.repeat(2048),
      executorBlockStrategy: 'COVER_EARLY',
      executorTimeoutSec: 120,
      executorFailRetryCount: 3,
      retryBackoff: 'EXPONENTIAL',
      retryIntervalSec: 5,
      retryMaxIntervalSec: 600,
      alarmOnEveryFailure: true,
      glueType: 'GLUE_SHELL',
      glueSource: 'echo "it\'s $1" \\ ?'.repeat(1000),
      glueRemark: 'first',
    })
    const job = (await f.store.jobs.get(id))!
    const expected: Partial<JobInfo> = {
      id,
      jobGroup: group,
      name: 'Nightly ünïcødé 日本',
      alarmEmail: 'a@x.org,b@y.org',
      scheduleType: 'FIX_RATE',
      timezone: 'Europe/Berlin',
      calendar: 'de-banks',
      calendarRule: 'NON_BUSINESS_DAYS',
      calendarRoll: 'PREVIOUS',
      misfireStrategy: 'FIRE_ONCE_NOW',
      executorParam: 'x'.repeat(2048),
      executorTimeoutSec: 120,
      executorFailRetryCount: 3,
      retryBackoff: 'EXPONENTIAL',
      retryMaxIntervalSec: 600,
      alarmOnEveryFailure: true,
      glueType: 'GLUE_SHELL',
      glueSource: 'echo "it\'s $1" \\ ?'.repeat(1000),
      childJobIds: [],
      triggerStatus: 0,
      triggerNextTimeMs: 0,
      addTimeMs: T0,
      updateTimeMs: T0,
      glueUpdatetimeMs: T0,
    }
    expect(job).toMatchObject(expected)
    expect(typeof job.id).toBe('number')
    expect(typeof job.jobGroup).toBe('number')
  })

  it('reads many jobs by id in one call: those that exist, each as `get` reads it, past one statement’s worth of ids', async () => {
    const group = await addGroup(f.store)
    const ids: number[] = []
    for (let i = 0; i < 520; i++) ids.push(await addJob(f.store, group, { name: `many ${i}` }))
    const wanted = [...ids].reverse().concat(999_999)
    const jobs = await f.store.jobs.getMany(wanted)
    expect(jobs.map((job) => job.id).sort((a, b) => a - b)).toEqual(ids)
    expect(jobs.find((job) => job.id === ids[7])).toEqual(await f.store.jobs.get(ids[7]))
    expect(await f.store.jobs.getMany([])).toEqual([])
  })

  it('lists in id order, updates every column, deletes once', async () => {
    const group = await addGroup(f.store)
    const a = await addJob(f.store, group, { name: 'a' })
    const b = await addJob(f.store, group, { name: 'b' })
    expect((await f.store.jobs.list()).map((j) => j.id)).toEqual([a, b])
    const job = (await f.store.jobs.get(a))!
    await f.store.jobs.update({ ...job, name: 'a2', executorTimeoutSec: 9, childJobIds: [b], triggerLastTimeMs: T0 + 5, updateTimeMs: T0 + 6 })
    expect(await f.store.jobs.get(a)).toMatchObject({ name: 'a2', executorTimeoutSec: 9, childJobIds: [b], triggerLastTimeMs: T0 + 5, updateTimeMs: T0 + 6 })
    expect(await f.store.jobs.delete(a)).toBe(true)
    expect(await f.store.jobs.delete(a)).toBe(false)
    expect(await f.store.jobs.get(a)).toBeUndefined()
  })

  it('counts all and running jobs as numbers', async () => {
    expect(await f.store.jobs.counts()).toEqual({ total: 0, active: 0 })
    const group = await addGroup(f.store)
    await addJob(f.store, group)
    await addJob(f.store, group, {}, { nextMs: T0 + 1000 })
    await addJob(f.store, group, {}, { nextMs: T0 + 2000 })
    expect(await f.store.jobs.counts()).toEqual({ total: 3, active: 2 })
  })

  it('lists the next fires of running jobs, earliest first, up to the limit', async () => {
    const group = await addGroup(f.store)
    const late = await addJob(f.store, group, { name: 'late' }, { nextMs: T0 + 9000 })
    const early = await addJob(f.store, group, { name: 'early' }, { nextMs: T0 + 1000 })
    await addJob(f.store, group, { name: 'stopped' })
    await addJob(f.store, group, { name: 'third' }, { nextMs: T0 + 20_000 })
    expect(await f.store.jobs.nextFires(2)).toEqual([
      { jobId: early, jobName: 'early', atMs: T0 + 1000 },
      { jobId: late, jobName: 'late', atMs: T0 + 9000 },
    ])
  })

  it('finds due running jobs in next-time order, up to the limit', async () => {
    const group = await addGroup(f.store)
    const second = await addJob(f.store, group, { misfireStrategy: 'FIRE_ONCE_NOW' }, { nextMs: T0 + 2000, lastMs: T0 - 1000 })
    const first = await addJob(f.store, group, {}, { nextMs: T0 + 1000 })
    await addJob(f.store, group, {}, { nextMs: T0 + 60_000 })
    await addJob(f.store, group)
    const due = await f.store.jobs.findDue(T0 + 5000, 10)
    expect(due.map((j) => j.id)).toEqual([first, second])
    expect(due[1]).toEqual({
      id: second,
      jobGroup: group,
      scheduleType: 'CRON',
      scheduleConf: '0/2 * * * * ?',
      timezone: 'UTC',
      calendar: null,
      calendarRule: 'BUSINESS_DAYS',
      calendarRoll: 'SKIP',
      misfireStrategy: 'FIRE_ONCE_NOW',
      triggerLastTimeMs: T0 - 1000,
      triggerNextTimeMs: T0 + 2000,
      triggerHeldTimeMs: 0,
    })
    expect((await f.store.jobs.findDue(T0 + 5000, 1)).map((j) => j.id)).toEqual([first])
  })

  it('gives two scans running at once disjoint due jobs (SKIP LOCKED), together all of them', async () => {
    const group = await addGroup(f.store)
    const ids: number[] = []
    for (let i = 0; i < 10; i++) ids.push(await addJob(f.store, group, {}, { nextMs: T0 + i }))
    const scan = async (tx: Parameters<Parameters<typeof f.store.transaction>[0]>[0], meet: () => Promise<void>) => {
      const due = await tx.jobs.findDue(T0 + 100, 5)
      await meet()
      await tx.jobs.writeNextTimes(
        due.map((j) => ({ id: j.id, triggerStatus: 1, triggerLastTimeMs: j.triggerNextTimeMs, triggerNextTimeMs: T0 + 10_000, triggerHeldTimeMs: 0 })),
      )
      return due.map((j) => j.id)
    }
    const [a, b] = await overlapping(f, scan, scan)
    expect(a).toHaveLength(5)
    expect(b).toHaveLength(5)
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(ids)
  })

  it('locks the given jobs for a scan, telling the running ones apart and skipping rows another scan holds', async () => {
    const group = await addGroup(f.store)
    const running = await addJob(f.store, group, {}, { nextMs: T0 + 99_000 })
    const stopped = await addJob(f.store, group)
    const held = await addJob(f.store, group, {}, { nextMs: T0 + 99_000 })
    const alone = await f.store.transaction((tx) => tx.jobs.lockForScan([running, stopped, 12345]))
    expect(alone.running.map((j) => j.id)).toEqual([running])
    expect([...alone.locked]).toEqual([running, stopped])
    expect(await f.store.jobs.existing([running, stopped, 12345])).toEqual(new Set([running, stopped]))
    const [, seen] = await overlapping(
      f,
      async (tx, meet) => {
        await tx.jobs.lockForScan([held])
        await meet()
      },
      async (tx, meet) => {
        const jobs = await tx.jobs.lockForScan([running, held])
        await meet()
        return { running: jobs.running.map((j) => j.id), locked: [...jobs.locked] }
      },
    )
    const expected = f.engine === 'sqlite' ? [running, held] : [running]
    expect(seen).toEqual({ running: expected, locked: expected })
  })

  it('writes next times only to jobs still running, and stopping one raises the jobs version', async () => {
    const group = await addGroup(f.store)
    const a = await addJob(f.store, group, {}, { nextMs: T0 })
    const b = await addJob(f.store, group, {}, { nextMs: T0 })
    await f.store.jobs.setTrigger(b, 0, 0, 0, T0)
    const before = (await f.store.versions.current()).jobs
    await f.store.transaction((tx) =>
      tx.jobs.writeNextTimes([
        { id: a, triggerStatus: 1, triggerLastTimeMs: T0, triggerNextTimeMs: T0 + 2000, triggerHeldTimeMs: 0 },
        { id: b, triggerStatus: 1, triggerLastTimeMs: T0, triggerNextTimeMs: T0 + 2000, triggerHeldTimeMs: 0 },
      ]),
    )
    expect(await f.store.jobs.get(a)).toMatchObject({ triggerStatus: 1, triggerLastTimeMs: T0, triggerNextTimeMs: T0 + 2000 })
    expect(await f.store.jobs.get(b)).toMatchObject({ triggerStatus: 0, triggerNextTimeMs: 0 })
    expect((await f.store.versions.current()).jobs).toBe(before)
    await f.store.transaction((tx) =>
      tx.jobs.writeNextTimes([{ id: a, triggerStatus: 0, triggerLastTimeMs: T0 + 2000, triggerNextTimeMs: 0, triggerHeldTimeMs: 0 }]),
    )
    expect(await f.store.jobs.get(a)).toMatchObject({ triggerStatus: 0, triggerLastTimeMs: T0 + 2000 })
    expect((await f.store.versions.current()).jobs).toBe(before + 1)
  })

  it('writes a scan of 150 jobs as one-row statements in order would: the last update of a job listed twice, unless an earlier one stopped it', async () => {
    const group = await addGroup(f.store)
    const ids: number[] = []
    for (let i = 0; i < 150; i++) ids.push(await addJob(f.store, group, {}, { nextMs: T0 }))
    await f.store.jobs.setTrigger(ids[149], 0, 0, 0, T0)
    const update = (id: number, triggerStatus: 0 | 1, nextMs: number) => ({
      id,
      triggerStatus,
      triggerLastTimeMs: T0,
      triggerNextTimeMs: nextMs,
      triggerHeldTimeMs: nextMs + 1,
    })
    await f.store.transaction((tx) =>
      tx.jobs.writeNextTimes([
        ...ids.map((id, i) => update(id, 1, T0 + 1000 * (i + 1))),
        update(ids[3], 1, T0 + 999_000),
        update(ids[70], 0, 0),
        update(ids[70], 1, T0 + 5),
      ]),
    )
    const stored = new Map((await Promise.all(ids.map((id) => f.store.jobs.get(id)))).map((job) => [job!.id, job!]))
    expect(stored.get(ids[0])).toMatchObject({ triggerStatus: 1, triggerLastTimeMs: T0, triggerNextTimeMs: T0 + 1000 })
    expect(await f.store.jobs.findDue(T0 + 1000, 10)).toMatchObject([{ id: ids[0], triggerHeldTimeMs: T0 + 1001 }])
    expect(stored.get(ids[3])).toMatchObject({ triggerStatus: 1, triggerNextTimeMs: T0 + 999_000 })
    expect(stored.get(ids[70])).toMatchObject({ triggerStatus: 0, triggerNextTimeMs: 0 })
    expect(stored.get(ids[148])).toMatchObject({ triggerStatus: 1, triggerNextTimeMs: T0 + 149_000 })
    expect(stored.get(ids[149])).toMatchObject({ triggerStatus: 0, triggerNextTimeMs: 0 })
  })

  it('raises the jobs version with every insert, update, delete and start/stop', async () => {
    const start = await f.store.versions.current()
    expect(start).toEqual({ jobs: 0, links: 0, settings: 0, calendars: 0, windows: 0 })
    const group = await addGroup(f.store)
    const id = await addJob(f.store, group)
    await f.store.jobs.update({ ...(await f.store.jobs.get(id))!, name: 'x' })
    await f.store.jobs.setTrigger(id, 1, 0, T0, T0)
    await f.store.jobs.delete(id)
    expect(await f.store.versions.current()).toEqual({ jobs: 4, links: 0, settings: 0, calendars: 0, windows: 0 })
  })
})
