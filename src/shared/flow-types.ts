import type { DeadlineTerms } from './deadline-terms'
import type { MisfireStrategy, ScheduleType } from './model'
import type { CalendarRoll, CalendarRule } from './calendar/calendar-rules'
import type { PoolNeed } from './capacity'
import type { ParamsFields } from './job-params'

/**
 * Flows: a named DAG of jobs (and approvals) that runs as one unit (docs/flows.md). Types only, with
 * the value lists they derive from, so every process can import them.
 */

/**
 * When a node runs, over the outcomes of its direct parents: Airflow's names and meanings
 * (docs/flows.md#trigger-rules). `always` does not wait for its parents at all.
 */
export const TRIGGER_RULES = [
  'all_success',
  'all_failed',
  'all_done',
  'one_success',
  'one_failed',
  'none_failed',
  'none_failed_min_one_success',
  'always',
] as const
export type TriggerRule = (typeof TRIGGER_RULES)[number]

/** What a flow does with a fire while `maxActiveRuns` of its runs are active. */
export const FLOW_OVERLAPS = ['SKIP', 'QUEUE', 'ALLOW'] as const
export type FlowOverlap = (typeof FLOW_OVERLAPS)[number]

/** `queued` waits for a slot (overlap QUEUE); `waiting` has nothing running but an approval to decide. */
export const FLOW_RUN_STATES = ['queued', 'running', 'waiting', 'success', 'failed', 'killed'] as const
export type FlowRunState = (typeof FLOW_RUN_STATES)[number]
export const ACTIVE_FLOW_RUN_STATES = ['queued', 'running', 'waiting'] as const satisfies readonly FlowRunState[]

export const FLOW_NODE_STATES = ['pending', 'running', 'waiting', 'success', 'failed', 'upstream_failed', 'skipped', 'killed'] as const
export type FlowNodeState = (typeof FLOW_NODE_STATES)[number]

/** The longest node key. */
export const FLOW_NODE_KEY_MAX_CHARS = 64
/** A node's key: what edges and `${nodes.<key>.output}` name it by; the same on every server. */
export const FLOW_NODE_KEY_PATTERN = new RegExp(`^[a-z][a-z0-9_-]{0,${FLOW_NODE_KEY_MAX_CHARS - 1}}$`)

/** A flow holds at most this many nodes: every check and walk over it is linear, the console draws them all. */
export const FLOW_MAX_NODES = 1000
/** And at most this many edges (ten per node on average; a full fan-out and fan-in of 1000 nodes needs 2000). */
export const FLOW_MAX_EDGES = 10_000

/** An output or a flow parameter is passed on up to this many bytes (UTF-8); longer ones are cut, and say so. */
export const FLOW_VALUE_MAX_BYTES = 4096
/** Sub-flows nest at most this many levels (a flow running a flow … ; docs/flows.md#sub-flows). */
export const SUBFLOW_MAX_DEPTH = 5

export type FlowNodeDef = FlowJobNodeDef | FlowApprovalNodeDef | FlowSubflowNodeDef | FlowSwitchNodeDef

/** A node that runs a job: `kind` absent or 'job'. */
export const isJobNode = (node: FlowNodeDef): node is FlowJobNodeDef => node.kind === undefined || node.kind === 'job'

/** How a fan-out node's outcome follows its items' runs: every item succeeded, or at least one did. */
export const FOR_EACH_RULES = ['all', 'any'] as const
export type ForEachRule = (typeof FOR_EACH_RULES)[number]

interface FlowNodeBase {
  key: string
  /** Default all_success. */
  triggerRule?: TriggerRule
}

