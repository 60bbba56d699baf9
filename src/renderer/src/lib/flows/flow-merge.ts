import type { FlowRun, FlowRunState, FlowSummary } from '../../../../shared/flow-types'
import { isActiveFlowRun } from './flow-run-actions'

/** What a `flow-run-changed` event says. */
export interface FlowRunStateChange {
  flowRunId: number
  flowId: number
  state: FlowRunState
}

/**
 * The Flows page's rows with one pushed run state applied: the run's grid cell takes the new state
 * (a new run joins at the right, started `nowMs` unless queued) and the active count follows. Times
 * the event does not carry stay as they were until the list is read again. Unchanged rows (and the
 * list, when nothing changed) are the same objects, so rows that did not change do not re-render.
 */
export function applyRunState(summaries: readonly FlowSummary[], change: FlowRunStateChange, nowMs: number): FlowSummary[] {
  let changed = false
  const next = summaries.map((summary) => {
    if (summary.flow.id !== change.flowId) return summary
    const known = summary.recentRuns.find((run) => run.id === change.flowRunId)
    if (known?.state === change.state) return summary
    const newest = summary.recentRuns.reduce((max, run) => Math.max(max, run.id), 0)
    // An older run outside the row: the row does not show it.
    if (!known && change.flowRunId < newest) return summary
    changed = true
    const recentRuns = known
      ? summary.recentRuns.map((run) => (run.id === change.flowRunId ? { ...run, state: change.state } : run))
      : [...summary.recentRuns, { id: change.flowRunId, state: change.state, startTimeMs: change.state === 'queued' ? 0 : nowMs, endTimeMs: 0 }]
    const delta = Number(isActiveFlowRun(change.state)) - Number(known ? isActiveFlowRun(known.state) : false)
    return { ...summary, recentRuns, activeRunCount: Math.max(0, summary.activeRunCount + delta) }
  })
  return changed ? next : (summaries as FlowSummary[])
}

/**
 * A page of runs (newest first) with a run read again: replaced where it is, put first when it is
 * newer than every run there, else left out (it belongs to an older page not loaded).
 */
export function upsertFlowRun(runs: readonly FlowRun[], run: FlowRun): FlowRun[] {
  const index = runs.findIndex((held) => held.id === run.id)
  if (index >= 0) return runs.map((held, i) => (i === index ? run : held))
  if (runs.length === 0 || run.id > runs[0].id) return [run, ...runs]
  return runs as FlowRun[]
}
