import type { Flow, FlowNodeDef } from '../../../shared/flow-types'
import { checkSubflows } from '../../flows/subflow-rules'
import type { ImportProblems } from './import-problems'

/**
 * An import's subflow nodes name their flow by name (flow ids differ between installs): a flow of
 * the same document, or one the target has. The flow rules need an id, so each name gets a
 * stand-in: the target's flow's id when it has one, else one above every saved id. Once every flow
 * is read, the sub-flow rules of a save (src/main/flows/subflow-rules.ts: no cycle, at most the
 * depth) are checked over the document's flows as they would stand beside the target's.
 */
export class ImportedSubflows {
  private readonly ids = new Map<string, number>()
  private readonly documentNames: ReadonlySet<string>
  private readonly planned: { index: number; name: string; nodes: readonly FlowNodeDef[] }[] = []

  constructor(
    private readonly current: readonly Flow[],
    rawFlows: readonly unknown[],
  ) {
    let next = 1
    for (const flow of current) {
      this.ids.set(flow.name, flow.id)
      if (flow.id >= next) next = flow.id + 1
    }
    this.documentNames = new Set(rawFlows.flatMap((item) => (isNamed(item) ? [item.name.trim()] : [])))
    for (const name of this.documentNames) if (!this.ids.has(name)) this.ids.set(name, next++)
  }

  /** Whether a subflow node may name `name`: a flow of the document or of the target. */
  knows(name: string): boolean {
    return this.documentNames.has(name) || this.current.some((f) => f.name === name)
  }

  /** The stand-in id of a flow by name (0 for a name neither has: the node is reported, the rules see no flow). */
  idOf(name: string): number {
    return this.ids.get(name) ?? 0
  }

  /** A document flow read without problems (`index` its place in the document), with its nodes' stand-in ids. */
  add(index: number, name: string, nodes: readonly FlowNodeDef[]): void {
    this.planned.push({ index, name, nodes })
  }

  /** The sub-flow rules over every document flow added; resolves true when they all pass. */
  check(problems: ImportProblems): boolean {
    const byName = new Map<string, { id: number; name: string; nodes: readonly FlowNodeDef[] }>(this.current.map((f) => [f.name, f]))
    for (const flow of this.planned) byName.set(flow.name, { id: this.idOf(flow.name), name: flow.name, nodes: flow.nodes })
    let passed = true
    for (const flow of this.planned) {
      if (!flow.nodes.some((n) => n.kind === 'subflow')) continue
      const problem = checkSubflows({ id: this.idOf(flow.name), name: flow.name, nodes: flow.nodes }, [...byName.values()])
      if (!problem) continue
      problems.add(`flows[${flow.index}].${problem.field}`, problem.code, problem.params)
      passed = false
    }
    return passed
  }
}

function isNamed(item: unknown): item is { name: string } {
  return item !== null && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string'
}
