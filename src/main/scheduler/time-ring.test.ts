import { describe, expect, it } from 'vitest'
import type { RingFire } from '../domain/fires'
import { TimeRing } from './time-ring'

const S = 1_800_000_000 // a second count (epoch seconds)
const fire = (jobId: number, sec: number, ms = 0): RingFire => ({
  jobId,
  scheduleTimeMs: sec * 1000 + ms,
  fireAtMs: sec * 1000 + ms,
  triggerType: 'CRON',
})

describe('TimeRing', () => {
  it('gives each fire to the tick of its second', () => {
    const ring = new TimeRing()
    ring.push(fire(1, S + 1))
    ring.push(fire(2, S + 2, 500))
    expect(ring.drain(S)).toEqual([])
    expect(ring.drain(S + 1).map((f) => f.jobId)).toEqual([1])
    expect(ring.drain(S + 2).map((f) => f.jobId)).toEqual([2])
    expect(ring.size).toBe(0)
  })

  it('looks back two slots for fires whose tick ran late', () => {
    const ring = new TimeRing()
    ring.push(fire(1, S))
    ring.push(fire(2, S + 1))
    ring.push(fire(3, S + 2))
    expect(
      ring
        .drain(S + 2)
        .map((f) => f.jobId)
        .sort(),
    ).toEqual([1, 2, 3])
  })

  it('does not reach three slots back', () => {
    const ring = new TimeRing()
    ring.push(fire(1, S))
    expect(ring.drain(S + 3)).toEqual([])
    expect(ring.size).toBe(1)
  })

  it('after ticks that did not run, drains the seconds since the last one, up to five back', () => {
    const ring = new TimeRing()
    ring.push(fire(1, S + 1))
    ring.push(fire(2, S + 2))
    ring.push(fire(3, S + 4))
    expect(ring.drain(S)).toEqual([])
    // The loop stalled: no tick for S + 1 … S + 4. Four seconds late is not a misfire yet.
    expect(
      ring
        .drain(S + 5)
        .map((f) => f.jobId)
        .sort(),
    ).toEqual([1, 2, 3])
    expect(ring.size).toBe(0)
  })

  it('leaves a fire more than five seconds behind the last tick to the scan, which counts it a misfire', () => {
    const ring = new TimeRing()
    ring.push(fire(1, S + 1))
    ring.push(fire(2, S + 3))
    expect(ring.drain(S)).toEqual([])
    expect(ring.drain(S + 7).map((f) => f.jobId)).toEqual([2])
    expect(ring.size).toBe(1)
  })

  it('fires the same job and scheduled time once even if pushed twice', () => {
    const ring = new TimeRing()
    ring.push(fire(1, S))
    ring.push(fire(1, S))
    ring.push(fire(1, S + 1))
    expect(ring.drain(S + 1).map((f) => f.scheduleTimeMs)).toEqual([S * 1000, (S + 1) * 1000])
    expect(ring.size).toBe(0)
  })

  it('keeps a fire of a later minute that shares the slot', () => {
    const ring = new TimeRing()
    ring.push(fire(1, S + 60))
    expect(ring.drain(S)).toEqual([])
    expect(ring.drain(S + 60).map((f) => f.jobId)).toEqual([1])
  })

  it('moves a fire pushed for an already drained second to the next tick instead of next minute', () => {
    const ring = new TimeRing()
    ring.drain(S + 10)
    ring.push(fire(1, S + 5))
    expect(ring.drain(S + 11).map((f) => f.jobId)).toEqual([1])
  })
})
