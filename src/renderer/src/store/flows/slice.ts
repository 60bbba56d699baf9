import type { ApprovalDecision, ChainToFlowRequest, Flow, FlowInput, FlowNodeMark, FlowTriggerRequest, FlowTriggerResult } from '../../../../shared/flow-types'
import type { FlowRunStateChange } from '../../lib/flows/flow-merge'
import type { FlowsState } from './initialState'

export interface FlowsActions {
  /** Reads every flow with its latest runs (the Flows page's rows). */
  fetchFlows(): Promise<void>
  /** Opens a flow run for the run view: reads it now, then pushed changes keep it current until `closeFlowRun`. */
  loadFlowRun(flowRunId: number): Promise<void>
  closeFlowRun(): void
  /** Reads the newest runs of a flow (replacing what was loaded); pushed changes keep them current until `forgetFlowRuns`. */
  fetchFlowRuns(flowId: number): Promise<void>
  fetchOlderFlowRuns(flowId: number): Promise<void>
  forgetFlowRuns(flowId: number): void
  /** Starts (or queues, or skips by the overlap rule) a run now. Rejects with the core's error for the dialog to show. */
  triggerFlow(request: FlowTriggerRequest): Promise<FlowTriggerResult>
  /** Resumes or pauses the schedule; errors are shown as notifications. Resolves with whether it worked. */
  setFlowActive(flowId: number, active: boolean): Promise<boolean>
  /** Refused while the flow has an active run; errors are shown as notifications. */
  removeFlow(flowId: number): Promise<boolean>
  retryFlowRun(flowRunId: number): Promise<boolean>
  /** `keepFinished`: what finished keeps its outcome, the nodes not reached end killed (default: they stay pending). */
  killFlowRun(flowRunId: number, options?: { keepFinished?: boolean }): Promise<boolean>
  markFlowNode(mark: FlowNodeMark): Promise<boolean>
  decideApproval(decision: ApprovalDecision): Promise<boolean>
  /** Adds a flow (no id) or replaces a saved one. Rejects with the core's error for the editor to show. */
  saveFlow(input: FlowInput): Promise<Flow>
  /** Makes a new, paused flow of a child-job chain. Rejects with the core's error for the dialog to show. */
  chainToFlow(request: ChainToFlowRequest): Promise<Flow>
  /** After `flows-changed`: re-read the list (once per burst), when the Flows page has read it. */
  applyFlowsChanged(): void
  /**
   * After `flow-run-changed`: the run's cell in its flow's row takes the state at once, and the row,
   * the open run and a loaded runs page holding it are read again (once per burst).
   */
  applyFlowRunChanged(change: FlowRunStateChange): void
  /** After a reconnect (events were missed): re-read whatever the Flows page shows. */
  resyncFlows(): Promise<void>
}

export type FlowsSlice = FlowsState & FlowsActions
