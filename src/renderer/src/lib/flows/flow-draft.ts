import {
  FLOW_NODE_KEY_MAX_CHARS,
  FLOW_NODE_KEY_PATTERN,
  type Flow,
  type FlowApprovalNodeDef,
  type FlowDefinition,
  type FlowEdge,
  type FlowInput,
  type FlowJobNodeDef,
  type FlowNodeDef,
  type FlowSettings,
  type FlowSubflowNodeDef,
  type FlowSwitchNodeDef,
} from '../../../../shared/flow-types'
import { placementMessages, renameOutputReferences } from '../../../../shared/flow-references'
import { flowDefinitionSchema } from '../../../../shared/schema/flow'
import { inputProblems, type InputProblem } from '../../../../shared/schema/parse-input'
import { cycleClosedBy } from '../../../../shared/flow-edges'
import { defaultFlowSettings } from '../../../../shared/flow-defaults'
import { deadlineTermsOf } from '../../../../shared/deadline-terms'
import { renameCaseReferences, retargetSwitches } from './flow-branches'

/**
 * A flow as the editor holds it before saving, and the editing steps on its graph. Every step is
 * pure: it returns a new definition (or says why it refused) and leaves the one given alone, so the
 * editor can keep its draft in React state and these can be tested without it.
 */
export interface FlowDraft extends FlowSettings, FlowDefinition {
  /** Absent for a flow not saved yet. */
  id?: number
}

/** A new flow: run by hand only (its schedule is chosen later), one run at a time, no limits. */
export function newFlowDraft(timezone: string): FlowDraft {
  return { ...defaultFlowSettings('', timezone), nodes: [], edges: [] }
}

/** The editable part of a stored flow (its schedule state and times are the core's). */
export function draftOfFlow(flow: Flow): FlowDraft {
  return {
    id: flow.id,
    name: flow.name,
    description: flow.description,
    scheduleType: flow.scheduleType,
    scheduleConf: flow.scheduleConf,
    timezone: flow.timezone,
    calendar: flow.calendar,
    calendarRule: flow.calendarRule,
    calendarRoll: flow.calendarRoll,
    misfireStrategy: flow.misfireStrategy,
    maxActiveRuns: flow.maxActiveRuns,
    overlap: flow.overlap,
    timeoutSec: flow.timeoutSec,
    alarmEmail: flow.alarmEmail,
    alarmAfterFailures: flow.alarmAfterFailures,
    alarmQuietSec: flow.alarmQuietSec,
    param: flow.param,
    ...deadlineTermsOf(flow),
    // Typed parameters (docs/parameters.md), only when declared: a save keeps them.
    ...(flow.params?.length ? { params: flow.params, paramFormat: flow.paramFormat, paramTemplate: flow.paramTemplate } : {}),
    nodes: flow.nodes.map((node) => ({ ...node })),
    edges: flow.edges.map((edge) => ({ ...edge })),
  }
}

/** What addFlow / updateFlow take: the draft as it is (the core checks it and refuses what is wrong). */
export function flowInputOf(draft: FlowDraft): FlowInput {
  const { id, ...rest } = draft
  return id === undefined ? rest : { ...rest, id }
}

export function isApprovalNode(node: FlowNodeDef): node is FlowApprovalNodeDef {
  return node.kind === 'approval'
}

/**
 * A key for a node named `name` that no node in `taken` has: the name in lower case with every
 * run of other characters as one `_` (`Nightly ETL (v2)` → `nightly_etl_v2`), starting with a
 * letter, then `_2`, `_3`… until it is free. A name with nothing usable (`数据同步`) gives `fallback`.
 */
export function uniqueNodeKey(name: string, taken: ReadonlySet<string>, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[^a-z]+/, '')
    .slice(0, FLOW_NODE_KEY_MAX_CHARS)
    .replace(/[_-]+$/, '')
  const base = FLOW_NODE_KEY_PATTERN.test(slug) ? slug : fallback
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `_${n}`
    const key = `${base.slice(0, FLOW_NODE_KEY_MAX_CHARS - suffix.length)}${suffix}`
    if (!taken.has(key)) return key
  }
}

function keysOf(definition: FlowDefinition): Set<string> {
  return new Set(definition.nodes.map((node) => node.key))
}

/** Adds a node for the job, keyed after the job's name; its parameter is the job's own until one is set. */
export function addJobNode(definition: FlowDefinition, job: { id: number; name: string }): { definition: FlowDefinition; key: string } {
  const key = uniqueNodeKey(job.name, keysOf(definition), `job_${job.id}`)
  const node: FlowJobNodeDef = { key, kind: 'job', jobId: job.id }
  return { definition: { ...definition, nodes: [...definition.nodes, node] }, key }
}

