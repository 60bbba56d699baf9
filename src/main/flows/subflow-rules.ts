import type { ErrorParams } from '../../shared/errors'
import { SUBFLOW_MAX_DEPTH, type FlowNodeDef } from '../../shared/flow-types'
import type { MessageCode } from '../../shared/messages'

/**
 * The rules of sub-flows that need every flow (the flow service checks a save by them): each
 * subflow node's flow exists; no flow runs itself, directly (A → A) or through others (A → B → A);
 * and sub-flows nest at most SUBFLOW_MAX_DEPTH levels, counted over the whole chain the saved flow
 * stands in (the flows above it that run it, and those below it). The engine also refuses a child
 * run past the cap (a definition saved before, or edited since a run began), so no run recurses.
 */
export interface SubflowProblem {
  field: string
  code: MessageCode
  params: ErrorParams
}

/** A flow as the rules see it: its id (null for one not saved yet), name and nodes. */
interface FlowShape {
  id: number | null
  name: string
  nodes: readonly FlowNodeDef[]
}

/** A stored flow (or an import's planned one, with a stand-in id) as the rules see it. */
type StoredShape = FlowShape & { id: number }

/** The flows a flow's subflow nodes run, once each. */
export function subflowIdsOf(nodes: readonly FlowNodeDef[]): number[] {
  return [...new Set(nodes.flatMap((n) => (n.kind === 'subflow' ? [n.flowId] : [])))]
}

/** The names of the flows whose subflow nodes run flow `id` (it is not deleted from under them). */
export function flowsUsingAsSubflow(id: number, flows: readonly StoredShape[]): string[] {
  return flows.filter((f) => subflowIdsOf(f.nodes).includes(id)).map((f) => f.name)
}

/** The first problem of `saved` among `flows` (the stored ones; `saved` replaces its own), or null. */
export function checkSubflows(saved: FlowShape, flows: readonly StoredShape[]): SubflowProblem | null {
  const SAVED = -1
  const idOf = (id: number | null) => (id === null || id === saved.id ? SAVED : id)
  const byId = new Map<number, FlowShape>(flows.filter((f) => f.id !== saved.id).map((f) => [f.id, f]))
  byId.set(SAVED, saved)
  for (const [index, node] of saved.nodes.entries()) {
    if (node.kind === 'subflow' && idOf(node.flowId) !== SAVED && !byId.has(node.flowId))
      return { field: `nodes[${index}].flowId`, code: 'flow.subflowNotFound', params: { key: node.key, id: node.flowId } }
  }
  const below = (id: number) => subflowIdsOf(byId.get(id)?.nodes ?? []).map(idOf)
  const nameOf = (id: number) => byId.get(id)?.name ?? String(id)

  const cycle = cycleFrom(SAVED, below)
  if (cycle) return { field: 'nodes', code: 'flow.subflowCycle', params: { path: cycle.map(nameOf) } }

  // Every stored flow but the saved one: the flows above the saved one are those that reach it.
  const above = new Map<number, number[]>()
  for (const id of byId.keys()) for (const child of below(id)) above.set(child, [...(above.get(child) ?? []), id])
  const down = longestChain(SAVED, below)
  const up = longestChain(SAVED, (id) => above.get(id) ?? [])
  const chain = [...up.reverse(), ...down.slice(1)]
  const depth = chain.length - 1
  if (depth > SUBFLOW_MAX_DEPTH) return { field: 'nodes', code: 'flow.subflowTooDeep', params: { depth, max: SUBFLOW_MAX_DEPTH, path: chain.map(nameOf) } }
  return null
}

/** A path from `start` back to itself (its ids, `start` first and last), or null. Depth-first, each flow entered once. */
function cycleFrom(start: number, next: (id: number) => number[]): number[] | null {
  const done = new Set<number>()
  const path: number[] = []
  const visit = (id: number): number[] | null => {
    path.push(id)
    for (const child of next(id)) {
      if (child === start) return [...path, start]
      if (done.has(child) || path.includes(child)) continue
      const found = visit(child)
      if (found) return found
    }
    path.pop()
    done.add(id)
    return null
  }
  return visit(start)
}

/**
 * The longest chain of flows from `start` along `next` (`start` first). The stored flows hold no
 * cycle (every save is checked), and a flow met twice on one chain ends it, so this ends whatever
 * the data; chains past the cap need not be measured exactly, so it stops one past it.
 */
function longestChain(start: number, next: (id: number) => number[], onPath: ReadonlySet<number> = new Set()): number[] {
  if (onPath.size > SUBFLOW_MAX_DEPTH) return [start]
  let best: number[] = []
  const path = new Set(onPath).add(start)
  for (const child of next(start)) {
    if (path.has(child)) continue
    const chain = longestChain(child, next, path)
    if (chain.length > best.length) best = chain
  }
  return [start, ...best]
}
