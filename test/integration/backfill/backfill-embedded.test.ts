import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/main/kernel/clock'
import { MAINTENANCE_SETTING, type MaintenanceState } from '../../../src/shared/calendar/maintenance'
import type { BackfillView } from '../../../src/shared/backfill'
import type { JobRun } from '../../../src/shared/model'
import { mostAtOnce, stepUntil } from '../../support/backfill-runs'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { refusalOf } from '../../support/expect-code'

const HOUR = 3_600_000
// Midnight in Shanghai; the backfill covers three days there.
const FROM = Date.parse('2026-03-01T00:00:00+08:00')
const TO = FROM + 72 * HOUR
const T0 = Date.parse('2026-04-01T00:00:00Z')

let t: TestCore | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
})

/** An hourly job in Shanghai whose runs take 60 ms and answer with the slot they were given. */
async function hourlyJob(core: TestCore): Promise<number> {
  return core.addJob({
    scheduleType: 'CRON',
    scheduleConf: '0 0 * * * ?',
    timezone: 'Asia/Shanghai',
    executorHandler: 'slowEchoJobHandler',
    executorParam: '60|${schedule.date} ${schedule.time}',
  })
}

/** What `${schedule.date} ${schedule.time}` say of a slot in Shanghai. */
function slotText(slotMs: number): string {
  const local = new Date(slotMs + 8 * HOUR).toISOString().slice(0, 19)
  return `${local.slice(0, 10)} ${local}+08:00`
}

async function runsOf(core: TestCore, jobId: number): Promise<JobRun[]> {
  return (await core.core.api.listRuns({ jobId, limit: 1000 })).runs
}

async function until(clock: ManualClock, core: TestCore, id: number, what: string, done: (view: BackfillView) => boolean): Promise<BackfillView> {
  return stepUntil(clock, 50, what, async () => {
    const view = await core.core.api.getBackfill({ id })
    return done(view) && view
  })
}