export interface FlowJobNodeDef extends FlowNodeBase {
  kind?: 'job'
  jobId: number
  /** The run's parameter (default: the job's own); may hold `${nodes.<key>.output}` and `${flow.param}`. */
  param?: string
  /** The pools the node's run holds, in place of its job's (docs/capacity.md); absent: the job's. */
  pools?: PoolNeed[]
  /** The priority of the node's run while it waits, in place of its job's; absent: the job's. */
  priority?: number
  /**
   * Fan-out: a `${…}` reference (or a literal) that is a JSON array; the job runs once per item, the
   * run's parameter the node's `param` with `${item}` and `${item.index}` (or, without a `param`, the
   * item itself). The node's output is the JSON array of the items' outputs.
   */
  forEach?: string
  /** At most this many items' runs at once (default 1). */
  forEachConcurrency?: number
  /** The node succeeds when all items succeeded (default) or when any did. */
  forEachRule?: ForEachRule
}

export interface FlowApprovalNodeDef extends FlowNodeBase {
  kind: 'approval'
  /** What the approver is asked, shown with the request. */
  prompt?: string
  /** Undecided this long after it was asked, the approval is rejected; 0 or absent: never. */
  timeoutSec?: number
}

/** A node that runs another flow as one step: its own flow run, linked both ways; its outcome the node's. */
export interface FlowSubflowNodeDef extends FlowNodeBase {
  kind: 'subflow'
  flowId: number
  /** The child run's `${flow.param}`; may hold `${nodes.<key>.output}` and `${flow.param}`. Absent: the child flow's own. */
  param?: string
}

/** How a switch case compares its value: text equality, a regular expression, or a numeric compare. */
export const SWITCH_OPERATORS = ['equals', 'matches', 'gt', 'lt'] as const

/** A case's condition: `value` (with `${…}` references) and exactly one operator. */
export interface SwitchCondition {
  value: string
  equals?: string
  matches?: string
  gt?: number
  lt?: number
}

export interface FlowSwitchCase {
  when: SwitchCondition
  /** The child the case picks (an edge from the switch to it exists). */
  to: string
}

/**
 * A branch: picks which children run from its cases, the first that holds (else `default`); its
 * other children end `skipped`. Its edges go to every branch.
 */
export interface FlowSwitchNodeDef extends FlowNodeBase {
  kind: 'switch'
  cases: FlowSwitchCase[]
  default?: string
}

export interface FlowEdge {
  from: string
  to: string
}

export interface FlowDefinition {
  nodes: FlowNodeDef[]
  edges: FlowEdge[]
}

/** A flow's settings; its DeadlineTerms are on the whole run. */
export interface FlowSettings extends DeadlineTerms, ParamsFields {
  name: string
  description: string
  scheduleType: ScheduleType
  scheduleConf: string
  /** IANA zone a cron schedule is read in. */
  timezone: string
  /** The business calendar the schedule follows, or null; its rule and roll (as a job's). */
  calendar: string | null
  calendarRule: CalendarRule
  calendarRoll: CalendarRoll
  misfireStrategy: MisfireStrategy
  /** Default 1. */
  maxActiveRuns: number
  overlap: FlowOverlap
  /** The whole run's limit; past it the run is killed and fails. 0: none. */
  timeoutSec: number
  /** Comma-separated addresses told when a run fails or times out (and the global webhook). */
  alarmEmail: string
  /** The alarm policy of its failure and timeout notices (src/shared/alarm-policy.ts); null: the server's default. */
  alarmAfterFailures: number | null
  alarmQuietSec: number | null
  /** `${flow.param}` when a run is triggered without one (or, with declared params, their defaults formatted: docs/parameters.md). */
  param: string
}

/** What `addFlow` / `updateFlow` take. */
export interface FlowInput extends Partial<Omit<FlowSettings, 'name'>>, FlowDefinition {
  id?: number
  name: string
}

export interface Flow extends FlowSettings, FlowDefinition {
  id: number
  /** 1 while its schedule runs, 0 paused (a paused flow still runs when triggered by hand). */
  triggerStatus: 0 | 1
  triggerNextTimeMs: number
  triggerLastTimeMs: number
  addTimeMs: number
  updateTimeMs: number
}

/** PARENT: started by a parent flow's subflow node (FlowRun.parent names it). */
export type FlowTriggerType = 'CRON' | 'MISFIRE' | 'MANUAL' | 'API' | 'RETRY' | 'BACKFILL' | 'PARENT'

