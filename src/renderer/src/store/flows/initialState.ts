import type { FlowRun, FlowSummary } from '../../../../shared/flow-types'

/** Loaded pages of one flow's runs, newest first. */
export interface FlowRunsPage {
  runs: FlowRun[]
  /** Where the next older page starts; null when the oldest run is loaded. */
  nextBeforeId: number | null
  loading: boolean
}

export interface FlowsState {
  /** The Flows page's rows: every flow with its latest runs (from `listFlows`, patched by pushed run states). */
  flowSummaries: FlowSummary[]
  /** The list was read once: pushed events keep it current from then on. */
  flowsLoaded: boolean
  /** The flow run the run view shows; null when none is open. */
  openFlowRunId: number | null
  /** That run as last read (null while it is read, or when it does not exist). */
  openFlowRun: FlowRun | null
  /** The open run could not be read (it does not exist, or is not this console's to see). */
  openFlowRunMissing: boolean
  /** The runs of flows whose runs view is open, by flow id. */
  flowRunPages: Record<number, FlowRunsPage>
}

export const initialFlowsState: FlowsState = {
  flowSummaries: [],
  flowsLoaded: false,
  openFlowRunId: null,
  openFlowRun: null,
  openFlowRunMissing: false,
  flowRunPages: {},
}
