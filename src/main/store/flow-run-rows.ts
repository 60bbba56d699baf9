import type { ChildRunRef, FlowNodeRecord, FlowRunHead, FlowRunRecord, FlowStep } from '../domain/flows'
import type { FlowNodeState, FlowRunState, FlowTriggerType } from '../../shared/flow-types'
import type { ParamValue } from '../../shared/job-params'
import { definitionFromText } from './flow-definition-column'

// The rows of job_flow_run, job_flow_node and job_flow_step as the drivers give them, and the records they stand for (flow-run-repo.ts).

export interface RunRow {
  id: number
  flow_id: number
  state: string
  trigger_type: string
  param: string
  schedule_time: number | null
  backfill_id: number | string
  definition: string
  start_time: number
  end_time: number
  reason: string
  add_time: number
  deadline_marks: number
  parent_flow_run_id: number | string
  parent_key: string
  parent_attempt: number
  typed_params?: string | null
}

export interface ChildRow {
  id: number
  flow_id: number
  state: string
  parent_flow_run_id: number | string
  parent_key: string
  parent_attempt: number
}

export interface NodeRow {
  flow_run_id: number
  node_key: string
  state: string
  attempt: number
  output: string
  output_cut_from_bytes: number | null
  start_time: number
  end_time: number
  note: string
}

export interface StepRow {
  log_id: number
  flow_run_id: number
  node_key: string
  attempt: number
  item_index?: number
}

/** Every column of job_flow_run but the definition, which a run never changes (FlowRunRepo.head). */
export const HEAD_COLUMNS =
  'id, flow_id, state, trigger_type, param, schedule_time, backfill_id, start_time, end_time, reason, add_time, deadline_marks, parent_flow_run_id, parent_key, parent_attempt, typed_params'

export function runOf(row: RunRow): FlowRunRecord {
  return { ...headOf(row), definition: definitionFromText(row.definition, `flow run ${row.id}`) }
}

export function headOf(row: Omit<RunRow, 'definition'>): FlowRunHead {
  return {
    id: Number(row.id),
    flowId: Number(row.flow_id),
    state: row.state as FlowRunState,
    triggerType: row.trigger_type as FlowTriggerType,
    param: row.param,
    scheduleTimeMs: row.schedule_time === null ? null : Number(row.schedule_time),
    backfillId: Number(row.backfill_id ?? 0),
    startTimeMs: Number(row.start_time),
    endTimeMs: Number(row.end_time),
    reason: row.reason,
    addTimeMs: Number(row.add_time),
    deadlineMarks: Number(row.deadline_marks ?? 0),
    parentRun:
      Number(row.parent_flow_run_id ?? 0) > 0 ? { flowRunId: Number(row.parent_flow_run_id), key: row.parent_key, attempt: Number(row.parent_attempt) } : null,
    ...(row.typed_params ? { typedParams: JSON.parse(row.typed_params) as Record<string, ParamValue> } : {}),
  }
}

export function childOf(row: ChildRow): ChildRunRef {
  return {
    id: Number(row.id),
    flowId: Number(row.flow_id),
    state: row.state as FlowRunState,
    parent: { flowRunId: Number(row.parent_flow_run_id), key: row.parent_key, attempt: Number(row.parent_attempt) },
  }
}

export function nodeOf(row: NodeRow): FlowNodeRecord {
  return {
    flowRunId: Number(row.flow_run_id),
    key: row.node_key,
    state: row.state as FlowNodeState,
    attempt: Number(row.attempt),
    output: row.output,
    outputCutFromBytes: row.output_cut_from_bytes === null ? null : Number(row.output_cut_from_bytes),
    startTimeMs: Number(row.start_time),
    endTimeMs: Number(row.end_time),
    note: row.note,
  }
}

export function stepOf(row: StepRow): FlowStep {
  const step: FlowStep = { logId: Number(row.log_id), flowRunId: Number(row.flow_run_id), key: row.node_key, attempt: Number(row.attempt) }
  // -1: a node's own run, not a fan-out item's.
  const item = Number(row.item_index ?? -1)
  if (item >= 0) step.item = item
  return step
}
