import type { ErrorParams, ValidationError } from './errors'
import { reachFrom } from './flow-edges'
import { FLOW_MAX_NODES, FLOW_NODE_KEY_PATTERN, type FlowDefinition, type FlowEdge, type FlowNodeDef } from './flow-types'
import { invalidField } from './messages/coded-errors'
import { fieldPath } from './schema/parse-input'

/**
 * A flow's definition as a graph: the checks that make it a DAG of known, uniquely keyed nodes, and
 * the walks the engine needs (parents, children, roots, everything below a node, an order to run
 * them in). Pure, and linear in nodes + edges, so a flow of a thousand nodes is checked on every save
 * and walked on every node's end without a thought (bench/flow-graph-scale.ts keeps count). Shared:
 * the core's save and the console's editor check a definition by it (flow-definition-check.ts).
 */

export type FlowGraphProblemCode =
  'flow.noNodes' | 'flow.tooManyNodes' | 'flow.badKey' | 'flow.duplicateKey' | 'flow.unknownKey' | 'flow.selfLoop' | 'flow.duplicateEdge' | 'flow.cycle'

/** One reason a definition is not a valid flow graph, with a message code and where it is. */
export interface FlowGraphProblem {
  code: FlowGraphProblemCode
  params: ErrorParams
  /** The part of the definition it is about: `['nodes', 3, 'key']`, `['edges', 2, 'to']`, `['nodes']`. */
  at: (string | number)[]
}

/** Child keys per key in edge order, without the edges that cannot be walked (unknown ends, self-loops, repeats). */
type Adjacency = Map<string, string[]>

/**
 * Every problem of `def` as a graph, in the order of the definition; empty for a valid flow. A cycle
 * is reported once, with its path (`['a', 'b', 'c', 'a']`, starting at its node defined first) and
 * at the edge that leads back to that node.
 */
export function checkFlowGraph(def: FlowDefinition): FlowGraphProblem[] {
  const problems: FlowGraphProblem[] = []
  if (def.nodes.length === 0) problems.push({ code: 'flow.noNodes', params: {}, at: ['nodes'] })
  if (def.nodes.length > FLOW_MAX_NODES) {
    problems.push({ code: 'flow.tooManyNodes', params: { count: def.nodes.length, max: FLOW_MAX_NODES }, at: ['nodes'] })
  }
  const indexOfKey = checkNodeKeys(def.nodes, problems)
  const { children, indexOfEdge } = checkEdges(def.edges, indexOfKey, problems)
  const cycle = findCycle([...indexOfKey.keys()], children, indexOfKey)
  if (cycle) {
    const closing = indexOfEdge.get(cycle[cycle.length - 2])!.get(cycle[cycle.length - 1])!
    problems.push({ code: 'flow.cycle', params: { path: cycle }, at: ['edges', closing] })
  }
  return problems
}

/** Key → the index of the first node with it, in definition order; bad and repeated keys reported. */
function checkNodeKeys(nodes: readonly FlowNodeDef[], problems: FlowGraphProblem[]): Map<string, number> {
  const indexOfKey = new Map<string, number>()
  nodes.forEach((node, index) => {
    if (!FLOW_NODE_KEY_PATTERN.test(node.key)) problems.push({ code: 'flow.badKey', params: { key: node.key }, at: ['nodes', index, 'key'] })
    const first = indexOfKey.get(node.key)
    if (first === undefined) indexOfKey.set(node.key, index)
    else problems.push({ code: 'flow.duplicateKey', params: { key: node.key, first }, at: ['nodes', index, 'key'] })
  })
  return indexOfKey
}

/** The walkable edges as adjacency, and from → to → the index of the edge; the others reported. */
function checkEdges(edges: readonly FlowEdge[], indexOfKey: ReadonlyMap<string, number>, problems: FlowGraphProblem[]) {
  const children: Adjacency = new Map()
  // Nested maps rather than a joined "from|to" key: a bad key may hold any character.
  const indexOfEdge = new Map<string, Map<string, number>>()
  edges.forEach((edge, index) => {
    const { from, to } = edge
    let known = true
    for (const end of ['from', 'to'] as const) {
      if (indexOfKey.has(edge[end])) continue
      problems.push({ code: 'flow.unknownKey', params: { from, to, key: edge[end] }, at: ['edges', index, end] })
      known = false
    }
    if (!known) return
    if (from === to) {
      problems.push({ code: 'flow.selfLoop', params: { key: from }, at: ['edges', index] })
      return
    }
    const fromEdges = indexOfEdge.get(from) ?? new Map<string, number>()
    indexOfEdge.set(from, fromEdges)
    const first = fromEdges.get(to)
    if (first !== undefined) {
      problems.push({ code: 'flow.duplicateEdge', params: { from, to, first }, at: ['edges', index] })
      return
    }
    fromEdges.set(to, index)
    const list = children.get(from)
    if (list) list.push(to)
    else children.set(from, [to])
  })
  return { children, indexOfEdge }
}

/**
 * A cycle as keys with its first key repeated at the end, or null. Depth-first without recursion (a
 * chain of a thousand nodes must not overflow the stack), each node and edge visited once.
 */
