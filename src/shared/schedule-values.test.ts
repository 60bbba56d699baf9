import { describe, expect, it } from 'vitest'
import { resolveScheduleReferences, scheduleValuesOf } from './schedule-values'

describe('schedule values', () => {
  it('give the slot in the zone, with its offset, to the second', () => {
    const slot = Date.parse('2026-02-14T01:00:00.250Z')
    expect(scheduleValuesOf(slot, 8 * 3_600_000)).toEqual({ time: '2026-02-14T09:00:00+08:00', date: '2026-02-14' })
    expect(scheduleValuesOf(slot, -5 * 3_600_000)).toEqual({ time: '2026-02-13T20:00:00-05:00', date: '2026-02-13' })
    expect(scheduleValuesOf(slot, 5.75 * 3_600_000).time).toBe('2026-02-14T06:45:00+05:45')
    expect(scheduleValuesOf(slot, 0).time).toBe('2026-02-14T01:00:00+00:00')
  })

  it('replace each schedule reference and leave every other ${…} as written', () => {
    const values = { time: '2026-02-14T09:00:00+08:00', date: '2026-02-14' }
    expect(resolveScheduleReferences('{"day":"${schedule.date}","at":"${schedule.time}"} ${schedule.date}', values)).toBe(
      '{"day":"2026-02-14","at":"2026-02-14T09:00:00+08:00"} 2026-02-14',
    )
    expect(resolveScheduleReferences('${HOME} ${schedule.week} ${flow.param} $${schedule.date}', values)).toBe(
      '${HOME} ${schedule.week} ${flow.param} $2026-02-14',
    )
    expect(resolveScheduleReferences('plain', values)).toBe('plain')
  })
})
