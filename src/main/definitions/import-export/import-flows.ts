import type { CalendarDays } from '../../../shared/calendar/business-calendar'
import { ValidationError } from '../../../shared/errors'
import { invalidField } from '../../../shared/messages/coded-errors'
import type {
  Flow,
  FlowApprovalNodeDef,
  FlowEdge,
  FlowJobNodeDef,
  FlowNodeDef,
  FlowSettings,
  FlowSubflowNodeDef,
  FlowSwitchNodeDef,
} from '../../../shared/flow-types'
import type { ParsedFlowInput } from '../../../shared/schema/flow'
import { checkedFlowInputSchema } from '../../flows/flow-input'
import { validateSchedule } from '../../schedule'
import { FLOW_SETTING_FIELDS } from './export-document'
import type { JobPlan } from './import-jobs'
import type { JobRef } from './import-links'
import { isRecord, type ImportProblems, type ProblemLabel } from './import-problems'
import { collectProblems, importedFlowJobNodeSchema, importedFlowSchema } from './import-schemas'
import { isJobNode } from '../../../shared/flow-types'
import { ImportedSubflows } from './import-subflows'

/** A job node of a planned flow: its job is an existing one by id, or one this import creates by its document key. */
export interface PlannedFlowJobNode extends Omit<FlowJobNodeDef, 'kind' | 'jobId'> {
  kind: 'job'
  job: JobRef
}

/** A subflow node of a planned flow: its flow by name, resolved to an id when the import is applied (a flow it creates has none before). */
export interface PlannedFlowSubflowNode extends Omit<FlowSubflowNodeDef, 'flowId'> {
  flow: string
}

export type PlannedFlowNode = PlannedFlowJobNode | FlowApprovalNodeDef | PlannedFlowSubflowNode | FlowSwitchNodeDef

/** A flow to create, checked with the flow editor's rules; the apply resolves its job nodes' jobs to ids. */
export interface PlannedFlow {
  settings: FlowSettings
  /** Start its schedule (the next fire time is the integrator's to compute). */
  active: boolean
  nodes: PlannedFlowNode[]
  edges: FlowEdge[]
}

/** An existing flow (matched by name) the import replaces with the document's; its runs stay. */
export interface PlannedFlowUpdate extends PlannedFlow {
  id: number
}

/** An existing flow the document also defines, left as it is (`onConflict: 'skip'`). */
export interface SkippedFlow {
  id: number
  name: string
}

export interface FlowPlan {
  flowsToCreate: PlannedFlow[]
  flowsToUpdate: PlannedFlowUpdate[]
  flowsSkipped: SkippedFlow[]
}

export interface FlowPlanContext {
  jobs: JobPlan
  /** The saved jobs' ids: the jobs this import creates take stand-in ids above them. */
  savedJobIds: readonly number[]
  current: readonly Flow[]
  onConflict: 'update' | 'skip'
  nowMs: number
  /** The calendars a flow may follow, resolved (as a job's: import-jobs.ts). */
  calendarDays: (name: string) => CalendarDays | undefined
}

const FLOW_HINTS = {
  id: 'import.flowIdField',
} as const

/**
 * Validates each document flow with the flow editor's rules (the flow input schema: keys, trigger
 * rules, a DAG, parameters naming only upstream nodes; then the schedule fires again) and matches it
 * to an existing flow by name. A job node names its job by the document's job key; the jobs this
 * import creates have no id until it is applied, so the rules see a stand-in id for each (the graph's
 * shape does not depend on ids) and the node keeps its job by key.
 */
export function planFlows(raw: readonly unknown[], context: FlowPlanContext, problems: ImportProblems): FlowPlan {
  const plan: FlowPlan = { flowsToCreate: [], flowsToUpdate: [], flowsSkipped: [] }
  const standIn = standInIds(context)
  const subflows = new ImportedSubflows(context.current, raw)
  const nameAt = new Map<string, number>()
  raw.forEach((item, index) => {
    const path = `flows[${index}]`
    const label = flowLabel(item)
    const envelope = collectProblems(importedFlowSchema, item, path, problems, FLOW_HINTS, label)
    if (!isRecord(item)) return
    const flowName = 'flowName' in label ? label.flowName : path
    const nodes = Array.isArray(item.nodes)
      ? item.nodes.map((node, n) => readNode(node, `${path}.nodes[${n}]`, flowName, context.jobs, standIn, subflows, problems))
      : null
    const input = { ...pickSettings(item), nodes: nodes ? nodes.map((node) => node.input) : item.nodes, edges: item.edges }
    const parsed = collectProblems(checkedFlowInputSchema, input, path, problems, {}, label)
    if (!parsed) return

    const first = nameAt.get(parsed.name)
    if (first !== undefined) {
      problems.add(`${path}.name`, 'import.flowNameTwice', { first, name: parsed.name })
      return
    }
    nameAt.set(parsed.name, index)
    try {
      // The flow editor's rule: a calendar it follows exists, and the schedule fires by it.
      const days = parsed.calendar === null ? undefined : context.calendarDays(parsed.calendar)
      if (parsed.calendar !== null && days === undefined) throw invalidField('calendar', 'calendar.notFound', { name: parsed.calendar })
      validateSchedule({ ...parsed, calendarTerms: days && { days, rule: parsed.calendarRule, roll: parsed.calendarRoll } }, context.nowMs)
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error
      problems.addFieldError(path, error, label)
      return
    }
    const refs = nodes!.map((node) => node.job)
    // A job node without a job is reported already (its key is missing or its job is invalid).
    if (!envelope || parsed.nodes.some((node, n) => isJobNode(node) && refs[n] === null)) return
    if (nodes!.some((node) => node.subflowUnknown)) return
    subflows.add(index, parsed.name, parsed.nodes)
    match(plannedFlow(parsed, refs, nodes!, envelope.active), context, plan)
  })
  subflows.check(problems)
  return plan
}

