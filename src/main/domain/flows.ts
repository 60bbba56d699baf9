import type { FlowDefinition, FlowNodeState, FlowRunState, FlowTriggerType } from '../../shared/flow-types'
import type { ParamValue } from '../../shared/job-params'

// The terms the flow engine and the store speak (store/flow-repo.ts, store/flow-run-repo.ts).

/** A `job_flow_run` row. */
export interface FlowRunRecord {
  id: number
  flowId: number
  state: FlowRunState
  triggerType: FlowTriggerType
  param: string
  scheduleTimeMs: number | null
  /** The backfill whose slot (`scheduleTimeMs`) this run is; 0 for every other run. */
  backfillId: number
  /** The flow's graph when the run was created. */
  definition: FlowDefinition
  startTimeMs: number
  endTimeMs: number
  reason: string
  addTimeMs: number
  /** The promises the run broke (RUN_MARK bits, src/shared/deadline-terms.ts). */
  deadlineMarks: number
  /** The subflow node (of its run, at its attempt) that started this run; null for every other run. */
  parentRun: ParentNodeRef | null
  /** A run of a flow with declared params: the typed values it was given, secrets as references; absent for every other run. */
  typedParams?: Record<string, ParamValue>
}

/** A run without its definition: what changes as it runs (the definition never does). */
export type FlowRunHead = Omit<FlowRunRecord, 'definition'>

/** A subflow node's attempt: the one a child run's end decides. */
export interface ParentNodeRef {
  flowRunId: number
  key: string
  attempt: number
}

export type NewFlowRun = Omit<FlowRunRecord, 'id' | 'endTimeMs' | 'reason' | 'backfillId' | 'deadlineMarks' | 'parentRun'> & {
  backfillId?: number
  parentRun?: ParentNodeRef
}

/** A child flow run with the subflow node attempt that started it. */
export interface ChildRunRef {
  id: number
  flowId: number
  state: FlowRunState
  parent: ParentNodeRef
}

/** A `job_flow_node` row: one node of one flow run. */
export interface FlowNodeRecord {
  flowRunId: number
  key: string
  state: FlowNodeState
  /**
   * Raised each time a retry or a mark sends the node back to pending: a completion of an earlier
   * attempt's run then no longer matches, so it cannot decide the new one.
   */
  attempt: number
  output: string
  /** Bytes of the output before it was cut; null when it was not cut. */
  outputCutFromBytes: number | null
  startTimeMs: number
  endTimeMs: number
  note: string
}

/** A `job_flow_step` row: a job run (`logId`) made for one attempt of one node. */
export interface FlowStep {
  logId: number
  flowRunId: number
  key: string
  attempt: number
  /** A fan-out node's run: the item it is for (job_flow_item); absent for any other node's run. */
  item?: number
}

/**
 * What a flow node's run carries into the transaction that writes its row: the first run of an
 * attempt claims the node (pending → running), a retry proves the node still runs that attempt.
 * The row and the claim land together or not at all, so a node runs once however many nodes decide it.
 */
export interface FlowStepClaim {
  flowRunId: number
  key: string
  attempt: number
  first: boolean
  /**
   * A fan-out node's item: the first run claims the item (pending → running) while fewer than `cap`
   * of the node's items run; a retry proves the item still runs. The node itself stays running.
   */
  item?: { index: number; cap: number }
}

/** A `job_flow_item` row: one item of a fan-out node's attempt. */
export interface FlowItemRecord {
  flowRunId: number
  key: string
  attempt: number
  index: number
  state: 'pending' | 'running' | 'success' | 'failed' | 'killed'
  /** Its latest job run (a retry takes its place); 0 before it started. */
  logId: number
  output: string
  startTimeMs: number
  endTimeMs: number
}

/** The fields a node's state change also sets (those left out keep their value). */
export interface FlowNodeChange {
  output?: string
  outputCutFromBytes?: number | null
  startTimeMs?: number
  endTimeMs?: number
  note?: string
}

/** The fields a run's state change also sets. */
export interface FlowRunChange {
  startTimeMs?: number
  endTimeMs?: number
  reason?: string
}
