import { describe, expect, it } from 'vitest'
import type { RunBar } from '../../../../shared/run-views'
import { layoutRunsOverTime, MAX_LANES, MIN_BAR_PX } from './runs-over-time'

const T0 = 1_767_225_600_000
const bar = (id: number, startMs: number, endMs: number, over: Partial<RunBar> = {}): RunBar => ({
  id,
  triggerType: 'CRON',
  scheduleTimeMs: null,
  triggerTimeMs: startMs,
  startTimeMs: startMs,
  endTimeMs: endMs,
  state: 'success',
  retryOf: null,
  ...over,
})

describe('runs over time', () => {
  it('puts runs one after another on one lane, in proportion to the axis', () => {
    const layout = layoutRunsOverTime([bar(1, T0, T0 + 10_000), bar(2, T0 + 20_000, T0 + 40_000)], T0 + 50_000, 403)
    expect(layout.lanes).toBe(1)
    expect(layout.fromMs).toBe(T0)
    expect(layout.toMs).toBe(T0 + 40_000)
    expect(layout.boxes.map((b) => [b.bar.id, b.lane, b.x, b.width])).toEqual([
      [1, 0, 0, 100],
      [2, 0, 200, 200],
    ])
    expect(layout.ticks).toEqual([T0, T0 + 10_000, T0 + 20_000, T0 + 30_000, T0 + 40_000])
  })

  it('stacks overlapping runs on lanes, and at most MAX_LANES of them', () => {
    const overlapping = Array.from({ length: MAX_LANES + 2 }, (_, i) => bar(i + 1, T0 + i, T0 + 60_000))
    const layout = layoutRunsOverTime(overlapping, T0 + 60_000, 600)
    expect(layout.lanes).toBe(MAX_LANES)
    expect(layout.boxes.slice(0, MAX_LANES).map((b) => b.lane)).toEqual(Array.from({ length: MAX_LANES }, (_, i) => i))
  })

  it('draws a running run up to now, a run not started from its trigger, and a 0-ms run at the minimum width', () => {
    const layout = layoutRunsOverTime(
      [bar(1, T0, T0), bar(2, T0 + 1000, 0, { state: 'running' }), bar(3, 0, 0, { state: 'queued', triggerTimeMs: T0 + 2000, startTimeMs: 0 })],
      T0 + 5000,
      503,
    )
    const byId = new Map(layout.boxes.map((b) => [b.bar.id, b]))
    expect(byId.get(1)!.width).toBe(MIN_BAR_PX)
    expect(byId.get(2)).toMatchObject({ startMs: T0 + 1000, endMs: T0 + 5000, x: 100, width: 400 })
    expect(byId.get(3)).toMatchObject({ startMs: T0 + 2000, endMs: T0 + 5000 })
    expect(layoutRunsOverTime([], T0, 500)).toEqual({ boxes: [], lanes: 0, fromMs: T0, toMs: T0, ticks: [] })
  })
})
