import { expect, it } from 'vitest'
import { silentLogger } from '../../../src/main/kernel/logger'
import { ManualClock } from '../../../src/main/kernel/clock'
import { Scheduler } from '../../../src/main/scheduler/scheduler'
import { nextFireTimeMs } from '../../../src/main/schedule'
import type { RingFire } from '../../../src/main/domain/fires'
import { MAINTENANCE_SETTING } from '../../../src/shared/calendar/maintenance'
import { SOLE_FENCE } from '../../support/sole-fence'
import { flow } from './flow-fixture'
import { addGroup, addJob, storeSuite, T0 } from './store-fixture'

const MINUTE = 60_000
const window = (startMs: number, endMs: number) => ({
  id: 0,
  name: 'patch night',
  timezone: 'UTC',
  timing: { kind: 'once' as const, startMs, endMs },
  scope: { all: true as const },
  killRunning: false,
  enabled: true,
  updatedAtMs: T0,
  updatedBy: 'test',
})

storeSuite('maintenance holds', (f) => {
  it("keeps a job's held slot with its next time: the scan reads it, a new next time or a start clears it", async () => {
    const group = await addGroup(f.store)
    const id = await addJob(f.store, group, {}, { nextMs: T0 })
    await f.store.transaction((tx) =>
      tx.jobs.writeNextTimes([
        { id, triggerStatus: 1, triggerLastTimeMs: T0 - 1000, triggerNextTimeMs: T0 + 65 * MINUTE, triggerHeldTimeMs: T0 + 60 * MINUTE },
      ]),
    )
    expect(await f.store.transaction((tx) => tx.jobs.findDue(T0 + 65 * MINUTE, 10))).toMatchObject([
      { id, jobGroup: group, triggerNextTimeMs: T0 + 65 * MINUTE, triggerHeldTimeMs: T0 + 60 * MINUTE },
    ])
    // Listed again after a change of the windows only while its close is ahead.
    expect((await f.store.transaction((tx) => tx.jobs.findHeld(0, T0, 10))).map((j) => j.id)).toEqual([id])
    expect(await f.store.transaction((tx) => tx.jobs.findHeld(0, T0 + 65 * MINUTE, 10))).toEqual([])
    expect(await f.store.transaction((tx) => tx.jobs.findHeld(id, T0, 10))).toEqual([])

    // A save that keeps the next time keeps the hold; one that moves it ends the hold.
    const job = (await f.store.jobs.get(id))!
    await f.store.jobs.update({ ...job, name: 'renamed' })
    expect((await f.store.transaction((tx) => tx.jobs.findDue(T0 + 65 * MINUTE, 10)))[0].triggerHeldTimeMs).toBe(T0 + 60 * MINUTE)
    await f.store.jobs.update({ ...job, triggerNextTimeMs: T0 + 90 * MINUTE })
    expect((await f.store.transaction((tx) => tx.jobs.findDue(T0 + 90 * MINUTE, 10)))[0].triggerHeldTimeMs).toBe(0)

    await f.store.transaction((tx) =>
      tx.jobs.writeNextTimes([{ id, triggerStatus: 1, triggerLastTimeMs: 0, triggerNextTimeMs: T0 + 65 * MINUTE, triggerHeldTimeMs: T0 + 60 * MINUTE }]),
    )
    await f.store.jobs.setTrigger(id, 1, 0, T0 + 2 * MINUTE, T0)
    expect((await f.store.transaction((tx) => tx.jobs.findDue(T0 + 2 * MINUTE, 10)))[0].triggerHeldTimeMs).toBe(0)
  })

  it("keeps a flow's held slot with its fire claim; pausing or a new next time clears it", async () => {
    const id = await f.store.flows.insert({ ...flow('nightly'), triggerStatus: 1, triggerNextTimeMs: T0 })
    expect(await f.store.flows.claimFire(id, T0, T0 - 1, T0 + 65 * MINUTE, T0 + 60 * MINUTE)).toBe(true)
    expect(await f.store.flows.claimFire(id, T0, T0 - 1, T0 + 65 * MINUTE, T0 + 60 * MINUTE)).toBe(false)
    expect(await f.store.flows.due(T0 + 65 * MINUTE, 10)).toMatchObject([{ id, triggerNextTimeMs: T0 + 65 * MINUTE, triggerHeldTimeMs: T0 + 60 * MINUTE }])
    expect((await f.store.flows.held(0, 10)).map((fl) => fl.id)).toEqual([id])
    const stored = (await f.store.flows.get(id))!
    await f.store.flows.update({ ...stored, description: 'same next time' })
    expect((await f.store.flows.held(0, 10)).map((fl) => fl.id)).toEqual([id])
    await f.store.flows.update({ ...stored, triggerNextTimeMs: T0 + 70 * MINUTE })
    expect(await f.store.flows.held(0, 10)).toEqual([])
    await f.store.flows.claimFire(id, T0 + 70 * MINUTE, T0, T0 + 80 * MINUTE, T0 + 75 * MINUTE)
    await f.store.flows.setSchedule(id, 0, 0, T0)
    expect(await f.store.flows.held(0, 10)).toEqual([])
  })

  it("answers what a hold held so far, and forgets a hold's slots from an instant on", async () => {
    const slot = (minute: number, reason: 'window' | 'misfire') => ({ jobId: 4, flowId: 0, slotMs: T0 + minute * MINUTE, reason, detail: 'patch night' })
    await f.store.missedSlots.record([slot(10, 'window'), slot(20, 'window'), slot(30, 'misfire'), slot(40, 'window')], T0)
    await f.store.missedSlots.record([{ jobId: 0, flowId: 4, slotMs: T0 + 50 * MINUTE, reason: 'window', detail: '' }], T0)
    expect(await f.store.missedSlots.latestHeld({ jobId: 4 }, T0, T0 + 35 * MINUTE)).toBe(T0 + 20 * MINUTE)
    expect(await f.store.missedSlots.latestHeld({ jobId: 4 }, T0 + 20 * MINUTE, T0 + 35 * MINUTE)).toBe(0)
    expect(await f.store.missedSlots.latestHeld({ flowId: 4 }, T0, T0 + 60 * MINUTE)).toBe(T0 + 50 * MINUTE)
    expect(await f.store.missedSlots.forgetHeld({ jobId: 4 }, T0 + 20 * MINUTE)).toBe(2)
    expect((await f.store.missedSlots.list({ jobId: 4 }, T0, T0 + HOUR_MS, 10)).map((m) => [m.slot - T0, m.reason])).toEqual([
      [10 * MINUTE, 'window'],
      [30 * MINUTE, 'misfire'],
    ])
  })

  it('a scan holds a job for a window and records its slots; the close runs it once; pause-all plans nothing and leaves the ring', async () => {
    const group = await addGroup(f.store)
    const id = await addJob(f.store, group, { scheduleConf: '0 0/15 * * * ?', misfireStrategy: 'FIRE_ONCE_NOW' }, { nextMs: T0 + 15 * MINUTE })
    await f.store.windows.insert(window(T0 + 10 * MINUTE, T0 + 40 * MINUTE))
    const fired: RingFire[] = []
    const scheduler = new Scheduler({
      store: f.store,
      nodeId: 'n1',
      fence: SOLE_FENCE,
      clock: new ManualClock(T0),
      nextFire: nextFireTimeMs,
      triggers: { fireScheduled: (fires) => fired.push(...fires) },
      logger: silentLogger,
    })
    await scheduler.scanOnce(T0 + 15 * MINUTE - 3000)
    const held = (await f.store.transaction((tx) => tx.jobs.findHeld(0, 0, 10)))[0]
    expect(held).toMatchObject({ id, triggerNextTimeMs: T0 + 40 * MINUTE, triggerHeldTimeMs: T0 + 30 * MINUTE })
    expect((await f.store.missedSlots.list({ jobId: id }, T0, T0 + HOUR_MS, 10)).map((m) => [m.slot - T0, m.reason, m.detail])).toEqual([
      [15 * MINUTE, 'window', 'patch night'],
      [30 * MINUTE, 'window', 'patch night'],
    ])
    // At the close FIRE_ONCE_NOW runs once, for the held slot; the next slot (00:45) is beyond the pre-read.
    const close = await scheduler.scanOnce(T0 + 40 * MINUTE - 1000)
    expect(close.fires).toEqual([{ jobId: id, scheduleTimeMs: T0 + 30 * MINUTE, fireAtMs: T0 + 40 * MINUTE, triggerType: 'MISFIRE' }])
    expect(await f.store.ring.count()).toBe(1)

    // Pause-all: the scan plans nothing and the ring's tick fires nothing; the row waits in job_ring.
    await f.store.settings.set(MAINTENANCE_SETTING, { on: true, reason: 'upgrade', by: 'ops', sinceMs: T0 + 40 * MINUTE - 500 })
    expect((await scheduler.scanOnce(T0 + 40 * MINUTE - 500)).fires).toEqual([])
    expect(scheduler.tick(T0 + 40 * MINUTE)).toEqual([])
    expect(fired).toEqual([])
    expect(await f.store.ring.count()).toBe(1)
  })

  it('a window removed while it holds a job releases it in the next scan: FIRE_ONCE_NOW runs once for what it held so far', async () => {
    const group = await addGroup(f.store)
    const id = await addJob(f.store, group, { scheduleConf: '0 0/15 * * * ?', misfireStrategy: 'FIRE_ONCE_NOW' }, { nextMs: T0 + 15 * MINUTE })
    const windowId = (await f.store.windows.insert(window(T0 + 10 * MINUTE, T0 + 80 * MINUTE)))!
    const scheduler = new Scheduler({
      store: f.store,
      nodeId: 'n1',
      fence: SOLE_FENCE,
      clock: new ManualClock(T0),
      nextFire: nextFireTimeMs,
      triggers: { fireScheduled: () => {} },
      logger: silentLogger,
    })
    await scheduler.scanOnce(T0 + 15 * MINUTE - 3000)
    expect((await f.store.missedSlots.list({ jobId: id }, T0, T0 + HOUR_MS * 2, 10)).map((m) => (m.slot - T0) / MINUTE)).toEqual([15, 30, 45, 60, 75])
    await f.store.windows.delete(windowId)
    const released = await scheduler.scanOnce(T0 + 20 * MINUTE)
    expect(released.fires).toEqual([{ jobId: id, scheduleTimeMs: T0 + 15 * MINUTE, fireAtMs: T0 + 20 * MINUTE, triggerType: 'MISFIRE' }])
    // What it held ahead is no longer recorded as held: those slots fire.
    expect((await f.store.missedSlots.list({ jobId: id }, T0, T0 + HOUR_MS * 2, 10)).map((m) => (m.slot - T0) / MINUTE)).toEqual([15])
    expect(await f.store.transaction((tx) => tx.jobs.findDue(T0 + 30 * MINUTE, 10))).toMatchObject([
      { id, triggerNextTimeMs: T0 + 30 * MINUTE, triggerHeldTimeMs: 0 },
    ])
  })
})

const HOUR_MS = 60 * MINUTE
