import type { FlowEdge } from '../../../shared/flow-types'

/**
 * Questions about a flow's graph that the editor asks while the operator draws it: would a link
 * close a cycle, and which nodes run before a node (whose outputs it may use). Nodes are named by
 * their keys; edges run from parent to child.
 */

function childrenByKey(edges: readonly FlowEdge[]): Map<string, string[]> {
  const children = new Map<string, string[]>()
  for (const { from, to } of edges) {
    const list = children.get(from)
    if (list) list.push(to)
    else children.set(from, [to])
  }
  return children
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
  const children = childrenByKey(edges)
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
  const parents = new Map<string, string[]>()
  for (const { from, to } of edges) {
    const list = parents.get(to)
    if (list) list.push(from)
    else parents.set(to, [from])
  }
  const seen = new Set<string>([key])
  const order: string[] = []
  const queue = [key]
  for (let at = 0; at < queue.length; at++) {
    for (const parent of parents.get(queue[at]) ?? []) {
      if (seen.has(parent)) continue
      seen.add(parent)
      order.push(parent)
      queue.push(parent)
    }
  }
  return order
}
