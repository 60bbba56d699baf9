import type { FlowRunState, FlowSummary } from '../../../../shared/flow-types'
import { isActiveFlowRun } from './flow-run-actions'

/** Cells per row of the Flows page's grid: every row has as many, so the columns of runs line up. */
export const FLOW_GRID_CELLS = 20

export interface GridCell {
  id: number
  state: FlowRunState
  /** 0 while queued. */
  startTimeMs: number
  /** How long it ran (active runs: until `nowMs`); null while queued or when the end is not known yet. */
  durationMs: number | null
  active: boolean
}

export interface GridRow {
  /** Empty slots on the left of a row with fewer runs than cells. */
  padding: number
  /** Oldest first: the newest run is the rightmost cell, as in Airflow's grid view. */
  cells: GridCell[]
}

/** The grid row of a flow's recent runs: the newest `count`, oldest first, padded on the left. */
export function gridRow(recentRuns: FlowSummary['recentRuns'], nowMs: number, count = FLOW_GRID_CELLS): GridRow {
  const newest = [...recentRuns].sort((a, b) => a.id - b.id).slice(-count)
  const cells = newest.map((run): GridCell => {
    const active = isActiveFlowRun(run.state)
    const started = run.startTimeMs > 0
    const durationMs = !started ? null : active ? Math.max(0, nowMs - run.startTimeMs) : run.endTimeMs > 0 ? Math.max(0, run.endTimeMs - run.startTimeMs) : null
    return { id: run.id, state: run.state, startTimeMs: run.startTimeMs, durationMs, active }
  })
  return { padding: count - cells.length, cells }
}
