import { isJobNode, type FlowDefinition } from '../../shared/flow-types'
import { FlowGraph } from '../../shared/flow-graph'

/** Runs whose graphs are kept: far more than run at once on one node, each a few hundred kB at most (a 1,000-node flow). */
export const RUN_DEFINITIONS_KEPT = 256

export interface RunDefinition {
  definition: FlowDefinition
  graph: FlowGraph
  /** Each node's place in the graph's topological order. */
  position: ReadonlyMap<string, number>
  /**
   * Whether a step may decide only the children of the nodes that ended (FlowAdvance.advanceFrom):
   * true when every node is a job's without forEach or an approval. A switch decides its branches
   * from its own outputs, a subflow node and a fan-out node move on by more than their children's
   * rules: a run with one of them is moved on by reading every node.
   */
  focusable: boolean
}

/**
 * Each run's definition, parsed, with its graph: a run never changes the definition it was created
 * with (an edit of its flow reaches only later runs), so it is read and parsed once, not at every
 * step (a 400-node definition is 40 kB of JSON). Bounded: the runs used longest ago go first.
 */
export class RunDefinitions {
  private readonly kept = new Map<number, RunDefinition>()

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
    while (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value!)
    return entry
  }

  /** The kept run's graph, without reading or reordering anything. */
  graphOf(flowRunId: number): FlowGraph | undefined {
    return this.kept.get(flowRunId)?.graph
  }

  forget(flowRunId: number): void {
    this.kept.delete(flowRunId)
  }
}