function findCycle(keys: readonly string[], children: Adjacency, indexOfKey: ReadonlyMap<string, number>): string[] | null {
  // Absent: not visited; 'done': explored, no cycle through it; a number: its place on the current walk.
  const state = new Map<string, number | 'done'>()
  for (const root of keys) {
    if (state.has(root)) continue
    const walk: { key: string; next: number }[] = [{ key: root, next: 0 }]
    state.set(root, 0)
    while (walk.length > 0) {
      const top = walk[walk.length - 1]
      const list = children.get(top.key) ?? []
      if (top.next === list.length) {
        state.set(top.key, 'done')
        walk.pop()
        continue
      }
      const child = list[top.next++]
      const seen = state.get(child)
      if (typeof seen === 'number')
        return startAtFirstDefined(
          walk.slice(seen).map((frame) => frame.key),
          indexOfKey,
        )
      if (seen === undefined) {
        state.set(child, walk.length)
        walk.push({ key: child, next: 0 })
      }
    }
  }
  return null
}

/** `['b', 'c', 'a']` (a → b defined first) → `['a', 'b', 'c', 'a']`: the same cycle however it was found. */
function startAtFirstDefined(cycle: string[], indexOfKey: ReadonlyMap<string, number>): string[] {
  let start = 0
  for (let i = 1; i < cycle.length; i++) if (indexOfKey.get(cycle[i])! < indexOfKey.get(cycle[start])!) start = i
  const rotated = [...cycle.slice(start), ...cycle.slice(0, start)]
  return [...rotated, rotated[0]]
}

/** A problem as the ValidationError the API reports, naming its field as a flow input's (`edges[2].to`). */
export function flowGraphError(problem: FlowGraphProblem): ValidationError {
  return invalidField(fieldPath(problem.at, 'flow'), problem.code, problem.params)
}

/**
 * A valid flow definition, indexed for walking. Lists keep the definition's order (nodes as listed,
 * parents and children in edge order), so every walk is deterministic.
 */
export class FlowGraph {
  private readonly nodesByKey = new Map<string, FlowNodeDef>()
  private readonly parentKeys = new Map<string, string[]>()
  private readonly childKeys = new Map<string, string[]>()
  private readonly order: readonly string[]

  /** @throws ValidationError for the first problem {@link checkFlowGraph} finds. */
  static of(def: FlowDefinition): FlowGraph {
    const problems = checkFlowGraph(def)
    if (problems.length > 0) throw flowGraphError(problems[0])
    return new FlowGraph(def)
  }

  private constructor(def: FlowDefinition) {
    for (const node of def.nodes) {
      this.nodesByKey.set(node.key, node)
      this.parentKeys.set(node.key, [])
      this.childKeys.set(node.key, [])
    }
    for (const { from, to } of def.edges) {
      this.childKeys.get(from)!.push(to)
      this.parentKeys.get(to)!.push(from)
    }
    this.order = this.kahnOrder()
  }

  /** Every key, as the definition lists the nodes. */
  get keys(): string[] {
    return [...this.nodesByKey.keys()]
  }

  get size(): number {
    return this.nodesByKey.size
  }

  has(key: string): boolean {
    return this.nodesByKey.has(key)
  }

  /** @throws RangeError for a key that is not a node of the flow (a caller's mistake, not an input's). */
  node(key: string): FlowNodeDef {
    const node = this.nodesByKey.get(key)
    if (!node) throw unknownNode(key)
    return node
  }

  /** The nodes with an edge to `key`, in edge order. */
  parents(key: string): readonly string[] {
    const list = this.parentKeys.get(key)
    if (!list) throw unknownNode(key)
    return list
  }

  /** The nodes `key` has an edge to, in edge order. */
  children(key: string): readonly string[] {
    const list = this.childKeys.get(key)
    if (!list) throw unknownNode(key)
    return list
  }

  /** The nodes without parents, which start a run: in definition order. */
  roots(): string[] {
    return this.keys.filter((key) => this.parentKeys.get(key)!.length === 0)
  }

  /** Every node after all of its parents: roots first, then each node as its last parent is placed. */
  topologicalOrder(): readonly string[] {
    return this.order
  }

  /** `keys` and every node below them, in topological order (what a retry from those nodes runs again). */
  descendants(keys: Iterable<string>): string[] {
    const start = [...keys]
    for (const key of start) if (!this.has(key)) throw unknownNode(key)
    const reached = reachFrom(start, this.childKeys)
    return this.order.filter((key) => reached.has(key))
  }

  /** Every node above `key` (not `key` itself): the nodes whose outputs exist when it fires. */
  ancestors(key: string): Set<string> {
    return reachFrom(this.parents(key), this.parentKeys)
  }

  private kahnOrder(): string[] {
    const waitingFor = new Map<string, number>()
    for (const [key, parents] of this.parentKeys) waitingFor.set(key, parents.length)
    const order = this.roots()
    for (let i = 0; i < order.length; i++) {
      for (const child of this.childKeys.get(order[i])!) {
        const left = waitingFor.get(child)! - 1
        waitingFor.set(child, left)
        if (left === 0) order.push(child)
      }
    }
    return order
  }
}

function unknownNode(key: string): RangeError {
  return new RangeError(`'${key}' is not a node of this flow`)
}
