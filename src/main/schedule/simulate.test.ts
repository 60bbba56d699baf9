import { describe, expect, it } from 'vitest'
import { SPRING_FESTIVAL_CALENDAR } from '../../../test/support/calendar-oracle'
import { CalendarDays } from '../../shared/calendar/business-calendar'
import type { MaintenanceWindow } from '../../shared/calendar/maintenance-window'
import { cronNextFireMs } from './cron'
import { simulateSchedule, type SimulatedTarget, type SimulationInput } from './simulate'

const ZONE = 'Asia/Shanghai'
const local = (ms: number): string => new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'short' }).format(ms)
const at = (text: string): number => Date.parse(`${text}+08:00`)
const days = CalendarDays.resolve(SPRING_FESTIVAL_CALENDAR, () => undefined)

function daily(target: SimulatedTarget['target'], withCalendar: boolean, misfireStrategy: SimulatedTarget['misfireStrategy'] = 'DO_NOTHING'): SimulatedTarget {
  return {
    target,
    slotAfter: (from) => cronNextFireMs('0 0 10 * * ?', ZONE, from),
    timezone: ZONE,
    calendar: withCalendar ? { days, rule: 'BUSINESS_DAYS', roll: 'SKIP' } : null,
    misfireStrategy,
  }
}

function simulate(overrides: Partial<SimulationInput>): { fires: string[]; skipped: string[]; cut: boolean } {
  const result = simulateSchedule({
    fromMs: at('2026-02-12T00:00:00'),
    toMs: at('2026-02-26T00:00:00'),
    targets: [],
    windows: [],
    pausedSinceMs: null,
    limit: 100_000,
    ...overrides,
  })
  const who = (t: SimulatedTarget['target']): string => ('flowId' in t ? `flow ${t.flowId}` : `job ${t.jobId}`)
  return {
    fires: result.fires.map(
      (f) => `${who(f.target)} ${local(f.timeMs)}${f.afterWindow ? ` after ${f.afterWindow.name}, for ${local(f.afterWindow.heldSlotMs)}` : ''}`,
    ),
    skipped: result.skipped.map((s) => `${who(s.target)} ${local(s.slotMs)} ${s.reason}${s.detail ? ` (${s.detail})` : ''}`),
    cut: result.cut,
  }
}

const patchNight = (misfire: 'once' | 'flows'): MaintenanceWindow => ({
  id: 1,
  name: 'patch night',
  timezone: ZONE,
  timing: { kind: 'once', startMs: at('2026-02-23T09:00:00'), endMs: at('2026-02-23T11:00:00') },
  scope: misfire === 'once' ? { all: true } : { all: false, groupIds: [], jobIds: [], flowIds: [4] },
  killRunning: false,
  enabled: true,
})

describe('simulateSchedule', () => {
  it('lists the business-day fires and each day the calendar leaves out, with the holiday', () => {
    const { fires, skipped } = simulate({ targets: [daily({ jobId: 1, groupId: 1 }, true)] })
    expect(fires).toEqual(['2026-02-12', '2026-02-13', '2026-02-14', '2026-02-23', '2026-02-24', '2026-02-25'].map((d) => `job 1 ${d} 10:00`))
    expect(skipped).toEqual(['15', '16', '17', '18', '19', '20', '21', '22'].map((d) => `job 1 2026-02-${d} 10:00 holiday (Spring Festival)`))
  })

  it('holds fires inside a window; FIRE_ONCE_NOW fires once when it closes, DO_NOTHING not at all', () => {
    const windows = [patchNight('once')]
    const once = simulate({ targets: [daily({ jobId: 1, groupId: 1 }, false, 'FIRE_ONCE_NOW')], windows, fromMs: at('2026-02-22T12:00:00') })
    expect(once.fires).toEqual(['job 1 2026-02-23 11:00 after patch night, for 2026-02-23 10:00', 'job 1 2026-02-24 10:00', 'job 1 2026-02-25 10:00'])
    expect(once.skipped).toEqual(['job 1 2026-02-23 10:00 window (patch night)'])
    const nothing = simulate({ targets: [daily({ jobId: 1, groupId: 1 }, false)], windows, fromMs: at('2026-02-22T12:00:00') })
    expect(nothing.fires).toEqual(['job 1 2026-02-24 10:00', 'job 1 2026-02-25 10:00'])
  })

  it('holds only what a window covers: its flow, not a job beside it', () => {
    const { fires, skipped } = simulate({
      targets: [daily({ flowId: 4 }, false), daily({ jobId: 2, groupId: 1 }, false)],
      windows: [patchNight('flows')],
      fromMs: at('2026-02-23T00:00:00'),
      toMs: at('2026-02-24T00:00:00'),
    })
    expect(fires).toEqual(['job 2 2026-02-23 10:00'])
    expect(skipped).toEqual(['flow 4 2026-02-23 10:00 window (patch night)'])
  })

  it('marks every fire from pause-all on as paused', () => {
    const { fires, skipped } = simulate({
      targets: [daily({ jobId: 1, groupId: 1 }, false)],
      pausedSinceMs: at('2026-02-24T00:00:00'),
      fromMs: at('2026-02-23T00:00:00'),
    })
    expect(fires).toEqual(['job 1 2026-02-23 10:00'])
    expect(skipped).toEqual(['job 1 2026-02-24 10:00 paused', 'job 1 2026-02-25 10:00 paused'])
  })

  it('stops at its limit and says it was cut', () => {
    const everySecond: SimulatedTarget = { ...daily({ jobId: 9, groupId: 1 }, false), slotAfter: (from) => cronNextFireMs('* * * * * ?', ZONE, from) }
    const result = simulateSchedule({
      fromMs: 0,
      toMs: 10 ** 12,
      targets: [everySecond, daily({ jobId: 1, groupId: 1 }, false)],
      windows: [],
      pausedSinceMs: null,
      limit: 500,
    })
    expect(result.fires).toHaveLength(500)
    expect(result.cut).toBe(true)
    expect(simulate({ targets: [daily({ jobId: 1, groupId: 1 }, false)] }).cut).toBe(false)
  })
})
