import { describe, expect, it } from 'vitest'
import { oracleInstant, oracleWall } from '../../../test/support/calendar-oracle'
import { scanSteps } from '../../../test/support/scan-steps'
import type { MaintenanceWindow, WindowScope } from '../../shared/calendar/maintenance-window'
import type { DueJob, StaleFire } from '../domain/fires'
import { cronNextFireMs } from '../schedule/cron'
import { PRE_READ_MS, reconsiderHold } from './plan-due'
import { planScan, type NextFireFn } from './plan-scan'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const T0 = Date.parse('2026-06-01T00:00:00Z')

/** Every `periodMs`, aligned to the epoch, strictly after `fromMs` (the tests' own schedule, not cron). */
const every =
  (periodMs: number): NextFireFn =>
  (_job, fromMs) =>
    (Math.floor(fromMs / periodMs) + 1) * periodMs

function job(overrides: Partial<DueJob> = {}): DueJob {
  return {
    id: 1,
    jobGroup: 7,
    scheduleType: 'CRON',
    scheduleConf: '0 0/15 * * * ?',
    timezone: 'UTC',
    calendar: null,
    calendarRule: 'BUSINESS_DAYS',
    calendarRoll: 'SKIP',
    misfireStrategy: 'FIRE_ONCE_NOW',
    triggerLastTimeMs: 0,
    triggerNextTimeMs: T0,
    triggerHeldTimeMs: 0,
    ...overrides,
  }
}

function once(name: string, startMs: number, endMs: number, scope: WindowScope = { all: true }): MaintenanceWindow {
  return { id: name.length, name, timezone: 'UTC', timing: { kind: 'once', startMs, endMs }, scope, killRunning: false, enabled: true }
}

const iso = (ms: number) => new Date(ms).toISOString().slice(11, 16)

describe('planDue: a window holds a fire', () => {
  const patch = once('patch night', T0 + 20 * MINUTE, T0 + 65 * MINUTE)

  it('holds every fire inside, records each with the window, and keeps the latest as the held slot until the close', () => {
    const plan = planScan(T0 + 30 * MINUTE - 3000, [job({ triggerNextTimeMs: T0 + 30 * MINUTE })], [], every(15 * MINUTE), { windows: [patch], pause: null })
    expect(plan.fires).toEqual([])
    expect(plan.missed.map((m) => `${iso(m.slotMs)} ${m.reason} ${m.detail}`)).toEqual([
      '00:30 window patch night',
      '00:45 window patch night',
      '01:00 window patch night',
    ])
    expect(plan.updates).toEqual([{ id: 1, triggerStatus: 1, triggerLastTimeMs: 0, triggerNextTimeMs: T0 + 65 * MINUTE, triggerHeldTimeMs: T0 + HOUR }])
  })

  it('at the close: FIRE_ONCE_NOW runs once for the held slot (MISFIRE, at the close), DO_NOTHING not at all; then the schedule goes on', () => {
    const held = job({ triggerNextTimeMs: T0 + 65 * MINUTE, triggerHeldTimeMs: T0 + HOUR })
    const now = T0 + 65 * MINUTE - 2000
    const fireOnce = planScan(now, [held], [], every(15 * MINUTE), { windows: [patch], pause: null })
    expect(fireOnce.fires).toEqual([{ jobId: 1, scheduleTimeMs: T0 + HOUR, fireAtMs: T0 + 65 * MINUTE, triggerType: 'MISFIRE' }])
    expect(fireOnce.updates[0]).toMatchObject({ triggerNextTimeMs: T0 + 75 * MINUTE, triggerHeldTimeMs: 0, triggerLastTimeMs: T0 + HOUR })
    const nothing = planScan(now, [{ ...held, misfireStrategy: 'DO_NOTHING' }], [], every(15 * MINUTE), { windows: [patch], pause: null })
    expect(nothing.fires).toEqual([])
    expect(nothing.updates[0]).toMatchObject({ triggerNextTimeMs: T0 + 75 * MINUTE, triggerHeldTimeMs: 0 })
  })

  it('fires a slot that falls on the close as well as the held one', () => {
    const windows = [once('on the hour', T0 + 20 * MINUTE, T0 + HOUR)]
    const plan = planScan(T0 + HOUR - 2000, [job({ triggerNextTimeMs: T0 + HOUR, triggerHeldTimeMs: T0 + 45 * MINUTE })], [], every(15 * MINUTE), {
      windows,
      pause: null,
    })
    expect(plan.fires.map((f) => [iso(f.scheduleTimeMs), iso(f.fireAtMs), f.triggerType])).toEqual([
      ['00:45', '01:00', 'MISFIRE'],
      ['01:00', '01:00', 'CRON'],
    ])
  })

  it('holds only what the window covers: a job of another group fires', () => {
    const scoped = once('group 8', T0, T0 + HOUR, { all: false, groupIds: [8], jobIds: [], flowIds: [] })
    const plan = planScan(T0 - 1000, [job(), job({ id: 2, jobGroup: 8 })], [], every(15 * MINUTE), { windows: [scoped], pause: null })
    expect(plan.fires.map((f) => f.jobId)).toEqual([1])
    expect(new Set(plan.missed.map((m) => m.jobId))).toEqual(new Set([2]))
  })

  it('holds on past a close that a window added since covers, naming the later slots after it', () => {
    const later = once('overtime', T0 + 65 * MINUTE, T0 + 100 * MINUTE)
    const plan = planScan(T0 + 65 * MINUTE - 2000, [job({ triggerNextTimeMs: T0 + 65 * MINUTE, triggerHeldTimeMs: T0 + HOUR })], [], every(15 * MINUTE), {
      windows: [patch, later],
      pause: null,
    })
    expect(plan.fires).toEqual([])
    expect(plan.missed.map((m) => `${iso(m.slotMs)} ${m.detail}`)).toEqual(['01:15 overtime', '01:30 overtime'])
    expect(plan.updates[0]).toMatchObject({ triggerNextTimeMs: T0 + 100 * MINUTE, triggerHeldTimeMs: T0 + 90 * MINUTE })
  })
})

