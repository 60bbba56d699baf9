import { operatorsOf } from '../../shared/flow-branch-check'
import type { FlowGraph } from '../../shared/flow-graph'
import { flowNoteText, type FlowNote } from '../../shared/flow-notes'
import { referencesIn } from '../../shared/flow-references'
import { isDoneState } from '../../shared/flow-trigger-rules'
import { FLOW_VALUE_MAX_BYTES, type FlowNodeState, type FlowSwitchNodeDef, type SwitchCondition } from '../../shared/flow-types'
import { compileSwitchPattern, matchesPattern } from '../../shared/switch-pattern'
import { cutToUtf8Bytes } from '../../shared/utf8-bytes'
import type { FlowNodeChange, FlowNodeRecord, FlowRunRecord } from '../domain/flows'
import type { FlowRunRepo } from '../store/flow-run-repo'
import type { ParamSources } from './substitute-references'

/**
 * A switch node (docs/flows.md#branches-switch): it runs no job; when its trigger rule holds it
 * tests its cases in order, the first that holds picks its child, else the default, else none. It
 * ends success at once with the picked child's key as its output ('' for none) and a note saying
 * why; every other child ends `skipped` (branchGate), and their descendants follow their trigger
 * rules as after any skip. Everything here is pure: the engine writes what it returns.
 */

/** The switch's decision: the child it picks (null for none) and the note that says why. */
export interface SwitchDecision {
  to: string | null
  note: FlowNote
}

/**
 * Whether a case's condition holds for `value` (its `${…}` already substituted).
 * - equals: the texts are equal, character for character (no trimming, no case folding);
 * - matches: the pattern (switch-pattern.ts) finds a match in the value (anchor it with ^…$ for all of it);
 * - gt / lt: the value, trimmed, is a finite number (JavaScript's Number: `12`, `-3.5`, `1e3`)
 *   greater / less than the operand. A value that is no number (empty, `abc`) does not hold: a
 *   missing output routes to the default, not to a failure.
 * A condition without exactly one operator, or with a pattern the definition rules refuse, never
 * holds (a definition saved before the rules; a save refuses both).
 */
export function conditionHolds(when: SwitchCondition, value: string): boolean {
  const [operator, ...more] = operatorsOf(when)
  if (operator === undefined || more.length > 0) return false
  switch (operator) {
    case 'equals':
      return value === when.equals
    case 'matches': {
      const compiled = compileSwitchPattern(when.matches!)
      return compiled.ok && matchesPattern(compiled.regex, value)
    }
    case 'gt':
    case 'lt': {
      const number = numberOf(value)
      if (number === null) return false
      return operator === 'gt' ? number > when.gt! : number < when.lt!
    }
  }
}

function numberOf(value: string): number | null {
  const trimmed = value.trim()
  if (trimmed === '') return null
  const number = Number(trimmed)
  return Number.isFinite(number) ? number : null
}

/**
 * A case's value with its references put in as plain text (each value cut to FLOW_VALUE_MAX_BYTES,
 * as every value a flow passes on): the value is only compared, never sent anywhere, so it needs
 * none of a parameter's escaping. A `${…}` that is no flow reference stays as written.
 */
export function switchValue(template: string, sources: ParamSources): string {
  let value = ''
  let from = 0
  for (const at of referencesIn(template)) {
    // `${item}` belongs to a fan-out node's parameter only (refused in a case at save): left as written.
    // A secret is never put into a case: a branch taken on it would tell its value.
    if (at.reference === null || at.reference.kind === 'item' || at.reference.kind === 'itemIndex' || at.reference.kind === 'secret') continue
    const raw = at.reference.kind === 'flowParam' ? sources.flowParam : (sources.outputOf(at.reference.key) ?? '')
    value += template.slice(from, at.start) + cutToUtf8Bytes(raw, FLOW_VALUE_MAX_BYTES).text
    from = at.end
  }
  return value + template.slice(from)
}

/** The first case that holds picks its child; else the default; else no branch. */
export function decideSwitch(def: FlowSwitchNodeDef, sources: ParamSources): SwitchDecision {
  const index = def.cases.findIndex(({ when }) => conditionHolds(when, switchValue(when.value, sources)))
  if (index >= 0) return { to: def.cases[index].to, note: { kind: 'switchCase', index: index + 1, to: def.cases[index].to } }
  if (def.default !== undefined) return { to: def.default, note: { kind: 'switchDefault', to: def.default } }
  return { to: null, note: { kind: 'switchNone' } }
}

/** The switch node's end at `nowMs`: success, its output the picked child's key. */
export function switchEnd(
  def: FlowSwitchNodeDef,
  sources: ParamSources,
  nowMs: number,
): { state: 'success'; change: Required<Pick<FlowNodeChange, 'output' | 'startTimeMs' | 'endTimeMs' | 'note'>> } {
  const { to, note } = decideSwitch(def, sources)
  return { state: 'success', change: { output: to ?? '', startTimeMs: nowMs, endTimeMs: nowMs, note: flowNoteText(note) } }
}

/**
 * Ends a pending switch node of `run` (compare-and-set: null when another pass took it). Sets the
 * node's output in `nodes` too: its children are decided later in the same pass, from the key it picked.
 */
export async function endSwitch(
  flowRuns: Pick<FlowRunRepo, 'setNodeState'>,
  run: Pick<FlowRunRecord, 'id' | 'param'>,
  def: FlowSwitchNodeDef,
  node: FlowNodeRecord,
  nodes: ReadonlyMap<string, FlowNodeRecord>,
  nowMs: number,
): Promise<FlowNodeState | null> {
  const { state, change } = switchEnd(def, { flowParam: run.param, outputOf: (key) => nodes.get(key)?.output }, nowMs)
  if (!(await flowRuns.setNodeState(run.id, def.key, ['pending'], node.attempt, state, change))) return null
  node.output = change.output
  return state
}

/**
 * What a switch parent says of node `key` before its trigger rule is asked: `wait` while a switch
 * parent has not ended (a rule like one_success must not run a branch before its switch chose);
 * `notChosen` when a switch parent succeeded and picked another child (the node ends skipped, with
 * the note); null when no switch parent decides it (the trigger rule does; a skipped or failed
 * switch passes its state on as any parent does).
 */
export function branchGate(
  graph: FlowGraph,
  key: string,
  stateOf: (key: string) => Pick<FlowNodeRecord, 'state' | 'output'> | undefined,
): { kind: 'wait' } | { kind: 'notChosen'; note: string } | null {
  for (const parent of graph.parents(key)) {
    if (graph.node(parent).kind !== 'switch') continue
    const node = stateOf(parent)
    const state: FlowNodeState = node?.state ?? 'pending'
    if (!isDoneState(state)) return { kind: 'wait' }
    if (state === 'success' && node!.output !== key) return { kind: 'notChosen', note: flowNoteText({ kind: 'notChosen', switchKey: parent }) }
  }
  return null
}
