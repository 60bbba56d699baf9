import type { ErrorParams } from './errors'
import type { FlowGraph } from './flow-graph'
import { looksLikeFlowReference, outputReference, referencesOf } from './flow-references'
import { SWITCH_OPERATORS, type FlowDefinition, type FlowSwitchNodeDef, type SwitchCondition } from './flow-types'
import type { MessageCode } from './messages'
import { compileSwitchPattern } from './switch-pattern'

/** One problem, as flow-definition-check.ts reports it (its FlowDefinitionProblem; not imported, so the two files stay out of a circle). */
interface FlowDefinitionProblem {
  code: MessageCode
  params: ErrorParams
  at: (string | number)[]
}

/**
 * The rules of a switch node, one for the core's save and the console's editor
 * (flow-definition-check.ts calls this): each case has exactly one operator, a `matches` pattern
 * compiles and cannot backtrack exponentially (switch-pattern.ts), every case's `to` and the
 * `default` is a child of the switch, every child is some case's `to` or the default (the edges go
 * to every branch, so a child no case picks could never run), and a case's value names only
 * `${flow.param}` and nodes above the switch. A subflow node's `param` is checked as a job node's
 * (flow-definition-check.ts); that its flow exists needs the database (src/main/flows/subflow-rules.ts).
 */
export function checkSwitchNodes(def: FlowDefinition, graph: FlowGraph | null): FlowDefinitionProblem[] {
  const problems: FlowDefinitionProblem[] = []
  const keys = new Set(def.nodes.map((node) => node.key))
  def.nodes.forEach((node, index) => {
    if (node.kind !== 'switch') return
    const add = (code: MessageCode, params: ErrorParams, ...at: (string | number)[]) => problems.push({ code, params, at: ['nodes', index, ...at] })
    node.cases.forEach(({ when }, c) => {
      const caseParams = { node: node.key, case: c + 1 }
      const count = operatorsOf(when).length
      if (count !== 1) add('flow.switchOperatorCount', { ...caseParams, count }, 'cases', c, 'when')
      if (when.matches !== undefined) {
        const compiled = compileSwitchPattern(when.matches)
        if (!compiled.ok && compiled.nested) add('flow.switchPatternNested', { ...caseParams, pattern: when.matches }, 'cases', c, 'when', 'matches')
        else if (!compiled.ok)
          add('flow.switchPatternInvalid', { ...caseParams, pattern: when.matches, reason: compiled.reason }, 'cases', c, 'when', 'matches')
      }
      const references = referencesOf(when.value)
      for (const ref of references.unknown.filter(looksLikeFlowReference)) add('flow.unknownReference', { ref }, 'cases', c, 'when', 'value')
      const upstream = graph && references.nodes.length > 0 ? graph.ancestors(node.key) : null
      for (const key of references.nodes) {
        const ref = outputReference(key)
        if (!keys.has(key)) add('flow.referenceUnknownNode', { ref, key }, 'cases', c, 'when', 'value')
        else if (upstream && !upstream.has(key)) add('flow.referenceNotUpstream', { ref, key, node: node.key }, 'cases', c, 'when', 'value')
      }
    })
    if (graph) problems.push(...checkBranches(node, graph, (code, params, ...at) => ({ code, params, at: ['nodes', index, ...at] })))
  })
  return problems
}

/** The operators a condition gives (one is right). */
export function operatorsOf(when: SwitchCondition): (typeof SWITCH_OPERATORS)[number][] {
  return SWITCH_OPERATORS.filter((op) => when[op] !== undefined)
}

function checkBranches(
  node: FlowSwitchNodeDef,
  graph: FlowGraph,
  problem: (code: MessageCode, params: ErrorParams, ...at: (string | number)[]) => FlowDefinitionProblem,
): FlowDefinitionProblem[] {
  const problems: FlowDefinitionProblem[] = []
  const children = new Set(graph.children(node.key))
  const picked = new Set<string>()
  node.cases.forEach(({ to }, c) => {
    picked.add(to)
    if (!children.has(to)) problems.push(problem('flow.switchTargetNotChild', { node: node.key, to }, 'cases', c, 'to'))
  })
  if (node.default !== undefined) {
    picked.add(node.default)
    if (!children.has(node.default)) problems.push(problem('flow.switchTargetNotChild', { node: node.key, to: node.default }, 'default'))
  }
  for (const child of children) if (!picked.has(child)) problems.push(problem('flow.switchChildNoBranch', { node: node.key, child }, 'cases'))
  return problems
}
