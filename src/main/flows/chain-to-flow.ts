import type { ErrorParams } from '../../shared/errors'
import type { FlowEdge, FlowJobNodeDef, TriggerRule } from '../../shared/flow-types'
import { notFound } from '../../shared/messages/coded-errors'
import type { JobLink, LinkCondition } from '../../shared/model'
import { keyFromName } from './node-key'

/**
 * A child-job chain as a flow: the jobs below a root through child links (any condition) become
 * job nodes, the links edges, and each node's trigger rule says what its incoming links said. Pure;
 * the chain itself is left as it is. Where the flow behaves differently from the chain, a note says
 * so, for the person converting it to read before switching the flow on.
 */

export type ChainNoteCode =
  'flowChain.fanIn' | 'flowChain.mixedConditions' | 'flowChain.runsAfterUnrunParent' | 'flowChain.outsideParent' | 'flowChain.cycleLeftOut'

/** A message code of the catalogue (src/shared/messages/en-flow-definition.ts) with its parameters. */
export interface ChainNote {
  code: ChainNoteCode
  params: ErrorParams
}

export interface ChainFlow {
  /** A FlowDefinition whose every node runs a job. */
  definition: { nodes: FlowJobNodeDef[]; edges: FlowEdge[] }
  notes: ChainNote[]
}

export interface ChainJob {
  id: number
  name: string
}

/** Links that became edges, into one job. */
interface Incoming {
  parents: number[]
  conditions: Set<LinkCondition>
}

/**
 * The flow of the chain below `rootJobId`. `jobs` are the jobs links may name (their names give the
 * node keys, in the order the walk meets them); a link naming a job not among them is ignored, and
 * so are self links (XXL-JOB never fires them).
 * @throws NotFoundError (`job.notFound`) when the root is not among `jobs`.
 */
export function flowFromChain(rootJobId: number, jobs: readonly ChainJob[], links: readonly JobLink[]): ChainFlow {
  const names = new Map(jobs.map((job) => [job.id, job.name]))
  if (!names.has(rootJobId)) throw notFound('job.notFound', { id: rootJobId })
  const usable = links.filter((link) => link.parentJobId !== link.childJobId && names.has(link.parentJobId) && names.has(link.childJobId))
  const { order, closing } = walkFromRoot(rootJobId, childrenOf(usable))
  const keyOf = keysFor(order, names)
  const key = (id: number) => keyOf.get(id)!

  const closes = new Set(closing.map(({ from, to }) => pairOf(from, to)))
  const incoming = new Map<number, Incoming>(order.map((id) => [id, { parents: [], conditions: new Set() }]))
  const edges: FlowEdge[] = []
  for (const link of sortedByWalk(usable, order)) {
    if (closes.has(pairOf(link.parentJobId, link.childJobId))) continue
    const into = incoming.get(link.childJobId)!
    into.conditions.add(link.condition)
    if (into.parents.includes(link.parentJobId)) continue
    into.parents.push(link.parentJobId)
    edges.push({ from: key(link.parentJobId), to: key(link.childJobId) })
  }
  const rules = new Map(order.map((id) => [id, ruleFor(incoming.get(id)!.conditions)]))
  const nodes: FlowJobNodeDef[] = order.map((id) => ({ kind: 'job', key: key(id), jobId: id, triggerRule: rules.get(id)! }))

  const notes: ChainNote[] = closing.map(({ from, to, path }) => ({
    code: 'flowChain.cycleLeftOut',
    params: { from: key(from), to: key(to), path: path.map(key) },
  }))
  for (const id of order) {
    const { parents, conditions } = incoming.get(id)!
    if (parents.length > 1) notes.push({ code: 'flowChain.fanIn', params: { key: key(id), count: parents.length, parents: parents.map(key) } })
    if (conditions.size > 1) notes.push({ code: 'flowChain.mixedConditions', params: { key: key(id), conditions: [...conditions].sort() } })
    const mayRunUnrun = parents.some((parent) => runsAfterUnrun(incoming.get(parent)!.parents.length > 0, rules.get(parent)!, rules.get(id)!))
    if (mayRunUnrun) notes.push({ code: 'flowChain.runsAfterUnrunParent', params: { key: key(id), rule: rules.get(id)! } })
  }
  for (const link of usable) {
    if (link.childJobId === rootJobId || !keyOf.has(link.childJobId) || keyOf.has(link.parentJobId)) continue
    notes.push({ code: 'flowChain.outsideParent', params: { jobId: link.parentJobId, key: key(link.childJobId), rootJobId } })
  }
  return { definition: { nodes, edges }, notes }
}

