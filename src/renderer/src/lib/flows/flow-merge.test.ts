import { describe, expect, it } from 'vitest'
import type { FlowRun, FlowSummary } from '../../../../shared/flow-types'
import { applyRunState, upsertFlowRun } from './flow-merge'

const row = (flowId: number, runs: [number, FlowSummary['recentRuns'][number]['state']][], activeRunCount = 0): FlowSummary => ({
  flow: { id: flowId } as FlowSummary['flow'],
  recentRuns: runs.map(([id, state]) => ({ id, state, startTimeMs: id * 10, endTimeMs: 0 })),
  activeRunCount,
})

describe('applyRunState', () => {
  it('changes the run’s cell and the active count, and leaves other rows as they were', () => {
    const rows = [row(1, [[4, 'running']], 1), row(2, [[5, 'success']])]
    const next = applyRunState(rows, { flowRunId: 4, flowId: 1, state: 'success' }, 999)
    expect(next[0]).toMatchObject({ recentRuns: [{ id: 4, state: 'success', startTimeMs: 40 }], activeRunCount: 0 })
    expect(next[1]).toBe(rows[1])
  })

  it('adds a new run at the right (started now unless queued) and counts it as active', () => {
    const rows = [row(1, [[4, 'success']])]
    expect(applyRunState(rows, { flowRunId: 6, flowId: 1, state: 'running' }, 999)[0]).toMatchObject({
      recentRuns: [{ id: 4 }, { id: 6, state: 'running', startTimeMs: 999, endTimeMs: 0 }],
      activeRunCount: 1,
    })
    expect(applyRunState(rows, { flowRunId: 6, flowId: 1, state: 'queued' }, 999)[0].recentRuns[1].startTimeMs).toBe(0)
  })

  it('returns the same list when nothing it shows changes', () => {
    const rows = [
      row(
        1,
        [
          [4, 'running'],
          [8, 'success'],
        ],
        1,
      ),
    ]
    expect(applyRunState(rows, { flowRunId: 4, flowId: 1, state: 'running' }, 0)).toBe(rows)
    // An old run that left the row, and a flow not listed (yet).
    expect(applyRunState(rows, { flowRunId: 2, flowId: 1, state: 'failed' }, 0)).toBe(rows)
    expect(applyRunState(rows, { flowRunId: 9, flowId: 3, state: 'running' }, 0)).toBe(rows)
  })
})

describe('upsertFlowRun', () => {
  const run = (id: number, state: FlowRun['state'] = 'running') => ({ id, state }) as FlowRun

  it('replaces a held run, puts a newer one first and leaves out an older one', () => {
    const runs = [run(5), run(3)]
    expect(upsertFlowRun(runs, run(3, 'failed')).map((r) => [r.id, r.state])).toEqual([
      [5, 'running'],
      [3, 'failed'],
    ])
    expect(upsertFlowRun(runs, run(6)).map((r) => r.id)).toEqual([6, 5, 3])
    expect(upsertFlowRun(runs, run(1))).toBe(runs)
    expect(upsertFlowRun([], run(1)).map((r) => r.id)).toEqual([1])
  })
})