describe('a backfill on the embedded executor', () => {
  it('an hourly job over 3 days with concurrency 2: 72 runs, never more than 2 at once, each with its own slot', async () => {
    const clock = new ManualClock(T0)
    t = await startTestCore({ clock })
    const jobId = await hourlyJob(t)
    const started = await t.core.api.startBackfill({ jobId, from: FROM, to: new Date(TO).toISOString(), concurrency: 2 })
    expect(started.slots).toEqual(Array.from({ length: 72 }, (_, i) => FROM + i * HOUR))

    const view = await until(clock, t, started.backfillId, 'the backfill done', (v) => v.state === 'done')
    expect({ total: view.total, done: view.done, failed: view.failed, running: view.running, pending: view.pending }).toEqual({
      total: 72,
      done: 72,
      failed: 0,
      running: 0,
      pending: 0,
    })
    const runs = await runsOf(t, jobId)
    expect(runs).toHaveLength(72)
    expect(new Set(runs.map((r) => r.scheduleTimeMs))).toEqual(new Set(started.slots))
    for (const run of runs) {
      expect(run.triggerType).toBe('BACKFILL')
      expect(run.backfillId).toBe(started.backfillId)
      // Resolved as the row was written, and what the handler was given.
      expect(run.executorParam).toBe(`60|${slotText(run.scheduleTimeMs!)}`)
      expect(run.handleMsg).toBe(slotText(run.scheduleTimeMs!))
    }
    expect(view.slots.map((s) => [s.slot, s.state])).toEqual(started.slots.map((slot) => [slot, 'done']))
    expect(new Set(view.slots.map((s) => s.runId))).toEqual(new Set(runs.map((r) => r.id)))
    // Two in flight at a time, never three: a slot's run starts only once another has ended.
    expect(mostAtOnce(runs)).toBe(2)
  }, 180_000)

  it('onlyMissing after a backfill cancelled midway takes exactly the slots without a successful run', async () => {
    const clock = new ManualClock(T0)
    t = await startTestCore({ clock })
    const jobId = await hourlyJob(t)
    const first = await t.core.api.startBackfill({ jobId, from: FROM, to: TO, concurrency: 2, order: 'NEWEST_FIRST' })
    await until(clock, t, first.backfillId, 'ten slots done', (v) => v.done >= 10)
    const cancelled = await t.core.api.cancelBackfill({ id: first.backfillId })
    expect(cancelled.state).toBe('cancelled')
    expect(cancelled.pending).toBe(0)
    // The runs going when it was cancelled are left to end, and their slots end with them.
    const settled = await until(clock, t, first.backfillId, 'the cancelled backfill’s runs ended', (v) => v.running === 0)
    expect(settled.done + settled.cancelled).toBe(72)
    const succeeded = new Set((await runsOf(t, jobId)).filter((r) => r.handleCode === 200).map((r) => r.scheduleTimeMs))
    expect(succeeded.size).toBe(settled.done)

    const rest = await t.core.api.startBackfill({ jobId, from: FROM, to: TO, concurrency: 2, onlyMissing: true })
    expect(rest.slots).toEqual(first.slots.filter((slot) => !succeeded.has(slot)).reverse())
    await until(clock, t, rest.backfillId, 'the rest done', (v) => v.state === 'done')
    const runs = await runsOf(t, jobId)
    // Each slot has exactly one successful run now.
    expect(
      runs
        .filter((r) => r.handleCode === 200)
        .map((r) => r.scheduleTimeMs)
        .sort(),
    ).toEqual([...first.slots].sort())
    expect(runs).toHaveLength(72)
    expect((await t.core.api.startBackfill({ jobId, from: FROM, to: TO, onlyMissing: true, dryRun: true })).slots).toEqual([])
    expect(await refusalOf(t.core.api.startBackfill({ jobId, from: FROM, to: TO, onlyMissing: true }))).toMatchObject({
      code: 'backfill.nothingMissing',
      params: { count: 72 },
    })
  }, 180_000)

  it('a dry run lists the slots and writes nothing; bad requests are refused clearly and write nothing', async () => {
    t = await startTestCore({ clock: new ManualClock(T0) })
    const jobId = await hourlyJob(t)
    const api = t.core.api
    const dry = await api.startBackfill({ jobId, from: '2026-03-01T00:00:00+08:00', to: TO, dryRun: true, order: 'NEWEST_FIRST' })
    expect(dry).toEqual({ backfillId: 0, slots: Array.from({ length: 72 }, (_, i) => TO - (i + 1) * HOUR) })

    const everySecond = await t.addJob({ scheduleType: 'CRON', scheduleConf: '* * * * * ?', timezone: 'UTC', executorHandler: 'echoJobHandler' })
    const twoDays = { jobId: everySecond, from: FROM, to: FROM + 48 * HOUR }
    expect(await refusalOf(api.startBackfill(twoDays))).toMatchObject({ code: 'backfill.tooManySlots', params: { count: 172_800, max: 100_000 } })
    expect((await api.startBackfill({ ...twoDays, maxSlots: 200_000, dryRun: true })).slots).toHaveLength(172_800)
    expect(await refusalOf(api.startBackfill({ jobId: everySecond, from: FROM, to: FROM + 20 * 24 * HOUR, maxSlots: 1_000_000 }))).toMatchObject({
      code: 'backfill.tooManySlotsToCount',
    })

    const byHand = await t.addJob({ executorHandler: 'echoJobHandler' })
    expect(await refusalOf(api.startBackfill({ jobId, from: TO, to: FROM }))).toMatchObject({ code: 'backfill.rangeBackwards' })
    expect(await refusalOf(api.startBackfill({ jobId, from: FROM, to: FROM }))).toMatchObject({ code: 'backfill.rangeBackwards' })
    expect(await refusalOf(api.startBackfill({ jobId: 99_999, from: FROM, to: TO }))).toMatchObject({ code: 'job.notFound' })
    expect(await refusalOf(api.startBackfill({ flowId: 99_999, from: FROM, to: TO }))).toMatchObject({ code: 'flow.notFound' })
    expect(await refusalOf(api.startBackfill({ jobId: byHand, from: FROM, to: TO }))).toMatchObject({ code: 'backfill.noSchedule' })
    expect(await refusalOf(api.startBackfill({ jobId, flowId: 1, from: FROM, to: TO } as never))).toMatchObject({ code: 'backfill.target' })
    expect(await refusalOf(api.startBackfill({ jobId, from: 'yesterday', to: TO }))).toMatchObject({ code: 'calendar.instant' })
    expect(await refusalOf(api.startBackfill({ jobId, from: FROM, to: TO, concurrency: 65 }))).toMatchObject({ field: expect.stringContaining('concurrency') })
    expect(await refusalOf(api.startBackfill({ jobId, from: FROM + 30 * 60_000, to: FROM + 59 * 60_000 }))).toMatchObject({ code: 'backfill.noSlots' })

    expect(await api.listBackfills()).toEqual([])
    expect((await api.listRuns({ limit: 10 })).runs).toEqual([])
  }, 120_000)

  it('a restart midway goes on from the rows: every slot once, none twice', async () => {
    const clock = new ManualClock(T0)
    const first = await startTestCore({ clock })
    t = first
    const jobId = await hourlyJob(t)
    const started = await t.core.api.startBackfill({ jobId, from: FROM, to: FROM + 24 * HOUR, concurrency: 3 })
    const before = await until(clock, t, started.backfillId, 'six slots done', (v) => v.done >= 6)
    expect(before.state).toBe('running')
    // A stop leaves nothing in memory that the backfill needs: its slots are rows.
    await t.core.stop()

    const later = new ManualClock(T0 + HOUR)
    const second = await startTestCore({ clock: later }, first.dataDir)
    // The second core stops first; the first's stop then only removes the data folder.
    t = { ...second, stop: () => second.stop().then(() => first.stop()) }
    const after = await until(later, t, started.backfillId, 'the backfill done after the restart', (v) => v.state === 'done')
    expect(after.done + after.failed).toBe(24)
    const runs = await runsOf(t, jobId)
    const perSlot = new Map<number, number>()
    for (const run of runs.filter((r) => r.backfillId === started.backfillId)) perSlot.set(run.scheduleTimeMs!, (perSlot.get(run.scheduleTimeMs!) ?? 0) + 1)
    expect([...perSlot.keys()].sort()).toEqual([...started.slots].sort())
    expect([...perSlot.values()].every((n) => n === 1)).toBe(true)
  }, 180_000)

  it('pause-all and a pause hold new runs (the ones going end); off and resumed, it goes on to done', async () => {
    const clock = new ManualClock(T0)
    t = await startTestCore({ clock })
    const jobId = await hourlyJob(t)
    const settings = t.core.store.settings
    const pauseAll = (on: boolean) =>
      settings.set(MAINTENANCE_SETTING, { on, reason: 'patch night', by: 'ops', sinceMs: clock.nowMs() } satisfies MaintenanceState)
    await pauseAll(true)
    const started = await t.core.api.startBackfill({ jobId, from: FROM, to: FROM + 6 * HOUR, concurrency: 2 })
    // Five polls on: still nothing started.
    for (let i = 0; i < 5; i++) await clock.advance(1000)
    const held = await t.core.api.getBackfill({ id: started.backfillId })
    expect({ state: held.state, pending: held.pending, running: held.running }).toEqual({ state: 'running', pending: 6, running: 0 })
    expect(await runsOf(t, jobId)).toEqual([])

    await pauseAll(false)
    await until(clock, t, started.backfillId, 'two slots done', (v) => v.done >= 2)
    const paused = await t.core.api.pauseBackfill({ id: started.backfillId })
    expect(paused.state).toBe('paused')
    const settled = await until(clock, t, started.backfillId, 'the runs going ended', (v) => v.running === 0)
    for (let i = 0; i < 5; i++) await clock.advance(1000)
    expect((await t.core.api.getBackfill({ id: started.backfillId })).done).toBe(settled.done)
    expect(await runsOf(t, jobId)).toHaveLength(settled.done + settled.failed)

    expect((await t.core.api.resumeBackfill({ id: started.backfillId })).state).toBe('running')
    const done = await until(clock, t, started.backfillId, 'the backfill done', (v) => v.state === 'done')
    expect(done.done).toBe(6)
    expect(await refusalOf(t.core.api.pauseBackfill({ id: started.backfillId }))).toMatchObject({ code: 'backfill.notPausable' })
    expect(await refusalOf(t.core.api.resumeBackfill({ id: started.backfillId }))).toMatchObject({ code: 'backfill.notResumable' })
    expect(await refusalOf(t.core.api.cancelBackfill({ id: 999 }))).toMatchObject({ code: 'backfill.notFound' })
  }, 120_000)
})
