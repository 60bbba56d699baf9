import type { ErrorParams } from './errors'
import { checkFlowGraph, FlowGraph } from './flow-graph'
import { checkForEach } from './flow-for-each'
import { looksLikeFlowReference, outputReference, placementMessages, referencesOf } from './flow-references'
import type { FlowDefinition } from './flow-types'
import { codedIssue } from './messages/coded-errors'
import { checkSwitchNodes } from './flow-branch-check'
import type { MessageCode } from './messages'

/**
 * Whether a flow's definition (its nodes and edges) may be saved: a DAG of unique, well-formed keys
 * (flow-graph.ts), and parameters that name only `${flow.param}` and nodes above them, each where its
 * value stays a value (flow-references.ts). One rule for both sides: the core refuses a save by it
 * (src/main/flows/flow-input.ts) and the console's editor marks a draft by it, so the two cannot
 * disagree. Whether a node's handler reads text as a request needs its job: the flow service checks
 * that, and the editor asks placementMessages with the job it shows.
 */

/** One reason a definition cannot be saved: a message code, its parameters, and where it stands (`['nodes', 2, 'param']`). */
export interface FlowDefinitionProblem {
  code: MessageCode
  params: ErrorParams
  at: (string | number)[]
}

/** Every problem of `def`, graph first, then each node's parameter in node order; empty for a flow that may be saved. */
export function checkFlowDefinition(def: FlowDefinition): FlowDefinitionProblem[] {
  const problems: FlowDefinitionProblem[] = checkFlowGraph(def)
  const graph = problems.length === 0 ? FlowGraph.of(def) : null
  return [...problems, ...checkReferences(def, graph), ...checkForEach(def, graph), ...checkSwitchNodes(def, graph)]
}

/** The problems of `def` as zod issues, for a schema's refinement (src/shared/schema/flow.ts). */
export function flowDefinitionIssues(def: FlowDefinition) {
  return checkFlowDefinition(def).map((problem) => codedIssue(problem.code, problem.params, problem.at))
}

/**
 * A node's parameter may name only `${flow.param}` and nodes above it: another node's output does
 * not exist yet when it fires. Without a valid graph, "above" is not known; the rest is still told.
 * In a JSON parameter a reference may stand only where its value stays a value (inside a string
 * value, or alone as one), never as or in a key, nor where it would choose a request's target.
 */
function checkReferences(def: FlowDefinition, graph: FlowGraph | null): FlowDefinitionProblem[] {
  const problems: FlowDefinitionProblem[] = []
  const keys = new Set(def.nodes.map((node) => node.key))
  def.nodes.forEach((node, index) => {
    if (node.kind === 'approval' || node.kind === 'switch' || node.param === undefined) return
    const at = ['nodes', index, 'param']
    const add = (code: MessageCode, params: ErrorParams) => problems.push({ code, params, at })
    const references = referencesOf(node.param)
    // `${HOME}` and the like are a script's own: passed on as written. What looks like a flow
    // reference but is not one (`${nodes.a}`, `${flow.x}`) is a typo, refused.
    for (const ref of references.unknown.filter(looksLikeFlowReference)) add('flow.unknownReference', { ref })
    const upstream = graph && references.nodes.length > 0 ? graph.ancestors(node.key) : null
    for (const key of references.nodes) {
      const ref = outputReference(key)
      if (!keys.has(key)) add('flow.referenceUnknownNode', { ref, key })
      else if (upstream && !upstream.has(key)) add('flow.referenceNotUpstream', { ref, key, node: node.key })
    }
    for (const { code, params } of placementMessages(node.param, node.key)) add(code, params)
  })
  return problems
}
