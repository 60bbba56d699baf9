import { describe, expect, it } from 'vitest'
import { defaultRange, endedPercent, localInputMs, localInputValue, stillMoving } from './backfill-form'

describe('the Backfill dialog’s range', () => {
  it('reads a datetime-local value in this computer’s zone and writes one back', () => {
    const ms = new Date(2026, 2, 1, 8, 30).getTime()
    expect(localInputValue(ms)).toBe('2026-03-01T08:30')
    expect(localInputMs('2026-03-01T08:30')).toBe(ms)
    expect(localInputMs('2026-03-01T08:30:15')).toBe(ms + 15_000)
  })

  it('refuses what is not one: empty, a bare date, text', () => {
    expect(localInputMs('')).toBeNull()
    expect(localInputMs('2026-03-01')).toBeNull()
    expect(localInputMs('yesterday')).toBeNull()
  })

  it('opens on yesterday, midnight to midnight', () => {
    expect(defaultRange(new Date(2026, 2, 1, 15, 42).getTime())).toEqual({ from: '2026-02-28T00:00', to: '2026-03-01T00:00' })
  })
})

describe('a backfill’s progress', () => {
  it('counts every ended slot, and a backfill without slots as complete', () => {
    expect(endedPercent({ total: 72, done: 30, failed: 4, cancelled: 2 })).toBe(50)
    expect(endedPercent({ total: 0, done: 0, failed: 0, cancelled: 0 })).toBe(100)
  })

  it('still moves while running or paused, or while a cancelled one’s runs go', () => {
    expect(stillMoving({ state: 'paused', running: 0 })).toBe(true)
    expect(stillMoving({ state: 'cancelled', running: 1 })).toBe(true)
    expect(stillMoving({ state: 'cancelled', running: 0 })).toBe(false)
    expect(stillMoving({ state: 'done', running: 0 })).toBe(false)
  })
})
