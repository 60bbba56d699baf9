import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { JobService } from '../../../src/main/definitions/job-service'
import { ensureEmbeddedGroup } from '../../../src/main/definitions/seed-demo'
import { openSqliteStore } from '../../../src/main/store/sqlite/open-sqlite-store'
import type { SqliteStore } from '../../../src/main/store/sqlite/sqlite-store'
import type { MisfireStrategy } from '../../../src/shared/model'
import { startTsProcess } from '../../support/child-process'
import { jobInput } from '../../support/job-input'
import { crashAfterScan as crashedScan, restartedNode } from '../../support/stale-ring'
import { makeTempDir } from '../../support/temp-dir'

const T0 = Math.floor(Date.now() / 1000) * 1000

let dir: ReturnType<typeof makeTempDir>
let file: string
let store: SqliteStore

beforeEach(() => {
  dir = makeTempDir()
  file = `${dir.path}/jobdesk.db`
  store = openSqliteStore(file)
})

afterEach(async () => {
  await store.close()
  dir.remove()
})

/** An every-second job whose next fire is `nextMs`, running. */
async function everySecondJob(nextMs: number, misfireStrategy: MisfireStrategy = 'DO_NOTHING'): Promise<number> {
  const group = await ensureEmbeddedGroup(store.groups, T0)
  const jobs = new JobService(store, () => T0)
  const job = await jobs.save(jobInput(group, { scheduleConf: '* * * * * ?', misfireStrategy }))
  await store.jobs.setTrigger(job.id, 1, 0, nextMs, T0)
  return job.id
}

/** The JobDesk that comes back at `nowMs` on this test's connection, joined (it took over the dead one's fires). */
async function restarted(nowMs: number) {
  const node = restartedNode(store, nowMs)
  await node.join()
  return node
}

function runsOf(jobId: number): { schedule_time: number; trigger_type: string }[] {
  return store.db.prepare('SELECT schedule_time, trigger_type FROM job_log WHERE job_id = ? ORDER BY schedule_time').all(jobId) as {
    schedule_time: number
    trigger_type: string
  }[]
}

const crashAfterScan = (nowMs: number) => crashedScan(file, nowMs)

describe('a fire in the pre-read window survives a crash', () => {
  it('fires every planned fire after a restart within the window, each once', async () => {
    const jobId = await everySecondJob(T0 + 1000)
    await crashAfterScan(T0)
    expect(await store.ring.count()).toBe(5)

    const node = await restarted(T0 + 2500) // T0+1000 and T0+2000 are due: fired at once
    for (let t = T0 + 3000; t <= T0 + 5000; t += 1000) node.scheduler.tick(t)
    await node.settled()

    expect(runsOf(jobId)).toEqual([1, 2, 3, 4, 5].map((s) => ({ schedule_time: T0 + s * 1000, trigger_type: 'CRON' })))
    expect(await store.ring.count()).toBe(0)
  })

  it('fires once for the whole outage under FIRE_ONCE_NOW after a long one', async () => {
    const jobId = await everySecondJob(T0 + 1000, 'FIRE_ONCE_NOW')
    await crashAfterScan(T0)
    const restartMs = T0 + 60_000
    const node = await restarted(restartMs)
    const scan = await node.scheduler.scanOnce(restartMs)
    await node.settled()

    const misfires = runsOf(jobId).filter((r) => r.trigger_type === 'MISFIRE')
    // The five planned fires and the job's own next time (T0+6000) all missed: one run for all.
    expect(misfires).toEqual([{ schedule_time: T0 + 6000, trigger_type: 'MISFIRE' }])
    expect(runsOf(jobId).filter((r) => r.trigger_type === 'CRON')).toEqual([])
    // The schedule resumes after the restart, not from where it stopped.
    expect(Math.min(...scan.fires.filter((f) => f.triggerType === 'CRON').map((f) => f.scheduleTimeMs))).toBe(restartMs + 1000)
  })

  it('fires nothing for the outage under DO_NOTHING', async () => {
    const jobId = await everySecondJob(T0 + 1000, 'DO_NOTHING')
    await crashAfterScan(T0)
    const restartMs = T0 + 60_000
    const node = await restarted(restartMs)
    await node.scheduler.scanOnce(restartMs)
    await node.settled()
    expect(runsOf(jobId)).toEqual([])
    expect((await store.jobs.get(jobId))!.triggerNextTimeMs).toBeGreaterThan(restartMs + 5000)
  })
})

describe('two schedulers on one database file', () => {
  it('never fire the same scheduled time twice and leave no gap', async () => {
    const start = Date.now() + 2000
    const jobIds: number[] = []
    for (let i = 0; i < 20; i++) jobIds.push(await everySecondJob(Math.ceil(start / 1000) * 1000))
    const children = [1, 2].map(() => startTsProcess('test/support/scheduler-process.ts', [file, '6000']))
    const totals = await Promise.all(children.map(async (c) => JSON.parse((await c.waitForLine(/totals (.*)/, 60_000))[1]) as Record<string, number>))
    // The lock and the ring claim keep the second process away: the unique index never had to act.
    expect(totals.map((t) => t.duplicates)).toEqual([0, 0])

    // What both left planned but unfired when they stopped fires now, as after any restart.
    const nowMs = Date.now()
    const node = await restarted(nowMs)
    for (let t = Math.floor(nowMs / 1000) * 1000; t <= nowMs + 6000; t += 1000) node.scheduler.tick(t)
    await node.settled()

    const written = totals.reduce((sum, t) => sum + t.runs, 0)
    expect(written).toBeGreaterThan(0)
    for (const jobId of jobIds) {
      const times = runsOf(jobId).map((r) => r.schedule_time)
      expect(new Set(times).size).toBe(times.length)
      const expected = Array.from({ length: times.length }, (_, i) => times[0] + i * 1000)
      expect(times).toEqual(expected)
    }
  })
})

describe('stopping a job while a scan holds the lock', () => {
  it('waits for the scan, then wins: the job is not revived and its planned fires never fire', async () => {
    const jobId = await everySecondJob(T0 + 1000)
    const child = startTsProcess('test/support/hold-scan-lock.ts', [file, String(T0), '1500'])
    await child.waitForLine(/holding the scan lock/)
    await new JobService(store, () => T0).stop(jobId) // blocks on busy_timeout until the scan commits
    await child.waitForLine(/scan committed, planned 5/)
    expect(await child.exited).toBe(0)

    expect((await store.jobs.get(jobId))!.triggerStatus).toBe(0)
    expect(await store.ring.count()).toBe(0)
    const node = await restarted(T0)
    expect((await node.scheduler.scanOnce(T0 + 500)).readCount).toBe(0)
    for (let t = T0; t <= T0 + 6000; t += 1000) node.scheduler.tick(t)
    await node.settled()
    expect(runsOf(jobId)).toEqual([])
  })

  it('a scan that writes back after a stop does not revive the job', async () => {
    const jobId = await everySecondJob(T0 + 1000)
    await new JobService(store, () => T0).stop(jobId)
    await store.transaction((tx) =>
      tx.jobs.writeNextTimes([{ id: jobId, triggerStatus: 1, triggerLastTimeMs: T0 + 1000, triggerNextTimeMs: T0 + 2000, triggerHeldTimeMs: 0 }]),
    )
    expect((await store.jobs.get(jobId))!.triggerStatus).toBe(0)
  })
})
