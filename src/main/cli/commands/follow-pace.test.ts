import { describe, expect, it } from 'vitest'
import { FOLLOW_POLL_MAX_MS, FOLLOW_POLL_MS, followPauseMs } from './follow-pace'

describe('the pace of logs --follow', () => {
  it('looks again after 500 ms first, then half again longer each time, up to 4 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(followPauseMs)).toEqual([500, 750, 1125, 1688, 2531, 3797, 4000, 4000])
    expect(followPauseMs(0)).toBe(FOLLOW_POLL_MS)
  })

  it('stays within the OpenAPI budget of 100 calls per 30 s, at two calls a look, in any window', () => {
    // Look times over ten minutes; every 30 s window, wherever it starts, holds at most 50 looks.
    const looksAtMs: number[] = []
    for (let atMs = 0, look = 0; atMs < 600_000; atMs += followPauseMs(look++)) looksAtMs.push(atMs)
    const busiest = Math.max(...looksAtMs.map((startMs) => looksAtMs.filter((atMs) => atMs >= startMs && atMs < startMs + 30_000).length))
    expect(busiest * 2).toBeLessThanOrEqual(100)
    expect(busiest * 2).toBeLessThan(30)
    expect(followPauseMs(100)).toBe(FOLLOW_POLL_MAX_MS)
  })
})
