import { describe, expect, it } from 'vitest'
import { CLOCK_SKEW_WARN_MS, NODE_CLOCK_MARGIN_MS, clockSkewStateOf, judgeClockSkew, type ClockSample } from './clock-skew'

const T0 = Date.UTC(2026, 11, 6, 12, 0, 0)

/** A sample taken at `atMs` by the local clock, `skewMs` ahead of the server's, with a round trip of `tripMs`. */
const sample = (atMs: number, skewMs: number, tripMs = 2): ClockSample => ({ sentMs: atMs, receivedMs: atMs + tripMs, serverMs: atMs + tripMs / 2 - skewMs })

/** One sample a second, oldest first, the last received at T0. */
const everySecond = (skews: readonly number[], tripMs = 2): ClockSample[] =>
  skews.map((skew, i) => sample(T0 - (skews.length - 1 - i) * 1000 - tripMs, skew, tripMs))

describe('clockSkewStateOf', () => {
  it('is ok up to the warning threshold, warns up to the margin, refuses beyond it, ahead or behind', () => {
    expect(clockSkewStateOf(0)).toBe('ok')
    expect(clockSkewStateOf(CLOCK_SKEW_WARN_MS)).toBe('ok')
    expect(clockSkewStateOf(-CLOCK_SKEW_WARN_MS)).toBe('ok')
    expect(clockSkewStateOf(CLOCK_SKEW_WARN_MS + 1)).toBe('warn')
    expect(clockSkewStateOf(-(CLOCK_SKEW_WARN_MS + 1))).toBe('warn')
    expect(clockSkewStateOf(NODE_CLOCK_MARGIN_MS)).toBe('warn')
    expect(clockSkewStateOf(NODE_CLOCK_MARGIN_MS + 1)).toBe('refuse')
    expect(clockSkewStateOf(-2000)).toBe('refuse')
  })
})

describe('judgeClockSkew', () => {
  it('knows nothing without a sample, or with samples only from before the window', () => {
    expect(judgeClockSkew([], T0)).toBeNull()
    expect(judgeClockSkew([sample(T0 - 60_000, 2000)], T0)).toBeNull()
  })

  it('takes the local midpoint of the round trip less the server time: ahead is positive, behind negative', () => {
    expect(judgeClockSkew([{ sentMs: T0 - 100, receivedMs: T0, serverMs: T0 - 2050 }], T0)).toEqual({ skewMs: 2000, uncertaintyMs: 50, state: 'refuse' })
    expect(judgeClockSkew([{ sentMs: T0 - 10, receivedMs: T0, serverMs: T0 + 1995 }], T0)).toEqual({ skewMs: -2000, uncertaintyMs: 5, state: 'refuse' })
    expect(judgeClockSkew(everySecond([300]), T0)).toMatchObject({ skewMs: 300, state: 'warn' })
    expect(judgeClockSkew(everySecond([3]), T0)).toMatchObject({ skewMs: 3, state: 'ok' })
  })

  it('estimates from the sample with the shortest round trip: a slow trip does not move it', () => {
    // A trip of 1.4 s (a busy pool) whose reply came late reads as 700 ms ahead; the quick ones say 20.
    const samples = [sample(T0 - 3000, 20, 2), { sentMs: T0 - 2000, receivedMs: T0 - 600, serverMs: T0 - 2000 }, sample(T0 - 6, 22, 6)]
    expect(judgeClockSkew(samples, T0)).toEqual({ skewMs: 20, uncertaintyMs: 1, state: 'ok' })
  })

  it('sees a stepped clock at the next sample, not once the older ones have left the window', () => {
    expect(judgeClockSkew(everySecond([10, 12, 11, 2000]), T0)).toMatchObject({ skewMs: 2000, state: 'refuse' })
    // …and back within the margin as soon as the clock is put right.
    expect(judgeClockSkew(everySecond([2000, 2001, 1999, 15], 8), T0)).toMatchObject({ skewMs: 15, state: 'ok' })
  })

  it('judges only the newest samples of the window', () => {
    // The oldest sample agrees with the others and had the shortest trip, but five came after it.
    const samples = [sample(T0 - 8000, 104, 0), ...everySecond([100, 101, 99, 100, 100], 10)]
    expect(judgeClockSkew(samples, T0)).toMatchObject({ skewMs: 100, uncertaintyMs: 5 })
    expect(judgeClockSkew(samples.slice(0, -1), T0 - 1000)).toMatchObject({ skewMs: 104, uncertaintyMs: 0 })
  })

  it('ignores samples taken after the time it is asked for', () => {
    expect(judgeClockSkew([sample(T0 - 1000, 10), sample(T0 + 1000, 2000)], T0)).toMatchObject({ skewMs: 10 })
  })
})
