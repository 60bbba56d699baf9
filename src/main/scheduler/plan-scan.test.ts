import { describe, expect, it } from 'vitest'
import type { DueJob } from '../domain/fires'
import type { StaleFire } from '../domain/fires'
import { PRE_READ_MS, planScan, scanDelayMs, SPACED_ROUND_MS, type NextFireFn } from './plan-scan'

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0) // a whole second

/** Every `periodMs`, aligned to the epoch, strictly after `fromMs` — like a `0/N * * * * ?` cron. */
const every =
  (periodMs: number): NextFireFn =>
  (_job, fromMs) =>
    (Math.floor(fromMs / periodMs) + 1) * periodMs

function job(overrides: Partial<DueJob> = {}): DueJob {
  return {
    id: 1,
    jobGroup: 1,
    scheduleType: 'CRON',
    scheduleConf: '* * * * * ?',
    timezone: 'UTC',
    calendar: null,
    calendarRule: 'BUSINESS_DAYS',
    calendarRoll: 'SKIP',
    misfireStrategy: 'DO_NOTHING',
    triggerLastTimeMs: 0,
    triggerNextTimeMs: T0,
    triggerHeldTimeMs: 0,
    ...overrides,
  }
}

describe('planScan', () => {
  it('puts a fire due in 4,999 ms on the ring at its own time, not now', () => {
    const next = T0 + 4_999
    const plan = planScan(T0, [job({ triggerNextTimeMs: next })], [], every(10_000))
    expect(plan.fires).toEqual([{ jobId: 1, scheduleTimeMs: next, fireAtMs: next, triggerType: 'CRON' }])
    expect(plan.misfires).toEqual([])
  })

  it('fires a job due exactly now at once and plans the rest of the window', () => {
    const plan = planScan(T0, [job({ triggerNextTimeMs: T0 })], [], every(2_000))
    expect(plan.fires.map((f) => [f.scheduleTimeMs - T0, f.fireAtMs - T0])).toEqual([
      [0, 0],
      [2_000, 2_000],
      [4_000, 4_000],
    ])
    expect(plan.updates).toEqual([{ id: 1, triggerStatus: 1, triggerLastTimeMs: T0 + 4_000, triggerNextTimeMs: T0 + 6_000, triggerHeldTimeMs: 0 }])
  })

  it('treats a job exactly 5,000 ms late as due, not misfired', () => {
    const now = T0 + PRE_READ_MS
    const plan = planScan(now, [job({ triggerNextTimeMs: T0 })], [], every(60_000))
    expect(plan.misfires).toEqual([])
    expect(plan.fires[0]).toEqual({ jobId: 1, scheduleTimeMs: T0, fireAtMs: now, triggerType: 'CRON' })
  })

  it('misfires a job 5,001 ms late: DO_NOTHING fires nothing and continues from now', () => {
    const now = T0 + PRE_READ_MS + 1
    const plan = planScan(now, [job({ triggerNextTimeMs: T0 })], [], every(60_000))
    expect(plan.fires).toEqual([])
    expect(plan.misfires).toEqual([{ jobId: 1, missedTimesMs: [T0], strategy: 'DO_NOTHING' }])
    expect(plan.updates[0]).toMatchObject({ triggerStatus: 1, triggerNextTimeMs: T0 + 60_000 })
  })

  it('fires once for many missed periods under FIRE_ONCE_NOW, named after the latest missed time', () => {
    const now = T0 + 3_600_000 // an hour of every-second fires missed
    const stale: StaleFire[] = [1, 2, 3].map((s) => ({
      jobId: 1,
      scheduleTimeMs: T0 - s * 1000,
      fireAtMs: T0 - s * 1000,
      triggerType: 'CRON',
      misfireStrategy: 'FIRE_ONCE_NOW',
      triggerStatus: 1,
    }))
    const plan = planScan(now, [job({ triggerNextTimeMs: T0, misfireStrategy: 'FIRE_ONCE_NOW' })], stale, every(1_000))
    const misfireRuns = plan.fires.filter((f) => f.triggerType === 'MISFIRE')
    expect(misfireRuns).toEqual([{ jobId: 1, scheduleTimeMs: T0, fireAtMs: now, triggerType: 'MISFIRE' }])
    expect(plan.misfires[0].missedTimesMs).toEqual([T0 - 3000, T0 - 2000, T0 - 1000, T0])
    // The schedule resumes from now: the window ahead is planned as usual.
    expect(plan.fires.filter((f) => f.triggerType === 'CRON').map((f) => f.scheduleTimeMs - now)).toEqual([1000, 2000, 3000, 4000, 5000])
  })

  it('turns stale fires of a job that is not due into one misfire run', () => {
    const stale: StaleFire[] = [
      { jobId: 7, scheduleTimeMs: T0 - 9000, fireAtMs: T0 - 9000, triggerType: 'CRON', misfireStrategy: 'FIRE_ONCE_NOW', triggerStatus: 1 },
      { jobId: 7, scheduleTimeMs: T0 - 8000, fireAtMs: T0 - 8000, triggerType: 'CRON', misfireStrategy: 'FIRE_ONCE_NOW', triggerStatus: 1 },
      { jobId: 8, scheduleTimeMs: T0 - 9000, fireAtMs: T0 - 9000, triggerType: 'CRON', misfireStrategy: 'DO_NOTHING', triggerStatus: 1 },
      { jobId: 9, scheduleTimeMs: T0 - 9000, fireAtMs: T0 - 9000, triggerType: 'CRON', misfireStrategy: 'FIRE_ONCE_NOW', triggerStatus: 0 },
    ]
    const plan = planScan(T0, [], stale, every(1_000))
    expect(plan.fires).toEqual([{ jobId: 7, scheduleTimeMs: T0 - 8000, fireAtMs: T0, triggerType: 'MISFIRE' }])
    expect(plan.misfires.map((m) => m.jobId)).toEqual([7, 8])
    expect(plan.updates).toEqual([])
  })

  it('stops a job whose schedule has no next time, keeping the last fire it planned', () => {
    const plan = planScan(T0, [job({ triggerNextTimeMs: T0 + 1000 })], [], () => null)
    expect(plan.fires).toEqual([{ jobId: 1, scheduleTimeMs: T0 + 1000, fireAtMs: T0 + 1000, triggerType: 'CRON' }])
    expect(plan.updates).toEqual([{ id: 1, triggerStatus: 0, triggerLastTimeMs: T0 + 1000, triggerNextTimeMs: 0, triggerHeldTimeMs: 0 }])
  })
})

describe('scanDelayMs', () => {
  it('waits for the next half second after a scan that read jobs', () => {
    expect(scanDelayMs(T0 + 500, 3, 10, false)).toBe(1000)
    expect(scanDelayMs(T0 + 700, 3, 10, false)).toBe(800)
  })

  it('waits about the pre-read window after an idle scan', () => {
    expect(scanDelayMs(T0 + 500, 0, 1, false)).toBe(PRE_READ_MS)
  })

  it('goes again at once after a slow scan', () => {
    expect(scanDelayMs(T0, 3, 1000, false)).toBe(0)
    expect(scanDelayMs(T0, 1000, 1000, true, 1000)).toBe(0)
  })

  it('leaves a gap as long as a full batch took while its round is young, and none later in a long round', () => {
    expect(scanDelayMs(T0, 1000, 11, true)).toBe(11)
    expect(scanDelayMs(T0, 1000, 11, true, SPACED_ROUND_MS - 1)).toBe(11)
    expect(scanDelayMs(T0, 1000, 11, true, SPACED_ROUND_MS)).toBe(0)
  })
})
