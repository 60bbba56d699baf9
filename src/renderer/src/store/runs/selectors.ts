import type { JobRun } from '../../../../shared/model'
import type { JobDeskState } from '../state'

export const selectRuns = (s: JobDeskState) => s.runs
export const selectRunFilter = (s: JobDeskState) => s.runFilter
export const selectLastRunByJob = (s: JobDeskState) => s.lastRunByJob

/** A run from anywhere the store holds it: runs opened by id or the loaded list. */
export const selectRun =
  (id: number | null) =>
  (s: JobDeskState): JobRun | undefined => {
    if (id === null) return undefined
    return s.runsById[id] ?? s.runs.find((run) => run.id === id)
  }