/** Adds an approval node (`approval`, `approval_2`…) that asks nothing in particular and never times out. */
export function addApprovalNode(definition: FlowDefinition): { definition: FlowDefinition; key: string } {
  const key = uniqueNodeKey('approval', keysOf(definition), 'approval')
  const node: FlowApprovalNodeDef = { key, kind: 'approval', prompt: '', timeoutSec: 0 }
  return { definition: { ...definition, nodes: [...definition.nodes, node] }, key }
}

/** Adds a node that runs flow `flow` as one step, keyed after its name; its parameter is the flow's own until one is set. */
export function addSubflowNode(definition: FlowDefinition, flow: { id: number; name: string }): { definition: FlowDefinition; key: string } {
  const key = uniqueNodeKey(flow.name, keysOf(definition), `subflow_${flow.id}`)
  const node: FlowSubflowNodeDef = { key, kind: 'subflow', flowId: flow.id }
  return { definition: { ...definition, nodes: [...definition.nodes, node] }, key }
}

/** Adds a switch node (`switch`, `switch_2`…) without cases yet: linking it to children gives its cases their targets. */
export function addSwitchNode(definition: FlowDefinition): { definition: FlowDefinition; key: string } {
  const key = uniqueNodeKey('switch', keysOf(definition), 'switch')
  const node: FlowSwitchNodeDef = { key, kind: 'switch', cases: [] }
  return { definition: { ...definition, nodes: [...definition.nodes, node] }, key }
}

export type LinkResult =
  | { ok: true; definition: FlowDefinition }
  | { ok: false; reason: 'unknown' | 'duplicate' }
  /** `path` runs from the new child back to it: `to → … → from → to`. */
  | { ok: false; reason: 'cycle'; path: string[] }

/** Links `from` (parent) to `to` (child); refuses an unknown node, a link that exists, and one that would close a cycle. */
export function linkNodes(definition: FlowDefinition, from: string, to: string): LinkResult {
  const keys = keysOf(definition)
  if (!keys.has(from) || !keys.has(to)) return { ok: false, reason: 'unknown' }
  if (definition.edges.some((edge) => edge.from === from && edge.to === to)) return { ok: false, reason: 'duplicate' }
  const path = cycleClosedBy(definition.edges, from, to)
  if (path) return { ok: false, reason: 'cycle', path }
  return { ok: true, definition: { ...definition, edges: [...definition.edges, { from, to }] } }
}

/** Cuts the link; a switch `from` loses the cases (and default) that picked `to`, which is no longer its child. */
export function unlinkNodes(definition: FlowDefinition, from: string, to: string): FlowDefinition {
  return {
    nodes: retargetSwitches(definition.nodes, to, null, from),
    edges: definition.edges.filter((edge) => edge.from !== from || edge.to !== to),
  }
}

/**
 * Removes the node and every link into or out of it, and the switch cases that picked it.
 * Parameters that use its output keep the reference (the operator decides what they use instead;
 * {@link misplacedReferences} points them out).
 */
export function removeNode(definition: FlowDefinition, key: string): FlowDefinition {
  return {
    nodes: retargetSwitches(
      definition.nodes.filter((node) => node.key !== key),
      key,
      null,
    ),
    edges: definition.edges.filter((edge) => edge.from !== key && edge.to !== key),
  }
}

export type RenameResult = { ok: true; definition: FlowDefinition } | { ok: false; reason: 'pattern' | 'taken' }

/**
 * Gives node `from` the key `to`: its links, switch cases and defaults that pick it, and every
 * parameter's, fan-out list's and case value's `${nodes.<from>.output}` follow.
 * Refuses a key FLOW_NODE_KEY_PATTERN does not allow, and one another node has.
 */
export function renameNode(definition: FlowDefinition, from: string, to: string): RenameResult {
  if (from === to) return { ok: true, definition }
  if (!FLOW_NODE_KEY_PATTERN.test(to)) return { ok: false, reason: 'pattern' }
  if (keysOf(definition).has(to)) return { ok: false, reason: 'taken' }
  const renamed = (key: string) => (key === from ? to : key)
  const renamedNodes = definition.nodes.map((node): FlowNodeDef => {
    const key = renamed(node.key)
    if (isApprovalNode(node) || node.kind === 'switch') return { ...node, key }
    const next = { ...node, key }
    if (node.param !== undefined) next.param = renameOutputReferences(node.param, from, to)
    if (next.kind !== 'subflow' && next.forEach !== undefined) next.forEach = renameOutputReferences(next.forEach, from, to)
    return next
  })
  const nodes = renameCaseReferences(retargetSwitches(renamedNodes, from, to), from, to)
  const edges = definition.edges.map((edge) => ({ from: renamed(edge.from), to: renamed(edge.to) }))
  return { ok: true, definition: { nodes, edges } }
}

/** What the side panel edits on a node besides its key (renameNode changes that). */
export type NodePatch =
  | Partial<Omit<FlowJobNodeDef, 'key' | 'kind'>>
  | Partial<Omit<FlowApprovalNodeDef, 'key' | 'kind'>>
  | Partial<Omit<FlowSubflowNodeDef, 'key' | 'kind'>>
  | Partial<Omit<FlowSwitchNodeDef, 'key' | 'kind'>>

