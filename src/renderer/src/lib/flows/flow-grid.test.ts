import { describe, expect, it } from 'vitest'
import type { FlowSummary } from '../../../../shared/flow-types'
import { gridRow } from './flow-grid'

type Recent = FlowSummary['recentRuns'][number]
const run = (id: number, state: Recent['state'], startTimeMs: number, endTimeMs = 0): Recent => ({ id, state, startTimeMs, endTimeMs })

describe('gridRow', () => {
  it('puts the newest run on the right and pads a short row on the left', () => {
    const row = gridRow([run(3, 'success', 100, 400), run(1, 'failed', 10, 20), run(2, 'killed', 50, 60)], 1000, 5)
    expect(row.padding).toBe(2)
    expect(row.cells.map((cell) => [cell.id, cell.state])).toEqual([
      [1, 'failed'],
      [2, 'killed'],
      [3, 'success'],
    ])
  })

  it('keeps only the newest runs that fit', () => {
    const runs = Array.from({ length: 8 }, (_, i) => run(i + 1, 'success', 1, 2))
    const row = gridRow(runs, 0, 5)
    expect(row.padding).toBe(0)
    expect(row.cells.map((cell) => cell.id)).toEqual([4, 5, 6, 7, 8])
  })

  it('measures finished runs to their end, active ones to now, and queued ones not at all', () => {
    const row = gridRow([run(1, 'success', 100, 400), run(2, 'running', 500), run(3, 'waiting', 700), run(4, 'queued', 0), run(5, 'failed', 900)], 1000)
    expect(row.cells.map((cell) => [cell.durationMs, cell.active])).toEqual([
      [300, false],
      [500, true],
      [300, true],
      [null, true],
      // Its end is not known yet (the state came pushed ahead of the row).
      [null, false],
    ])
  })
})