describe('planDue: pause-all and misfires', () => {
  const pause = { fromMs: T0, toMs: T0 + 2 * HOUR }

  it('after a pause: every slot it held is recorded paused, FIRE_ONCE_NOW runs once (MISFIRE), DO_NOTHING none', () => {
    const now = T0 + 2 * HOUR + 1000
    const stale: StaleFire[] = [{ jobId: 1, scheduleTimeMs: T0, fireAtMs: T0, triggerType: 'CRON', misfireStrategy: 'FIRE_ONCE_NOW', triggerStatus: 1 }]
    const plan = planScan(now, [job({ triggerNextTimeMs: T0 + 15 * MINUTE })], stale, every(15 * MINUTE), { windows: [], pause })
    expect(plan.fires.filter((f) => f.triggerType === 'MISFIRE')).toEqual([
      { jobId: 1, scheduleTimeMs: T0 + 15 * MINUTE, fireAtMs: now, triggerType: 'MISFIRE' },
    ])
    // After a misfire the schedule goes on from now (as XXL-JOB's): the slot at the resume, 1 s
    // before this scan and outside the pause, is stepped over too — a misfire, said so.
    expect(plan.missed.map((m) => `${iso(m.slotMs)} ${m.reason}`)).toEqual([
      '00:00 paused',
      '00:15 paused',
      '00:30 paused',
      '00:45 paused',
      '01:00 paused',
      '01:15 paused',
      '01:30 paused',
      '01:45 paused',
      '02:00 misfire',
    ])
    const nothing = planScan(now, [job({ triggerNextTimeMs: T0 + 15 * MINUTE, misfireStrategy: 'DO_NOTHING' })], [], every(15 * MINUTE), { windows: [], pause })
    expect(nothing.fires).toEqual([])
    expect(nothing.misfires).toEqual([{ jobId: 1, missedTimesMs: [T0 + 15 * MINUTE], strategy: 'DO_NOTHING' }])
  })

  it('a slot inside the pause is missed even when found within the misfire threshold', () => {
    const plan = planScan(pause.toMs + 1000, [job({ triggerNextTimeMs: pause.toMs - 1000 })], [], (_job, fromMs) => fromMs + HOUR, { windows: [], pause })
    expect(plan.fires).toEqual([{ jobId: 1, scheduleTimeMs: pause.toMs - 1000, fireAtMs: pause.toMs + 1000, triggerType: 'MISFIRE' }])
    expect(plan.missed).toEqual([{ jobId: 1, flowId: 0, slotMs: pause.toMs - 1000, reason: 'paused', detail: '' }])
  })

  it('a node down records every slot it missed as a misfire, all but the one FIRE_ONCE_NOW runs', () => {
    const now = T0 + HOUR + 10_000
    const plan = planScan(now, [job()], [], every(15 * MINUTE))
    expect(plan.fires.map((f) => [iso(f.scheduleTimeMs), f.triggerType])).toEqual([['00:00', 'MISFIRE']])
    expect(plan.missed.map((m) => `${iso(m.slotMs)} ${m.reason}`)).toEqual(['00:15 misfire', '00:30 misfire', '00:45 misfire', '01:00 misfire'])
    const nothing = planScan(now, [job({ misfireStrategy: 'DO_NOTHING' })], [], every(15 * MINUTE))
    expect(nothing.missed).toHaveLength(5)
    expect(nothing.updates[0]).toMatchObject({ triggerNextTimeMs: T0 + 75 * MINUTE })
  })

  it('records at most 10,000 slots of a long outage and still goes on from now', () => {
    const now = T0 + 86_400_000
    const plan = planScan(now, [job({ misfireStrategy: 'DO_NOTHING' })], [], every(1000))
    expect(plan.missed).toHaveLength(10_001)
    expect(plan.missed.at(-1)!.slotMs).toBe(T0 + 10_000 * 1000)
    // From now on, the pre-read window is planned as usual.
    expect(plan.fires.map((f) => f.scheduleTimeMs - now)).toEqual([1000, 2000, 3000, 4000, PRE_READ_MS])
    expect(plan.updates[0].triggerNextTimeMs).toBe(now + PRE_READ_MS + 1000)
  })
})

