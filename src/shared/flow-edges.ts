import type { FlowEdge } from './flow-types'

/**
 * Questions about a flow's edges that hold for a draft as well as a saved flow (the editor asks
 * them while the operator draws; FlowGraph walks the same way): would a link close a cycle, and
 * which nodes run before a node (whose outputs it may use). Nodes are named by their keys; edges
 * run from parent to child.
 */

/** Key → the keys at the other end of its edges, in edge order: children (`from` → `to`) or parents. */
function neighboursByKey(edges: readonly FlowEdge[], side: 'children' | 'parents'): Map<string, string[]> {
  const neighbours = new Map<string, string[]>()
  for (const { from, to } of edges) {
    const [key, other] = side === 'children' ? [from, to] : [to, from]
    const list = neighbours.get(key)
    if (list) list.push(other)
    else neighbours.set(key, [other])
  }
  return neighbours
}

/** `start` and every key reached from it through `next`, breadth-first (nearest first), each key once. */
export function reachFrom(start: readonly string[], next: ReadonlyMap<string, readonly string[]>): Set<string> {
  const reached = new Set<string>(start)
  const frontier = [...reached]
  for (let i = 0; i < frontier.length; i++) {
    for (const key of next.get(frontier[i]) ?? []) {
      if (reached.has(key)) continue
      reached.add(key)
      frontier.push(key)
    }
  }
  return reached
}

/**
 * The cycle a new link `from → to` would close, as the keys along it starting and ending at `to`
 * (`to → … → from → to`, the last step being the new link); null when it closes none. A link of a
 * node to itself is the cycle `[from, from]`.
 */
export function cycleClosedBy(edges: readonly FlowEdge[], from: string, to: string): string[] | null {
  if (from === to) return [from, from]
  // A path to → … → from already there is what the new link would close: search for it breadth
  // first, so the cycle named is a shortest one (the easiest to read).
  const children = neighboursByKey(edges, 'children')
  const cameFrom = new Map<string, string>([[to, to]])
  const queue = [to]
  for (let at = 0; at < queue.length; at++) {
    const key = queue[at]
    for (const child of children.get(key) ?? []) {
      if (cameFrom.has(child)) continue
      cameFrom.set(child, key)
      if (child === from) {
        const path = [from]
        for (let step = from; step !== to;) {
          step = cameFrom.get(step)!
          path.unshift(step)
        }
        return [...path, to]
      }
      queue.push(child)
    }
  }
  return null
}

/** The direct parents of `key`, in edge order. */
export function parentsOf(edges: readonly FlowEdge[], key: string): string[] {
  return edges.filter((edge) => edge.to === key).map((edge) => edge.from)
}

/** The direct children of `key`, in edge order. */
export function childrenOf(edges: readonly FlowEdge[], key: string): string[] {
  return edges.filter((edge) => edge.from === key).map((edge) => edge.to)
}

/**
 * Every node that runs before `key` (its parents, their parents, and so on), nearest first: the
 * nodes whose `${nodes.<key>.output}` its parameter can use. `key` itself is never among them.
 */
export function ancestorsOf(edges: readonly FlowEdge[], key: string): string[] {
  const parents = neighboursByKey(edges, 'parents')
  return [...reachFrom(parents.get(key) ?? [], parents)].filter((found) => found !== key)
}