/** Changes fields of node `key`; a field set to undefined is removed (the core's default applies). */
export function updateNode(definition: FlowDefinition, key: string, patch: NodePatch): FlowDefinition {
  return {
    ...definition,
    nodes: definition.nodes.map((node) => {
      if (node.key !== key) return node
      const next: Record<string, unknown> = { ...node, ...patch }
      for (const [field, value] of Object.entries(patch)) if (value === undefined) delete next[field]
      return next as unknown as FlowNodeDef
    }),
  }
}

/** Each definition checked, by its node list (drafts are never changed in place): the canvas and the panel ask on every render. */
const checkedDrafts = new WeakMap<readonly FlowNodeDef[], { edges: readonly FlowEdge[]; problems: InputProblem[] }>()

/**
 * Every reason the core would refuse to save this graph, as its save reports them (`nodes[2].param`,
 * a message code and its parameters): the shared node and edge schema with the shared definition
 * rules (src/shared/flow-definition-check.ts), the very ones parseFlowInput applies, so the editor
 * and the save cannot disagree. Empty when the graph may be saved.
 */
export function draftProblems(definition: FlowDefinition): InputProblem[] {
  const held = checkedDrafts.get(definition.nodes)
  if (held && held.edges === definition.edges) return held.problems
  const result = inputProblems(flowDefinitionSchema, { nodes: definition.nodes, edges: definition.edges }, 'flow')
  const problems = result.ok ? [] : result.problems
  checkedDrafts.set(definition.nodes, { edges: definition.edges, problems })
  return problems
}

/**
 * The keys of the nodes the core would refuse something of (a parameter, a case, a sub-flow, a
 * fan-out list: any problem about one node's fields), for the canvas to mark.
 */
export function nodesWithProblems(definition: FlowDefinition): Set<string> {
  const marked = new Set<string>()
  for (const { field } of draftProblems(definition)) {
    const index = NODE_FIELD.exec(field)?.[1]
    const node = index === undefined ? undefined : definition.nodes[Number(index)]
    if (node) marked.add(node.key)
  }
  return marked
}

/** `nodes[3].param`, `nodes[3].cases[0].to` → 3: a problem about a field of one node. */
const NODE_FIELD = /^nodes\[(\d+)\]\./

/**
 * The problems of node `key`'s field `field` and, unless not `nested`, of what it holds (`cases`
 * covers `cases[1].to`),
 * as the core's coded messages, for the panel to show beside that field. By field, not by code: a
 * rule the core adds later shows up here with its own message.
 */
export function nodeFieldProblems(definition: FlowDefinition, key: string, field: string, nested = true): InputProblem[] {
  const index = definition.nodes.findIndex((node) => node.key === key)
  if (index < 0) return []
  const path = `nodes[${index}].${field}`
  const under = (at: string) => nested && (at.startsWith(`${path}.`) || at.startsWith(`${path}[`))
  return draftProblems(definition).filter((problem) => problem.field === path || under(problem.field))
}
/** The codes of a parameter that uses a node which does not run before it (the panel lists those keys). */
const MISPLACED_CODES: ReadonlySet<string> = new Set(['flow.referenceUnknownNode', 'flow.referenceNotUpstream'])

function paramProblemsOf(definition: FlowDefinition, key: string): InputProblem[] {
  return nodeFieldProblems(definition, key, 'param')
}

/**
 * The keys node `key`'s parameter uses that do not run before it: unknown nodes, or nodes that
 * are not among its ancestors (their output does not exist yet when it runs).
 */
export function misplacedReferences(definition: FlowDefinition, key: string): string[] {
  return paramProblemsOf(definition, key)
    .filter((problem) => MISPLACED_CODES.has(problem.code))
    .map((problem) => String(problem.params.key))
}

/**
 * The other reasons the core refuses node `key`'s parameter, as its coded messages: a reference
 * that is none (`${nodes.a}`), one a value could turn into structure (in a key of a JSON parameter,
 * where it would choose a request's target, or where the JSON would not parse), a parameter too
 * long; and, when `readsRequest` (its job's handler reads the parameter as a request), one in text
 * at all, which the flow service refuses once it knows the job.
 */
export function paramProblems(
  definition: FlowDefinition,
  key: string,
  readsRequest = false,
): { code: string; params: InputProblem['params']; message?: string }[] {
  const node = definition.nodes.find((candidate) => candidate.key === key)
  if (!node || isApprovalNode(node) || node.kind === 'switch' || !node.param) return []
  const saved = paramProblemsOf(definition, key)
    .filter((problem) => !MISPLACED_CODES.has(problem.code))
    .map(({ code, params, message }) => ({ code, params, message }))
  const request = readsRequest ? placementMessages(node.param, key, true).filter((message) => message.code === 'flow.referenceInTextRequest') : []
  return [...saved, ...request]
}