/**
 * A node's rule from the conditions of its links in: SUCCESS links fire on success (all_success),
 * FAILURE links on failure (one_failed: a failed parent is what fired it), ALWAYS links or a mix on
 * any end (all_done). The root has none: all_success, which a node without parents runs under.
 */
function ruleFor(conditions: ReadonlySet<LinkCondition>): TriggerRule {
  if (conditions.size === 0 || (conditions.size === 1 && conditions.has('SUCCESS'))) return 'all_success'
  if (conditions.size === 1 && conditions.has('FAILURE')) return 'one_failed'
  return 'all_done'
}

/**
 * Whether a child with `childRule` may now run after a parent that never ran, which the chain never
 * did (it fires children from a parent's run). Only a parent with parents of its own can end
 * without running: all_success as skipped or upstream_failed, one_failed as skipped (all_done always
 * runs). An all_done child runs after either; a one_failed child after upstream_failed, a failure to it.
 */
function runsAfterUnrun(parentHasParents: boolean, parentRule: TriggerRule, childRule: TriggerRule): boolean {
  if (!parentHasParents) return false
  if (childRule === 'all_done') return parentRule === 'all_success' || parentRule === 'one_failed'
  if (childRule === 'one_failed') return parentRule === 'all_success'
  return false
}

function pairOf(parentJobId: number, childJobId: number): string {
  return `${parentJobId}>${childJobId}`
}

/** Child ids per parent id, ascending and once each, so the walk is deterministic. */
function childrenOf(links: readonly JobLink[]): Map<number, number[]> {
  const children = new Map<number, number[]>()
  for (const { parentJobId, childJobId } of links) {
    const list = children.get(parentJobId) ?? []
    if (!list.includes(childJobId)) list.push(childJobId)
    children.set(parentJobId, list)
  }
  for (const list of children.values()) list.sort((a, b) => a - b)
  return children
}

/**
 * The jobs reached from the root in depth-first order (children ascending), and the links that lead
 * back to a job on the current walk: each closes a cycle, and leaving those out leaves a DAG. Links
 * are checked to be acyclic when saved, so only data edited by hand has one. Without recursion.
 */
function walkFromRoot(rootJobId: number, children: ReadonlyMap<number, number[]>) {
  const order: number[] = [rootJobId]
  const placeOnWalk = new Map<number, number>([[rootJobId, 0]])
  const seen = new Set<number>([rootJobId])
  const closing: { from: number; to: number; path: number[] }[] = []
  const walk: { id: number; next: number }[] = [{ id: rootJobId, next: 0 }]
  while (walk.length > 0) {
    const top = walk[walk.length - 1]
    const list = children.get(top.id) ?? []
    if (top.next === list.length) {
      placeOnWalk.delete(top.id)
      walk.pop()
      continue
    }
    const child = list[top.next++]
    const place = placeOnWalk.get(child)
    if (place !== undefined) {
      closing.push({ from: top.id, to: child, path: [...walk.slice(place).map((frame) => frame.id), child] })
    } else if (!seen.has(child)) {
      seen.add(child)
      order.push(child)
      placeOnWalk.set(child, walk.length)
      walk.push({ id: child, next: 0 })
    }
  }
  return { order, closing }
}

/** Each job's node key, from its name, unique in walk order (the root keeps its plain name). */
function keysFor(order: readonly number[], names: ReadonlyMap<number, string>): Map<number, string> {
  const keyOf = new Map<number, string>()
  const taken = new Set<string>()
  for (const id of order) {
    const key = keyFromName(names.get(id)!, id, taken)
    taken.add(key)
    keyOf.set(id, key)
  }
  return keyOf
}

/** The links between walked jobs, by their parent's place in the walk, then child id: the edges' order. */
function sortedByWalk(links: readonly JobLink[], order: readonly number[]): JobLink[] {
  const place = new Map(order.map((id, i) => [id, i]))
  return links
    .filter((link) => place.has(link.parentJobId) && place.has(link.childJobId))
    .sort((a, b) => place.get(a.parentJobId)! - place.get(b.parentJobId)! || a.childJobId - b.childJobId)
}
