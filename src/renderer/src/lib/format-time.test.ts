import { describe, expect, it } from 'vitest'
import { formatDateTime, formatDuration, listTimeZones } from './format-time'

describe('formatDateTime', () => {
  it('formats an instant in the given zone', () => {
    const instant = Date.UTC(2026, 2, 29, 1, 30, 5)
    expect(formatDateTime(instant, 'UTC')).toBe('2026-03-29 01:30:05')
    expect(formatDateTime(instant, 'Europe/Berlin')).toBe('2026-03-29 03:30:05')
    expect(formatDateTime(instant, 'Asia/Shanghai')).toBe('2026-03-29 09:30:05')
  })
})

describe('formatDuration', () => {
  it('picks the largest sensible units', () => {
    expect(formatDuration(850)).toBe('850 ms')
    expect(formatDuration(12_400)).toBe('12 s')
    expect(formatDuration(245_000)).toBe('4 min 5 s')
    expect(formatDuration(3 * 3_600_000 + 120_000)).toBe('3 h 2 min')
    expect(formatDuration(53 * 3_600_000)).toBe('2 d 5 h')
  })
})

describe('listTimeZones', () => {
  it('lists UTC first and real IANA zones', () => {
    const zones = listTimeZones()
    expect(zones[0]).toBe('UTC')
    expect(zones).toContain('Asia/Shanghai')
    expect(new Set(zones).size).toBe(zones.length)
  })
})