interface ReadNode {
  /** The node as the flow rules read it: a job node with a stand-in `jobId` for its `jobKey`. */
  input: unknown
  /** A job node's job, when its key names a valid job of the document; null otherwise. */
  job: JobRef | null
  /** A subflow node's flow, by name. */
  flow?: string
  /** A subflow node names a flow neither the document nor the target has (reported). */
  subflowUnknown?: boolean
}

function readNode(
  node: unknown,
  path: string,
  flowName: string,
  jobs: JobPlan,
  standIn: (key: string) => number,
  subflows: ImportedSubflows,
  problems: ImportProblems,
): ReadNode {
  if (!isRecord(node) || node.kind === 'approval' || node.kind === 'switch') return { input: node, job: null }
  if (node.kind === 'subflow') {
    const { flow, flowId: _flowId, ...rest } = node
    const name = typeof flow === 'string' ? flow.trim() : ''
    const unknown = !subflows.knows(name)
    if (unknown) problems.add(`${path}.flow`, 'flow.subflowRefNotFound', { key: String(node.key ?? path).slice(0, 120), name: name.slice(0, 120) })
    return { input: { ...rest, flowId: subflows.idOf(name) || 1 }, job: null, flow: name, subflowUnknown: unknown }
  }
  const { jobKey: _jobKey, jobId: _jobId, ...rest } = node
  if ('jobId' in node) problems.add(`${path}.jobId`, 'import.flowJobIdField')
  const jobKey = collectProblems(importedFlowJobNodeSchema, node, path, problems)?.jobKey ?? null
  if (jobKey === null) return { input: { ...rest, jobId: standIn('') }, job: null }
  if (!jobs.declaredKeys.has(jobKey)) {
    const nodeKey = typeof node.key === 'string' ? node.key : path
    problems.add(`${path}.jobKey`, 'import.flowJobKeyMissing', { key: jobKey.slice(0, 120), node: nodeKey.slice(0, 120), flow: flowName.slice(0, 120) })
  }
  const target = jobs.targets.get(jobKey)
  const job: JobRef | null = !target ? null : target.kind === 'create' ? { key: target.key } : { jobId: target.id }
  return { input: { ...rest, jobId: standIn(jobKey) }, job }
}

/**
 * A job's id where it has one (an existing job the document matched); for a job this import creates
 * (or a key that names none), an id above every saved one, one per key.
 */
function standInIds(context: FlowPlanContext): (key: string) => number {
  let next = 1
  for (const id of context.savedJobIds) if (id >= next) next = id + 1
  const ids = new Map<string, number>()
  return (key) => {
    const target = context.jobs.targets.get(key)
    if (target && target.kind !== 'create') return target.id
    if (!ids.has(key)) ids.set(key, next++)
    return ids.get(key)!
  }
}

function plannedFlow(parsed: ParsedFlowInput, refs: readonly (JobRef | null)[], read: readonly ReadNode[], active: boolean): PlannedFlow {
  const settings = Object.fromEntries(FLOW_SETTING_FIELDS.map((field) => [field, parsed[field]])) as unknown as FlowSettings
  const nodes = parsed.nodes.map((node: FlowNodeDef, n): PlannedFlowNode => {
    if (node.kind === 'approval' || node.kind === 'switch') return node
    if (node.kind === 'subflow') {
      const { flowId: _standIn, ...rest } = node
      return { ...rest, flow: read[n].flow! }
    }
    const { jobId: _standIn, kind: _kind, ...rest } = node
    return { ...rest, kind: 'job', job: refs[n]! }
  })
  return { settings, active, nodes, edges: parsed.edges }
}

function match(flow: PlannedFlow, context: FlowPlanContext, plan: FlowPlan): void {
  const existing = context.current.find((saved) => saved.name === flow.settings.name)
  if (!existing) plan.flowsToCreate.push(flow)
  else if (context.onConflict === 'update') plan.flowsToUpdate.push({ ...flow, id: existing.id })
  else plan.flowsSkipped.push({ id: existing.id, name: existing.name })
}

/** Names the flow after a problem, since `flows[3]` alone is hard to find in a long file. */
function flowLabel(item: unknown): ProblemLabel {
  if (isRecord(item) && typeof item.name === 'string' && item.name.trim() !== '') return { flowName: item.name.trim().slice(0, 120) }
  return {}
}

function pickSettings(item: Record<string, unknown>): Record<string, unknown> {
  const settings: Record<string, unknown> = {}
  for (const field of FLOW_SETTING_FIELDS) if (field in item) settings[field] = item[field]
  return settings
}