export interface FlowNodeRun {
  key: string
  state: FlowNodeState
  /** Its job runs, oldest first (retries included); empty for approvals and nodes that did not run. */
  runIds: number[]
  /** Its last run's handle message (or an approval's comment), at most FLOW_VALUE_MAX_BYTES. */
  output: string
  /** The output's length before it was cut (bytes), when it was cut; else null. */
  outputCutFromBytes: number | null
  startTimeMs: number
  endTimeMs: number
  /** Why it ended as it did, for people: who approved or marked it, a kill, a time-out. */
  note: string
  /** The deadline marks of its job runs together (RUN_MARK bits): their jobs' own deadlines. */
  deadlineMarks: number
  /** A subflow node's child flow run, once started. */
  subflowRunId?: number | null
  /** A fan-out node's items (forEach), in index order. */
  items?: FlowNodeItemRun[]
}

/** One item of a fan-out node: its runs (retries included) and outcome. */
export interface FlowNodeItemRun {
  index: number
  state: FlowNodeState
  runIds: number[]
  output: string
  startTimeMs: number
  endTimeMs: number
}

export interface FlowRun {
  id: number
  flowId: number
  flowName: string
  state: FlowRunState
  triggerType: FlowTriggerType
  param: string
  /** The scheduled time a CRON/MISFIRE run is for, a BACKFILL run's slot; null otherwise. */
  scheduleTimeMs: number | null
  /** 0 while queued. */
  startTimeMs: number
  endTimeMs: number
  /** Why it was killed or failed beyond its nodes (`timeout`, `killed by …`); '' otherwise. */
  reason: string
  /** The flow's definition as it was when the run started: edits never change a run under way. */
  definition: FlowDefinition
  nodes: FlowNodeRun[]
  /** The promises this run broke: RUN_MARK bits (src/shared/deadline-terms.ts); 0 for none. */
  deadlineMarks: number
  /** The flow run and subflow node that started this run, when it is a sub-flow's run. */
  parent?: { flowRunId: number; flowId: number; key: string } | null
  /** A run of a flow with declared params: the typed values it was given, a secret as its `${secrets.NAME}` reference. */
  typedParams?: Record<string, string | number | boolean>
}

/** One row of the Flows page: the flow with its latest runs' states (oldest first) and next fire. */
export interface FlowSummary {
  flow: Flow
  recentRuns: { id: number; state: FlowRunState; startTimeMs: number; endTimeMs: number }[]
  activeRunCount: number
}

export interface FlowRunFilter {
  flowId?: number
  state?: FlowRunState
  /** Keyset: runs with a smaller id. */
  beforeId?: number
  /** Default 50, at most 500. */
  limit?: number
}

export interface FlowRunPage {
  runs: FlowRun[]
  nextBeforeId: number | null
}

export interface FlowTriggerRequest {
  flowId: number
  /** `${flow.param}`; default the flow's own `param`. */
  param?: string
  /** A flow with declared params: their values by name, formatted into `${flow.param}` (docs/parameters.md). */
  params?: Record<string, string | number | boolean>
  /** How the flow run is recorded: MANUAL (the default, the console) or API (the OpenAPI and the CLI). */
  triggerType?: 'MANUAL' | 'API'
}

/** `{ flowRunId: null, skipped: true }` when overlap SKIP left the fire out; `queued` when it waits for a slot. */
export interface FlowTriggerResult {
  flowRunId: number | null
  state: FlowRunState | 'skipped'
}

export interface ApprovalDecision {
  flowRunId: number
  key: string
  approve: boolean
  comment: string
}

export interface FlowNodeMark {
  flowRunId: number
  key: string
  state: 'success' | 'skipped'
}

/** Turns the chain below `rootJobId` (its child links, followed down) into a new, paused flow. */
export interface ChainToFlowRequest {
  rootJobId: number
  name: string
}
