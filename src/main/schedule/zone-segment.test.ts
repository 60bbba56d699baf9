import { describe, expect, it } from 'vitest'
import { zoneSegment } from './zone-segment'
import { isIanaTimeZone, zoneOffsetMs } from './timezone'

const at = (iso: string): number => Date.parse(iso)
const HOUR_MS = 3_600_000

describe('zoneOffsetMs', () => {
  it('reads standard and daylight offsets, half hours and historic seconds', () => {
    expect(zoneOffsetMs('America/New_York', at('2026-01-15T12:00:00Z'))).toBe(-5 * HOUR_MS)
    expect(zoneOffsetMs('America/New_York', at('2026-07-15T12:00:00Z'))).toBe(-4 * HOUR_MS)
    expect(zoneOffsetMs('Asia/Kolkata', at('2026-07-15T12:00:00Z'))).toBe(5.5 * HOUR_MS)
    expect(zoneOffsetMs('UTC', at('2026-07-15T12:00:00.750Z'))).toBe(0)
    // Liberia kept UTC−00:44:30 until 1972.
    expect(zoneOffsetMs('Africa/Monrovia', at('1971-06-01T12:00:00Z'))).toBe(-(44 * 60 + 30) * 1000)
  })
})

describe('isIanaTimeZone', () => {
  it('accepts zone names and links, and refuses offsets and unknown names', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'UTC', 'Etc/GMT+5', 'US/Eastern']) expect(isIanaTimeZone(zone)).toBe(true)
    for (const zone of ['Mars/Olympus', '', '+01:00', '-05:00', 'Z', 'local']) expect(isIanaTimeZone(zone)).toBe(false)
  })
})

describe('zoneSegment', () => {
  it('runs from a spring-forward transition to the next fall-back in New York', () => {
    const segment = zoneSegment('America/New_York', at('2026-03-08T12:00:00Z'))
    expect(segment.offsetMs).toBe(-4 * HOUR_MS)
    expect(segment.startMs).toBe(at('2026-03-08T07:00:00Z'))
    expect(segment.endMs).toBe(at('2026-11-01T06:00:00Z'))
    // Wall times after a spring-forward are all new.
    expect(segment.freshFromMs).toBe(segment.startMs)
  })

  it('marks the repeated hour after a fall-back as not fresh', () => {
    const segment = zoneSegment('Europe/Berlin', at('2026-10-25T01:30:00Z'))
    expect(segment.offsetMs).toBe(HOUR_MS)
    expect(segment.startMs).toBe(at('2026-10-25T01:00:00Z'))
    expect(segment.freshFromMs).toBe(at('2026-10-25T02:00:00Z'))
    expect(segment.endMs).toBe(at('2027-03-28T01:00:00Z'))
  })

  it('handles a 30-minute DST shift (Lord Howe Island)', () => {
    const segment = zoneSegment('Australia/Lord_Howe', at('2026-04-05T12:00:00Z'))
    expect(segment.offsetMs).toBe(10.5 * HOUR_MS)
    expect(segment.freshFromMs - segment.startMs).toBe(HOUR_MS / 2)
  })

  it('returns the same segment for any instant inside it, and covers a zone without DST for over a year', () => {
    // A segment built earlier around another instant overlaps the next one (other callers, other files).
    zoneSegment('Asia/Kolkata', at('2026-03-15T00:00:00Z'))
    const first = zoneSegment('Asia/Kolkata', at('2026-01-01T00:00:00Z'))
    expect(zoneSegment('Asia/Kolkata', at('2026-06-01T00:00:00Z'))).toBe(first)
    expect(first.endMs - first.startMs).toBeGreaterThan(365 * 24 * HOUR_MS)
    expect(first.offsetMs).toBe(5.5 * HOUR_MS)
  })

  it('keeps the segments of a century-long walk, and finds each again for any instant inside it', () => {
    const zone = 'America/Chicago'
    const from = at('2030-01-01T00:00:00Z')
    const walked = []
    for (let t = from; t < at('2130-01-01T00:00:00Z'); t += 13 * 24 * HOUR_MS) {
      const segment = zoneSegment(zone, t)
      expect(segment.startMs).toBeLessThanOrEqual(t)
      expect(segment.endMs).toBeGreaterThan(t)
      walked.push(segment)
    }
    // About two a year, none built twice: back at the start, the first one is found again.
    expect(new Set(walked).size).toBeGreaterThan(190)
    expect(zoneSegment(zone, from)).toBe(walked[0])
    const middle = walked[walked.length >> 1]
    expect(zoneSegment(zone, middle.endMs - 1000)).toBe(middle)
  })
})
