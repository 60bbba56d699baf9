import { describe, expect, it } from 'vitest'
import { ScheduleBook } from '../../../src/main/calendars/schedule-book'
import { FlowSchedule } from '../../../src/main/flows/flow-schedule'
import { ManualClock } from '../../../src/main/kernel/clock'
import { silentLogger } from '../../../src/main/kernel/logger'
import type { MissedSlot } from '../../../src/main/store/missed-slot-repo'
import { MAINTENANCE_SETTING } from '../../../src/shared/calendar/maintenance'
import type { FlowStartRequest } from '../../../src/main/flows/flow-starts'
import { flow } from '../../store/conformance/flow-fixture'
import { freshSqliteStore } from '../../support/temp-sqlite-store'

const T0 = Date.parse('2026-06-01T00:00:00Z')
const MINUTE = 60_000

const fresh = freshSqliteStore()

/** A flow schedule on the test's store whose engine only notes the runs it is asked to start. */
function flowSchedule() {
  const starts: (FlowStartRequest & { flowId: number })[] = []
  const skipped: MissedSlot[] = []
  const schedule = new FlowSchedule({
    store: fresh.store,
    calendars: new ScheduleBook(),
    clock: new ManualClock(T0),
    logger: silentLogger,
    engine: { start: async (flowId, request) => (starts.push({ flowId, ...request }), { flowRunId: starts.length, state: 'running' }) },
    onSkipped: (slots) => skipped.push(...slots),
  })
  return { schedule, starts, skipped }
}

async function quarterHourly(misfireStrategy: 'FIRE_ONCE_NOW' | 'DO_NOTHING'): Promise<number> {
  return fresh.store.flows.insert({
    ...flow(`every quarter ${misfireStrategy}`),
    scheduleConf: '0 0/15 * * * ?',
    timezone: 'UTC',
    misfireStrategy,
    triggerStatus: 1,
    triggerNextTimeMs: T0 + 15 * MINUTE,
  })
}

const passes = async (schedule: FlowSchedule, fromMinute: number, toMinute: number) => {
  for (let m = fromMinute; m <= toMinute; m++) for (const second of [0, 1]) await schedule.pass(T0 + m * MINUTE + second * 1000)
}
const minutes = (ms: number) => (ms - T0) / MINUTE

describe("a flow's own schedule", () => {
  it('is held by a window over it: nothing starts inside, FIRE_ONCE_NOW runs once at the close for the last held slot', async () => {
    const { schedule, starts, skipped } = flowSchedule()
    const once = await quarterHourly('FIRE_ONCE_NOW')
    const nothing = await quarterHourly('DO_NOTHING')
    await fresh.store.windows.insert({
      id: 0,
      name: 'patch night',
      timezone: 'UTC',
      timing: { kind: 'once', startMs: T0 + 20 * MINUTE, endMs: T0 + 50 * MINUTE },
      scope: { all: false, groupIds: [], jobIds: [], flowIds: [once, nothing] },
      killRunning: false,
      enabled: true,
      updatedAtMs: T0,
      updatedBy: 'test',
    })
    await passes(schedule, 14, 61)
    expect(starts.map((s) => [s.flowId, s.triggerType, minutes(s.scheduleTimeMs!)])).toEqual([
      [once, 'CRON', 15],
      [nothing, 'CRON', 15],
      [once, 'MISFIRE', 45],
      [once, 'CRON', 60],
      [nothing, 'CRON', 60],
    ])
    expect(skipped.map((s) => [s.flowId, minutes(s.slotMs), s.reason, s.detail])).toEqual([
      [once, 30, 'window', 'patch night'],
      [once, 45, 'window', 'patch night'],
      [nothing, 30, 'window', 'patch night'],
      [nothing, 45, 'window', 'patch night'],
    ])
    expect((await fresh.store.missedSlots.list({ flowId: once }, T0, T0 + 2 * 60 * MINUTE, 10)).map((m) => minutes(m.slot))).toEqual([30, 45])
  })

  it('starts nothing while pause-all is on; at the resume its misfire strategy applies once', async () => {
    const { schedule, starts } = flowSchedule()
    const once = await quarterHourly('FIRE_ONCE_NOW')
    await quarterHourly('DO_NOTHING')
    await passes(schedule, 14, 16)
    await fresh.store.settings.set(MAINTENANCE_SETTING, { on: true, reason: 'upgrade', by: 'ops', sinceMs: T0 + 20 * MINUTE })
    await passes(schedule, 20, 59)
    expect(starts).toHaveLength(2)
    await fresh.store.settings.set(MAINTENANCE_SETTING, { on: false, reason: '', by: 'ops', sinceMs: T0 + 59 * MINUTE + 30_000 })
    await passes(schedule, 60, 61)
    expect(starts.slice(2).map((s) => [s.flowId, s.triggerType, minutes(s.scheduleTimeMs!)])).toEqual([[once, 'MISFIRE', 30]])
    expect((await fresh.store.missedSlots.list({ flowId: once }, T0, T0 + 2 * 60 * MINUTE, 10)).map((m) => `${minutes(m.slot)} ${m.reason}`)).toEqual([
      '30 paused',
      '45 paused',
      '60 misfire',
    ])
  })

  it('is released at once when the window holding it is removed', async () => {
    const { schedule, starts } = flowSchedule()
    const once = await quarterHourly('FIRE_ONCE_NOW')
    const windowId = (await fresh.store.windows.insert({
      id: 0,
      name: 'patch night',
      timezone: 'UTC',
      timing: { kind: 'once', startMs: T0 + 10 * MINUTE, endMs: T0 + 90 * MINUTE },
      scope: { all: true },
      killRunning: false,
      enabled: true,
      updatedAtMs: T0,
      updatedBy: 'test',
    }))!
    await passes(schedule, 15, 16)
    expect(starts).toEqual([])
    await fresh.store.windows.delete(windowId)
    await schedule.pass(T0 + 17 * MINUTE)
    expect(starts.map((s) => [s.triggerType, minutes(s.scheduleTimeMs!)])).toEqual([['MISFIRE', 15]])
    // The slots it had held ahead are no longer recorded as held: they fire.
    expect((await fresh.store.missedSlots.list({ flowId: once }, T0, T0 + 2 * 60 * MINUTE, 10)).map((m) => minutes(m.slot))).toEqual([15])
    await passes(schedule, 30, 30)
    expect(starts.map((s) => [s.triggerType, minutes(s.scheduleTimeMs!)])).toEqual([
      ['MISFIRE', 15],
      ['CRON', 30],
    ])
  })
})
