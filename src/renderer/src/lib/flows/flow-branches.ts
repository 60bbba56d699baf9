import { SWITCH_OPERATORS, type FlowDefinition, type FlowNodeDef, type FlowSwitchCase, type SwitchCondition } from '../../../../shared/flow-types'
import { renameOutputReferences } from '../../../../shared/flow-references'

/**
 * The editor's rules for a switch node's cases: a case names one of the switch's children, so
 * when a child goes (its node removed, its link cut, its key renamed) the cases that name it
 * follow — dropped or renamed — and the draft never holds a case that points nowhere.
 */

export type SwitchOperator = (typeof SWITCH_OPERATORS)[number]

/** The operator a condition uses (the first set; `equals` for a condition not finished yet). */
export function operatorOf(when: SwitchCondition): SwitchOperator {
  return SWITCH_OPERATORS.find((op) => when[op] !== undefined) ?? 'equals'
}

/** The operand as the editor shows it: text for equals / matches, a number as text for gt / lt. */
export function operandOf(when: SwitchCondition): string {
  const operand = when[operatorOf(when)]
  return operand === undefined ? '' : String(operand)
}

/**
 * `when` with `op` and `operand` as its only operator. A numeric compare keeps a number: text that
 * is not one leaves the operand unset, so the draft is refused (and says so) rather than compare
 * against NaN.
 */
export function withOperator(when: SwitchCondition, op: SwitchOperator, operand: string): SwitchCondition {
  const next: SwitchCondition = { value: when.value }
  if (op === 'equals' || op === 'matches') next[op] = operand
  else if (operand.trim() !== '' && Number.isFinite(Number(operand))) next[op] = Number(operand)
  return next
}

/** The cases and default of each switch in `nodes` with every target `from` renamed `to` (null: dropped). */
export function retargetSwitches(nodes: readonly FlowNodeDef[], from: string, to: string | null, onlySwitch?: string): FlowNodeDef[] {
  return nodes.map((node) => {
    if (node.kind !== 'switch' || (onlySwitch !== undefined && node.key !== onlySwitch)) return node
    const cases = node.cases.flatMap((c): FlowSwitchCase[] => (c.to !== from ? [c] : to === null ? [] : [{ ...c, to }]))
    const next = { ...node, cases }
    if (node.default === from) {
      if (to === null) delete next.default
      else next.default = to
    }
    return next
  })
}

/** Each switch's case values with `${nodes.<from>.output}` naming `to` (a node's key changed). */
export function renameCaseReferences(nodes: readonly FlowNodeDef[], from: string, to: string): FlowNodeDef[] {
  return nodes.map((node) =>
    node.kind !== 'switch'
      ? node
      : { ...node, cases: node.cases.map((c) => ({ ...c, when: { ...c.when, value: renameOutputReferences(c.when.value, from, to) } })) },
  )
}

/** What an edge of a switch means: the cases (1-based) that pick its child, and whether it is the default. */
export interface BranchOfEdge {
  cases: number[]
  isDefault: boolean
}

/** The branch an edge `from → to` stands for when `from` is a switch; null for any other edge. */
export function branchOfEdge(definition: FlowDefinition, from: string, to: string): BranchOfEdge | null {
  const node = definition.nodes.find((candidate) => candidate.key === from)
  if (node?.kind !== 'switch') return null
  const cases = node.cases.flatMap((c, index) => (c.to === to ? [index + 1] : []))
  return { cases, isDefault: node.default === to }
}
