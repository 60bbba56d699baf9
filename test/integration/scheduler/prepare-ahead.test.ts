import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { JobService } from '../../../src/main/definitions/job-service'
import { ensureEmbeddedGroup } from '../../../src/main/definitions/seed-demo'
import { ManualClock } from '../../../src/main/kernel/clock'
import { silentLogger } from '../../../src/main/kernel/logger'
import { nextFireTimeMs } from '../../../src/main/schedule'
import { Scheduler } from '../../../src/main/scheduler/scheduler'
import type { RingFire } from '../../../src/main/domain/fires'
import { openSqliteStore } from '../../../src/main/store/sqlite/open-sqlite-store'
import type { SqliteStore } from '../../../src/main/store/sqlite/sqlite-store'
import type { PreparedRun } from '../../../src/main/trigger/prepare-runs'
import { TriggerService } from '../../../src/main/trigger/trigger-service'
import { jobInput } from '../../support/job-input'
import { makeTempDir } from '../../support/temp-dir'
import { recordingTriggers } from '../../support/recording-triggers'
import { SOLE_FENCE } from '../../support/sole-fence'

// A whole second, so the job's fires fall on T0 + n·1000.
const T0 = 1_900_000_000_000
const AHEAD_MS = 200

let dir: ReturnType<typeof makeTempDir>
let store: SqliteStore
let clock: ManualClock

beforeEach(() => {
  dir = makeTempDir()
  store = openSqliteStore(`${dir.path}/jobdesk.db`)
  clock = new ManualClock(T0 + 100)
})

afterEach(async () => {
  await store.close()
  dir.remove()
})

async function everySecondJob(nextMs: number, scheduleConf = '* * * * * ?'): Promise<number> {
  const group = await ensureEmbeddedGroup(store.groups, T0)
  const job = await new JobService(store, () => T0).save(jobInput(group, { scheduleConf }))
  await store.jobs.setTrigger(job.id, 1, 0, nextMs, T0)
  return job.id
}

function schedulerHanding(fire: (fires: RingFire[], atMs: number) => void): Scheduler {
  return new Scheduler({
    store,
    nodeId: 'node-a',
    fence: SOLE_FENCE,
    clock,
    nextFire: nextFireTimeMs,
    triggers: { fireScheduled: fire },
    logger: silentLogger,
    prepareAheadMs: AHEAD_MS,
  })
}

/**
 * A scan at T0+100 plans the job's fires, then the ring loop's tick AHEAD_MS before T0+1000 hands
 * that second's fires to a TriggerService whose pool only records what it is given. Resolves once
 * their rows are written.
 */
async function handedOverAhead(): Promise<{ triggers: TriggerService; submitted: PreparedRun[]; handed: RingFire[] }> {
  const { triggers, submitted } = recordingTriggers(store, clock)
  const written: Promise<void>[] = []
  const scheduler = schedulerHanding((fires, atMs) => written.push(triggers.fireScheduled(fires, atMs)))
  await scheduler.scanOnce(clock.nowMs())
  await clock.advance(1000 - AHEAD_MS - 100)
  const handed = scheduler.tick(clock.nowMs(), T0 + 1000)
  await Promise.all(written)
  return { triggers, submitted, handed }
}

describe('run rows written ahead of their second', () => {
  it('are written before the second with it as trigger time, and reach the pool at the second', async () => {
    const jobId = await everySecondJob(T0 + 1000)
    const { submitted, handed } = await handedOverAhead()
    expect(handed.map((f) => f.scheduleTimeMs)).toEqual([T0 + 1000])
    expect(store.db.prepare('SELECT job_id, trigger_time, trigger_code FROM job_log').all()).toEqual([
      { job_id: jobId, trigger_time: T0 + 1000, trigger_code: 0 },
    ])
    expect(submitted).toEqual([])

    await clock.advance(AHEAD_MS - 1)
    expect(submitted).toEqual([])
    await clock.advance(1)
    expect(submitted.map((run) => run.triggerTimeMs)).toEqual([T0 + 1000])
  })

  it('are handed to the pool at once on stop', async () => {
    await everySecondJob(T0 + 1000)
    const { triggers, submitted } = await handedOverAhead()
    expect(submitted).toEqual([])
    await triggers.releaseWaiting()
    expect(submitted).toHaveLength(1)
    expect(clock.nowMs()).toBe(T0 + 1000 - AHEAD_MS)
  })

  it('a fire planned after its second was handed over goes straight on, due at its second, not a second late', async () => {
    await everySecondJob(T0 + 1000)
    const handed: { scheduleTimes: number[]; atMs: number }[] = []
    const scheduler = schedulerHanding((fires, atMs) => handed.push({ scheduleTimes: fires.map((f) => f.scheduleTimeMs), atMs }))
    // The tick for T0+1000 ran (nothing was in the ring yet), then a scan plans that second.
    await clock.advance(1000 - AHEAD_MS - 100)
    expect(scheduler.tick(clock.nowMs(), T0 + 1000)).toEqual([])
    await scheduler.scanOnce(clock.nowMs())
    expect(handed).toEqual([{ scheduleTimes: [T0 + 1000], atMs: T0 + 1000 }])
    // The later fires wait in the ring for their own seconds.
    expect(scheduler.tick(T0 + 1800, T0 + 2000).map((f) => f.scheduleTimeMs)).toEqual([T0 + 2000])
  })
})

describe('a schedule that runs out', () => {
  it('still runs the last fire it planned: a cron with a year fires once, then the job stops', async () => {
    // T0 + 1000 is 2030-03-17 17:46:41 UTC; the expression has that second of 2030 only.
    const lastFire = new Date(T0 + 1000)
    expect(lastFire.toISOString()).toBe('2030-03-17T17:46:41.000Z')
    const jobId = await everySecondJob(T0 + 1000, '41 46 17 17 3 ? 2030')
    const { submitted } = await handedOverAhead()
    expect(await store.jobs.get(jobId)).toMatchObject({ triggerStatus: 0, triggerNextTimeMs: 0, triggerLastTimeMs: T0 + 1000 })
    await clock.advance(AHEAD_MS)
    expect(submitted.map((run) => [run.job.id, run.scheduleTimeMs])).toEqual([[jobId, T0 + 1000]])
  })

  it('a stop by hand deletes the ring rows it planned, so no fire of them can be claimed', async () => {
    const jobId = await everySecondJob(T0 + 1000)
    const scheduler = schedulerHanding(() => {})
    await scheduler.scanOnce(clock.nowMs())
    expect(await store.ring.count()).toBeGreaterThan(0)
    await new JobService(store, () => T0).stop(jobId)
    expect(await store.ring.count()).toBe(0)
  })
})
