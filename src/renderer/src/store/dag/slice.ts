import type { JobLink, JobRun } from '../../../../shared/model'
import type { DagState } from './initialState'

export interface DagActions {
  fetchLinks(): Promise<void>
  /**
   * Adds a link or changes its condition. Rejects with the core's error: a ConflictError naming the
   * cycle (code `link.cycle`, the path in `params.path`), or a ValidationError naming the field.
   */
  saveLink(link: JobLink): Promise<JobLink>
  /** Rejects with the core's error. */
  deleteLink(parentJobId: number, childJobId: number): Promise<void>
  /** Reads the chain of a run (up to its first run, then all it fired) to show it in the DAG. */
  showChain(runId: number): Promise<void>
  clearChain(): void
  /** From `runs-changed`: runs of the shown chain change; runs fired by one of them join it. */
  applyChainRuns(changed: readonly JobRun[]): void
}

export type DagSlice = DagState & DagActions
