import {
  FLOW_NODE_KEY_PATTERN,
  type Flow,
  type FlowApprovalNodeDef,
  type FlowDefinition,
  type FlowInput,
  type FlowJobNodeDef,
  type FlowNodeDef,
  type FlowSettings,
} from '../../../shared/flow-types'
import { layoutParam, placementMessage, referencesIn, renameOutputReferences } from '../../../shared/flow-references'
import { ancestorsOf, cycleClosedBy } from '../../../shared/flow-edges'

/**
 * A flow as the editor holds it before saving, and the editing steps on its graph. Every step is
 * pure: it returns a new definition (or says why it refused) and leaves the one given alone, so the
 * editor can keep its draft in React state and these can be tested without it.
 */
export interface FlowDraft extends FlowSettings, FlowDefinition {
  /** Absent for a flow not saved yet. */
  id?: number
}

/** The longest key FLOW_NODE_KEY_PATTERN takes. */
const KEY_MAX_LENGTH = 64

/** A new flow: run by hand only (its schedule is chosen later), one run at a time, no limits. */
export function newFlowDraft(timezone: string): FlowDraft {
  return {
    name: '',
    description: '',
    scheduleType: 'NONE',
    scheduleConf: '',
    timezone,
    misfireStrategy: 'DO_NOTHING',
    maxActiveRuns: 1,
    overlap: 'SKIP',
    timeoutSec: 0,
    alarmEmail: '',
    param: '',
    nodes: [],
    edges: [],
  }
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
    misfireStrategy: flow.misfireStrategy,
    maxActiveRuns: flow.maxActiveRuns,
    overlap: flow.overlap,
    timeoutSec: flow.timeoutSec,
    alarmEmail: flow.alarmEmail,
    param: flow.param,
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
    .slice(0, KEY_MAX_LENGTH)
    .replace(/[_-]+$/, '')
  const base = FLOW_NODE_KEY_PATTERN.test(slug) ? slug : fallback
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `_${n}`
    const key = `${base.slice(0, KEY_MAX_LENGTH - suffix.length)}${suffix}`
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

export function unlinkNodes(definition: FlowDefinition, from: string, to: string): FlowDefinition {
  return { ...definition, edges: definition.edges.filter((edge) => edge.from !== from || edge.to !== to) }
}

/**
 * Removes the node and every link into or out of it. Parameters that use its output keep the
 * reference (the operator decides what they use instead; {@link misplacedReferences} points them out).
 */
export function removeNode(definition: FlowDefinition, key: string): FlowDefinition {
  return {
    nodes: definition.nodes.filter((node) => node.key !== key),
    edges: definition.edges.filter((edge) => edge.from !== key && edge.to !== key),
  }
}

/** The keys whose output `param` uses, each once, in order of first use (the core's grammar: src/shared/flow-references.ts). */
export function referencedKeys(param: string): string[] {
  return [...new Set(referencesIn(param).flatMap(({ reference }) => (reference?.kind === 'nodeOutput' ? [reference.key] : [])))]
}

export type RenameResult = { ok: true; definition: FlowDefinition } | { ok: false; reason: 'pattern' | 'taken' }

/**
 * Gives node `from` the key `to`: its links and every parameter's `${nodes.<from>.output}` follow.
 * Refuses a key FLOW_NODE_KEY_PATTERN does not allow, and one another node has.
 */
export function renameNode(definition: FlowDefinition, from: string, to: string): RenameResult {
  if (from === to) return { ok: true, definition }
  if (!FLOW_NODE_KEY_PATTERN.test(to)) return { ok: false, reason: 'pattern' }
  if (keysOf(definition).has(to)) return { ok: false, reason: 'taken' }
  const renamed = (key: string) => (key === from ? to : key)
  const nodes = definition.nodes.map((node): FlowNodeDef => {
    const key = renamed(node.key)
    if (isApprovalNode(node) || node.param === undefined) return { ...node, key }
    const param = renameOutputReferences(node.param, from, to)
    return { ...node, key, param }
  })
  const edges = definition.edges.map((edge) => ({ from: renamed(edge.from), to: renamed(edge.to) }))
  return { ok: true, definition: { nodes, edges } }
}

/** What the side panel edits on a node besides its key (renameNode changes that). */
export type NodePatch = Partial<Omit<FlowJobNodeDef, 'key' | 'kind'>> | Partial<Omit<FlowApprovalNodeDef, 'key' | 'kind'>>

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

/**
 * The keys node `key`'s parameter uses that do not run before it: unknown nodes, or nodes that
 * are not among its ancestors (their output does not exist yet when it runs).
 */
export function misplacedReferences(definition: FlowDefinition, key: string): string[] {
  const node = definition.nodes.find((candidate) => candidate.key === key)
  if (!node || isApprovalNode(node) || !node.param) return []
  const before = new Set(ancestorsOf(definition.edges, key))
  return referencedKeys(node.param).filter((used) => !before.has(used))
}

/**
 * Where node `key`'s parameter puts a reference a value could turn into structure (in a key of a
 * JSON parameter, where it would choose a request's target, or where the JSON would not parse; in
 * text at all when `readsRequest`: its job's handler reads the parameter as a request), as the
 * core's coded messages: the core refuses such a flow at save, and the editor says so while it is written.
 */
export function placementProblems(definition: FlowDefinition, key: string, readsRequest = false): ReturnType<typeof placementMessage>[] {
  const node = definition.nodes.find((candidate) => candidate.key === key)
  if (!node || isApprovalNode(node) || !node.param) return []
  return layoutParam(node.param, readsRequest).problems.map((problem) => placementMessage(problem, key))
}
