import { describe, expect, it } from 'vitest'
import { formatDateTime, listTimeZones } from './format-time'

describe('formatDateTime', () => {
  it('formats an instant in the given zone', () => {
    const instant = Date.UTC(2026, 2, 29, 1, 30, 5)
    expect(formatDateTime(instant, 'UTC')).toBe('2026-03-29 01:30:05')
    expect(formatDateTime(instant, 'Europe/Berlin')).toBe('2026-03-29 03:30:05')
    expect(formatDateTime(instant, 'Asia/Shanghai')).toBe('2026-03-29 09:30:05')
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
