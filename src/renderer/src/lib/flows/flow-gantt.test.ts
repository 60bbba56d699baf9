import { describe, expect, it } from 'vitest'
import type { FlowNodeRun } from '../../../../shared/flow-types'
import { GANTT_MIN_BAR_PCT, ganttLayout } from './flow-gantt'

const node = (key: string, state: FlowNodeRun['state'], startTimeMs: number, endTimeMs = 0): FlowNodeRun => ({
  key,
  state,
  runIds: [],
  output: '',
  outputCutFromBytes: null,
  startTimeMs,
  endTimeMs,
  note: '',
  deadlineMarks: 0,
})

describe('ganttLayout', () => {
  it('places each bar from its start to its end on an axis from the first start to the last end', () => {
    const chart = ganttLayout([node('extract', 'success', 10_000, 20_000), node('load', 'failed', 20_000, 50_000)], 60_000)
    expect([chart.startMs, chart.endMs]).toEqual([10_000, 50_000])
    expect(chart.rows.map((row) => [row.key, row.bar?.leftPct, row.bar?.widthPct])).toEqual([
      ['extract', 0, 25],
      ['load', 25, 75],
    ])
  })

  it('grows a running or waiting node’s bar to now, and keeps rows without bars for nodes not started', () => {
    const chart = ganttLayout([node('a', 'success', 1000, 3000), node('b', 'running', 3000), node('gate', 'waiting', 3000), node('c', 'pending', 0)], 11_000)
    expect(chart.endMs).toBe(11_000)
    expect(chart.rows[1].bar).toMatchObject({ growing: true, endMs: 11_000, leftPct: 20, widthPct: 80 })
    expect(chart.rows[2].bar?.growing).toBe(true)
    expect(chart.rows[3]).toEqual({ key: 'c', state: 'pending', bar: null, earlier: [] })
  })

  it('draws an instant node at a visible width, and gives instant runs a one-second axis', () => {
    const chart = ganttLayout([node('a', 'success', 5000, 5000), node('b', 'skipped', 5000, 5000)], 9000)
    expect(chart.endMs - chart.startMs).toBe(1000)
    expect(chart.rows[0].bar?.widthPct).toBe(GANTT_MIN_BAR_PCT)
  })

  it('ticks at round offsets from the start, about as many as asked', () => {
    const chart = ganttLayout([node('a', 'success', 1, 10 * 60_000 + 1)], 0, 6)
    expect(chart.ticks.map((tick) => tick.offsetMs)).toEqual([0, 2, 4, 6, 8, 10].map((min) => min * 60_000))
    expect(chart.ticks.at(-1)?.pct).toBe(100)
  })

  it('has no axis before any node started', () => {
    expect(ganttLayout([node('a', 'pending', 0)], 5000)).toEqual({
      startMs: 0,
      endMs: 0,
      rows: [{ key: 'a', state: 'pending', bar: null, earlier: [] }],
      ticks: [],
    })
  })

  it('keeps a 2 ms last node on the chart: at least the minimum width, moved left to end at the axis end', () => {
    const chart = ganttLayout([node('a', 'success', 1000, 61_000), node('last', 'success', 60_998, 61_000)], 70_000)
    const bar = chart.rows[1].bar!
    expect(bar.widthPct).toBe(GANTT_MIN_BAR_PCT)
    expect(bar.leftPct + bar.widthPct).toBeCloseTo(100, 9)
    expect(bar.leftPct).toBeLessThan(100)
  })

  it('draws each try of a retried node: the failed tries as their own bars, the last as the node’s', () => {
    const retried = { ...node('load', 'success', 10_000, 40_000), runIds: [7, 8] }
    const attempts = new Map([
      [
        'load',
        [
          { startMs: 10_000, endMs: 20_000 },
          { startMs: 30_000, endMs: 40_000 },
        ],
      ],
    ])
    const chart = ganttLayout([node('a', 'success', 0 + 1, 10_000), retried], 50_000, 6, attempts)
    const row = chart.rows[1]
    expect(row.earlier.map((bar) => [bar.state, bar.attempt, bar.startMs, bar.endMs])).toEqual([['failed', 1, 10_000, 20_000]])
    expect([row.bar?.state, row.bar?.attempt, row.bar?.startMs, row.bar?.endMs]).toEqual(['success', 2, 30_000, 40_000])
  })

  it('draws one bar for a node tried once, attempts known or not', () => {
    const chart = ganttLayout([node('a', 'success', 1000, 2000)], 3000, 6, new Map([['a', [{ startMs: 1000, endMs: 2000 }]]]))
    expect(chart.rows[0].earlier).toEqual([])
    expect(chart.rows[0].bar?.attempt).toBeNull()
  })
})
