import { childrenOf } from '../../../../shared/flow-edges'
import { parseFlowNote } from '../../../../shared/flow-notes'
import type { FlowDefinition, FlowNodeItemRun, FlowNodeRun, FlowNodeState, FlowSwitchNodeDef } from '../../../../shared/flow-types'

/**
 * What the run view says of the nodes that are not plain jobs: a fan-out's items counted, the
 * branch a switch took, an approval's decision. Pure, from the run the core sent.
 */

export interface ItemCounts {
  total: number
  done: number
  running: number
  failed: number
}

const RUNNING_STATES: readonly FlowNodeState[] = ['running', 'waiting']
const FAILED_STATES: readonly FlowNodeState[] = ['failed', 'upstream_failed', 'killed']

/** A fan-out's items by outcome: succeeded, under way, failed (killed included), of all. */
export function itemCounts(items: readonly FlowNodeItemRun[]): ItemCounts {
  const counts: ItemCounts = { total: items.length, done: 0, running: 0, failed: 0 }
  for (const item of items) {
    if (item.state === 'success') counts.done++
    else if (RUNNING_STATES.includes(item.state)) counts.running++
    else if (FAILED_STATES.includes(item.state)) counts.failed++
  }
  return counts
}

/** The items that failed (or were killed), for the list's "failed only". */
export function failedItems(items: readonly FlowNodeItemRun[]): FlowNodeItemRun[] {
  return items.filter((item) => FAILED_STATES.includes(item.state))
}

/** Page `page` (from 0) of `size` items, and how many pages there are (at least 1). */
export function itemsPage<T>(items: readonly T[], page: number, size: number): { rows: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(items.length / size))
  const at = Math.min(Math.max(0, page), pages - 1)
  return { rows: items.slice(at * size, at * size + size), pages, page: at }
}

/** The first characters of an output on one line, for a list. */
export function excerpt(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

export interface SwitchOutcome {
  /** The children that run (or ran): the branch taken. Empty before the switch decided. */
  taken: string[]
  /** The children it skipped. */
  skipped: string[]
  /** The cases (1-based) that pick a taken child; empty when only the default does. */
  cases: number[]
  /** The default branch was taken. */
  byDefault: boolean
}

/**
 * The branch a switch took, read from its children's states once it succeeded: the children that
 * are not skipped were picked. Which case held is the first case naming a picked child (the core
 * picks the first that holds); the default when no case names it.
 */
export function switchOutcome(def: FlowSwitchNodeDef, definition: FlowDefinition, nodes: ReadonlyMap<string, FlowNodeRun>): SwitchOutcome | null {
  if (nodes.get(def.key)?.state !== 'success') return null
  const children = childrenOf(definition.edges, def.key)
  const skipped = children.filter((key) => nodes.get(key)?.state === 'skipped')
  const taken = children.filter((key) => !skipped.includes(key))
  const first = def.cases.findIndex((c) => taken.includes(c.to))
  const cases = first < 0 ? [] : [first + 1]
  return { taken, skipped, cases, byDefault: first < 0 && def.default !== undefined && taken.includes(def.default) }
}

export interface ApprovalFacts {
  decision: 'approved' | 'rejected' | 'undecided' | null
  /** Who decided (a user or credential); '' when nobody did. */
  actor: string
  comment: string
  /** When it was decided (the node's end), 0 while it waits. */
  atMs: number
}

/** An approval's decision from its node's note (the core writes `approved by …: comment`). */
export function approvalFacts(node: FlowNodeRun): ApprovalFacts {
  const note = parseFlowNote(node.note)
  const atMs = node.endTimeMs > 0 ? node.endTimeMs : 0
  if (note?.kind === 'approvedBy' || note?.kind === 'rejectedBy')
    return { decision: note.kind === 'approvedBy' ? 'approved' : 'rejected', actor: note.actor, comment: note.comment, atMs }
  if (note?.kind === 'undecided') return { decision: 'undecided', actor: '', comment: '', atMs }
  return { decision: null, actor: '', comment: '', atMs }
}
