import { isJobNode, type FlowDefinition } from '../../shared/flow-types'
import { FlowGraph } from '../../shared/flow-graph'

/**
 * What is kept, at most: this many runs, and this many nodes over all of them. A kept node costs
 * ~0.6 kB of heap (a 1,000-node run, parsed with its graph: 582 kB), so the nodes' bound holds it
 * near 12 MB: 500 runs of 40 nodes, 50 of 400, 20 of the largest flows (FLOW_MAX_NODES).
 */
export const RUN_DEFINITIONS_KEPT = { runs: 500, nodes: 20_000 }

export interface RunDefinition {
  definition: FlowDefinition
  graph: FlowGraph
  /** Each node's place in the graph's topological order. */
  position: ReadonlyMap<string, number>
  /**
   * Whether a step may decide only the children of the nodes that ended (FlowAdvance.decideFrom):
   * true when every node is a job's without forEach or an approval. A switch decides its branches
   * from its own outputs, a subflow node and a fan-out node move on by more than their children's
   * rules: a run with one of them is moved on by reading every node.
   */
  focusable: boolean
}

/**
 * Each run's definition, parsed, with its graph: a run never changes the definition it was created
 * with (an edit of its flow reaches only later runs), so it is read and parsed once, not at every
 * step (a 1,000-node definition is some 80 kB of JSON). Bounded: the runs used longest ago go first.
 */
export class RunDefinitions {
  private readonly kept = new Map<number, RunDefinition>()
  private nodes = 0

  constructor(private readonly limit = RUN_DEFINITIONS_KEPT) {}

  /** The run's definition, read with `read` only when not kept; null when the run is gone. */
  async of(flowRunId: number, read: () => Promise<FlowDefinition | null>): Promise<RunDefinition | null> {
    const kept = this.kept.get(flowRunId)
    if (kept) {
      // Used again: to the end of the order, the last to go.
      this.kept.delete(flowRunId)
      this.kept.set(flowRunId, kept)
      return kept
    }
    const definition = await read()
    if (!definition) return null
    const graph = FlowGraph.of(definition)
    const entry = {
      definition,
      graph,
      position: new Map(graph.topologicalOrder().map((key, i) => [key, i])),
      focusable: definition.nodes.every((node) => node.kind === 'approval' || (isJobNode(node) && node.forEach === undefined)),
    }
    this.kept.set(flowRunId, entry)
    this.nodes += definition.nodes.length
    // The run just read stays, even alone over the nodes' bound: the step under way uses it.
    while (this.kept.size > 1 && (this.kept.size > this.limit.runs || this.nodes > this.limit.nodes)) this.forget(this.kept.keys().next().value!)
    return entry
  }

  /** The kept run's graph, without reading or reordering anything. */
  graphOf(flowRunId: number): FlowGraph | undefined {
    return this.kept.get(flowRunId)?.graph
  }

  forget(flowRunId: number): void {
    const kept = this.kept.get(flowRunId)
    if (!kept) return
    this.kept.delete(flowRunId)
    this.nodes -= kept.definition.nodes.length
  }
}
