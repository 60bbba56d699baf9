import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScheduleBook } from '../../../src/main/calendars/schedule-book'
import { ManualClock } from '../../../src/main/kernel/clock'
import { silentLogger } from '../../../src/main/kernel/logger'
import { Scheduler } from '../../../src/main/scheduler/scheduler'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { SOLE_FENCE } from '../../support/sole-fence'
import { SPRING_FESTIVAL_ICS } from '../../support/calendar-oracle'
import { MAINTENANCE_SETTING } from '../../../src/shared/calendar/maintenance'

const FEED = SPRING_FESTIVAL_ICS

let t: TestCore
beforeEach(async () => {
  t = await startTestCore()
})
afterEach(async () => {
  await t.stop()
})

describe('calendars through the API', () => {
  it('import a feed, preview a job on it skipping the days off, and refuse an unknown calendar in the preview', async () => {
    const report = await t.core.api.importCalendar({ name: 'cn', ics: FEED, timezone: 'Asia/Shanghai' })
    expect(report).toMatchObject({ holidaysAdded: 1, makeupWorkdaysAdded: 1, timedEvents: 0, calendar: { name: 'cn', makeupWorkdays: ['2026-02-14'] } })
    expect((await t.core.api.listCalendars()).map((c) => c.name)).toEqual(['cn'])
    const schedule = {
      scheduleType: 'CRON' as const,
      scheduleConf: '0 0 10 * * ?',
      timezone: 'Asia/Shanghai',
      fromMs: Date.parse('2026-02-13T00:00:00Z'),
      count: 3,
    }
    const preview = await t.core.api.previewSchedule({ ...schedule, calendar: 'cn' })
    expect(preview.ok && preview.timesMs.map((ms) => new Date(ms).toISOString())).toEqual([
      '2026-02-13T02:00:00.000Z',
      '2026-02-14T02:00:00.000Z',
      '2026-02-23T02:00:00.000Z',
    ])
    expect(await t.core.api.previewSchedule({ ...schedule, calendar: 'nope' })).toMatchObject({ ok: false, field: 'calendar' })
  })

  it('the scan moves a job following a calendar past the days off, reading the calendar another write changed', async () => {
    await t.core.api.addCalendar({ name: 'cn', timezone: 'Asia/Shanghai', workdays: [1, 2, 3, 4, 5], holidays: [], makeupWorkdays: [] })
    const jobId = await t.addJob({ scheduleType: 'CRON', scheduleConf: '0 0 10 * * ?', timezone: 'Asia/Shanghai', calendar: 'cn' })
    const store = t.core.store
    const fireAt = Date.parse('2026-02-13T02:00:00Z')
    await store.jobs.setTrigger(jobId, 1, 0, fireAt, fireAt)
    const book = new ScheduleBook()
    const clock = new ManualClock(fireAt - 1000)
    const scheduler = new Scheduler({
      store,
      nodeId: 'n',
      fence: SOLE_FENCE,
      clock,
      nextFire: book.nextFire,
      calendars: book,
      triggers: { fireScheduled: () => {} },
      logger: silentLogger,
    })
    // The calendar changes after the book was made: the scan reads it again (its version moved).
    await book.refresh(store)
    await t.core.api.updateCalendar({
      name: 'cn',
      timezone: 'Asia/Shanghai',
      workdays: [1, 2, 3, 4, 5],
      holidays: [{ name: 'Spring Festival', from: '2026-02-15', to: '2026-02-22' }],
      makeupWorkdays: ['2026-02-14'],
    })
    await scheduler.scanOnce(clock.nowMs())
    // Friday the 13th fired; the make-up Saturday is next.
    expect(new Date((await store.jobs.get(jobId))!.triggerNextTimeMs).toISOString()).toBe('2026-02-14T02:00:00.000Z')
    await store.jobs.setTrigger(jobId, 1, 0, Date.parse('2026-02-14T02:00:00Z'), fireAt)
    await scheduler.scanOnce(Date.parse('2026-02-14T02:00:00Z') - 1000)
    expect(new Date((await store.jobs.get(jobId))!.triggerNextTimeMs).toISOString()).toBe('2026-02-23T02:00:00.000Z')
  })

  it('simulates the running jobs over a window given in ISO 8601: the fires, and each day off with its holiday', async () => {
    await t.core.api.importCalendar({ name: 'cn', ics: FEED, timezone: 'Asia/Shanghai' })
    const jobId = await t.addJob({ scheduleType: 'CRON', scheduleConf: '0 0 10 * * ?', timezone: 'Asia/Shanghai', calendar: 'cn' })
    await t.addJob({ name: 'stopped', scheduleType: 'CRON', scheduleConf: '0 0 10 * * ?', timezone: 'Asia/Shanghai' })
    await t.core.api.startJob(jobId)
    const simulation = await t.core.api.simulateSchedule({ from: '2026-02-13T00:00:00+08:00', to: '2026-02-24T00:00:00+08:00' })
    expect(simulation.fires.map((f) => ['jobId' in f ? f.jobId : null, new Date(f.time).toISOString().slice(0, 10)])).toEqual(
      ['2026-02-13', '2026-02-14', '2026-02-23'].map((day) => [jobId, day]),
    )
    expect(simulation.skipped).toHaveLength(8)
    expect(simulation.skipped[0]).toEqual({ jobId, slot: Date.parse('2026-02-15T02:00:00Z'), reason: 'holiday', detail: 'Spring Festival' })
    expect(simulation.cut).toBe(false)
    await expect(t.core.api.simulateSchedule({ from: 2_000_000_000_000, to: 1_000_000_000_000 })).rejects.toThrow(/ends before it starts/)
    await expect(t.core.api.simulateSchedule({ from: 'next tuesday', to: 1_000_000_000_000 })).rejects.toThrow(/not an instant/)
  })

  it('simulates with the maintenance windows and pause-all as the store has them', async () => {
    const at = (text: string) => Date.parse(`${text}+08:00`)
    const jobId = await t.addJob({ scheduleType: 'CRON', scheduleConf: '0 0 10 * * ?', timezone: 'Asia/Shanghai', misfireStrategy: 'FIRE_ONCE_NOW' })
    await t.core.api.startJob(jobId)
    await t.core.store.windows.insert({
      id: 0,
      name: 'patch night',
      timezone: 'Asia/Shanghai',
      timing: { kind: 'once', startMs: at('2026-02-14T09:00:00'), endMs: at('2026-02-14T11:00:00') },
      scope: { all: true },
      killRunning: false,
      enabled: true,
      updatedAtMs: 0,
      updatedBy: 'test',
    })
    await t.core.store.settings.set(MAINTENANCE_SETTING, { on: true, reason: 'upgrade', by: 'admin', sinceMs: at('2026-02-16T00:00:00') })
    const simulation = await t.core.api.simulateSchedule({ from: '2026-02-13T00:00:00+08:00', to: '2026-02-18T00:00:00+08:00' })
    expect(simulation.fires).toEqual([
      { jobId, time: at('2026-02-13T10:00:00') },
      { jobId, time: at('2026-02-14T11:00:00'), afterWindow: 'patch night' },
      { jobId, time: at('2026-02-15T10:00:00') },
    ])
    expect(simulation.skipped).toEqual([
      { jobId, slot: at('2026-02-14T10:00:00'), reason: 'window', detail: 'patch night' },
      { jobId, slot: at('2026-02-16T10:00:00'), reason: 'paused' },
      { jobId, slot: at('2026-02-17T10:00:00'), reason: 'paused' },
    ])
  })
})