describe('reconsiderHold: the windows changed under a held job', () => {
  const held = job({ triggerNextTimeMs: T0 + 65 * MINUTE, triggerHeldTimeMs: T0 + HOUR })
  const target = { jobId: 1, groupId: 7 }
  const fire = every(15 * MINUTE)

  it('a removed window releases it now, what it held so far kept', () => {
    const now = T0 + 50 * MINUTE
    expect(reconsiderHold(held, target, now, [], fire, T0 + 45 * MINUTE)).toEqual({ nextMs: now, heldMs: T0 + 45 * MINUTE, forgetFromMs: now })
    // Then the scan decides the close as any other: FIRE_ONCE_NOW runs once for 00:45, now.
    const plan = planScan(now, [{ ...held, triggerNextTimeMs: now, triggerHeldTimeMs: T0 + 45 * MINUTE }], [], fire)
    expect(plan.fires.map((f) => [iso(f.scheduleTimeMs), iso(f.fireAtMs), f.triggerType])).toEqual([['00:45', '00:50', 'MISFIRE']])
  })

  it('a shortened window moves the close and the held slot back; one unchanged or longer changes nothing now', () => {
    const shorter = once('patch night', T0 + 20 * MINUTE, T0 + 55 * MINUTE)
    expect(reconsiderHold(held, target, T0 + 50 * MINUTE, [shorter], fire, T0 + 45 * MINUTE)).toEqual({
      nextMs: T0 + 55 * MINUTE,
      heldMs: T0 + 45 * MINUTE,
      forgetFromMs: T0 + 55 * MINUTE,
    })
    expect(reconsiderHold(held, target, T0 + 50 * MINUTE, [once('patch night', T0 + 20 * MINUTE, T0 + 65 * MINUTE)], fire, 0)).toBeNull()
    expect(reconsiderHold(held, target, T0 + 50 * MINUTE, [once('patch night', T0 + 20 * MINUTE, T0 + 80 * MINUTE)], fire, 0)).toBeNull()
  })

  it('a window removed before its first held fire gives the job its fire back', () => {
    const early = job({ triggerNextTimeMs: T0 + 65 * MINUTE, triggerHeldTimeMs: T0 + HOUR, triggerLastTimeMs: T0 })
    expect(reconsiderHold(early, target, T0 + 10 * MINUTE, [], fire, 0)).toEqual({ nextMs: T0 + 15 * MINUTE, heldMs: 0, forgetFromMs: T0 + 10 * MINUTE })
  })
})

/**
 * A nightly window through the DST nights, against an oracle that finds each start by stepping
 * Intl's wall clock (test/support/calendar-oracle.ts) and counts its length in elapsed time.
 */
describe('windows across midnight and DST changes, against an oracle', () => {
  const cases = [
    { zone: 'Europe/Berlin', start: '23:00:00', hours: 3, days: ['2026-03-27', '2026-03-28', '2026-03-29'] },
    { zone: 'Europe/Berlin', start: '23:30:00', hours: 4, days: ['2026-10-23', '2026-10-24', '2026-10-25'] },
    { zone: 'America/New_York', start: '00:30:00', hours: 3, days: ['2026-03-07', '2026-03-08', '2026-03-09'] },
    { zone: 'America/New_York', start: '22:45:00', hours: 5, days: ['2026-10-30', '2026-10-31', '2026-11-01'] },
    { zone: 'Asia/Shanghai', start: '23:00:00', hours: 3, days: ['2026-03-27', '2026-03-28', '2026-03-29'] },
  ]

  it.each(cases)('$zone, $hours h from $start local, every night of $days', ({ zone, start, hours, days }) => {
    const [h, m] = start.split(':').map(Number)
    const window: MaintenanceWindow = {
      id: 1,
      name: 'nightly',
      timezone: zone,
      timing: { kind: 'recurring', cron: `0 ${m} ${h} * * ?`, durationSec: hours * 3600 },
      scope: { all: true },
      killRunning: false,
      enabled: true,
    }
    const spans = days.map((day) => oracleInstant(zone, day, start)).map((s) => [s, s + hours * HOUR] as const)
    const fromMs = spans[0][0] - 6 * HOUR
    const toMs = spans[2][1] + 6 * HOUR
    const nextFire: NextFireFn = (j, from) => cronNextFireMs(j.scheduleConf, j.timezone, from)
    let lateness = 0
    const scanned = scanSteps(job({ misfireStrategy: 'FIRE_ONCE_NOW' }), {
      fromMs,
      toMs,
      nextFire,
      windows: [window],
      calendarOf: () => null,
      pausedSinceMs: null,
      resumedAtMs: toMs,
      late: () => (lateness = (lateness + 0.37) % 1),
    })

    const slots: number[] = []
    for (let t = Math.ceil(fromMs / (15 * MINUTE)) * 15 * MINUTE; t < toMs; t += 15 * MINUTE) slots.push(t)
    const spanOf = (t: number) => spans.find(([s, e]) => s <= t && t < e)
    const expectedFires = [
      ...slots.filter((t) => !spanOf(t)).map((t) => `fire ${oracleWall(zone, t)}`),
      ...spans.map(([, e]) => `after window at ${oracleWall(zone, e)}, for ${oracleWall(zone, Math.max(...slots.filter((t) => spanOf(t)?.[1] === e)))}`),
    ].sort()
    const fires = scanned.fires
      .filter((f) => f.scheduleTimeMs < toMs)
      .map((f) =>
        f.triggerType === 'CRON'
          ? `fire ${oracleWall(zone, f.scheduleTimeMs)}`
          : `after window at ${oracleWall(zone, f.fireAtMs)}, for ${oracleWall(zone, f.scheduleTimeMs)}`,
      )
      .sort()
    // The scan runs up to 4 s late: a close's run is due at the close and goes when the scan finds it.
    const onTime = fires.map((line) => line.replace(/(after window at \S+ \d\d:\d\d):\d\d/, '$1:00'))
    expect(onTime).toEqual(expectedFires)
    expect(scanned.missed.map((mm) => `${oracleWall(zone, mm.slotMs)} ${mm.reason} ${mm.detail}`)).toEqual(
      slots.filter((t) => spanOf(t)).map((t) => `${oracleWall(zone, t)} window nightly`),
    )
  })
})
