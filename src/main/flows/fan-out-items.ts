import type { FlowItemRecord } from '../domain/flows'
import { FOR_EACH_MAX_ITEMS, forEachSource, itemText, readList } from '../../shared/flow-for-each'
import type { ForEachRule } from '../../shared/flow-types'
import type { MessageCode } from '../../shared/messages'
import type { ParamSources } from './substitute-references'
import { cutOutput } from './flow-params'

/**
 * A fan-out node's decisions (docs/flows.md#fan-out-foreach), pure: what its list is, which items
 * start, when and how the node ends, what its output is. fan-out.ts carries them out.
 */

/** The state of an item as the decisions read it. */
export type ItemView = Pick<FlowItemRecord, 'index' | 'state' | 'output' | 'endTimeMs'>

/** The list the node runs over, or why it fails (a coded note). An empty list is a list: the node succeeds at once with `[]`. */
export type ListResolution = { ok: true; items: unknown[] } | { ok: false; code: MessageCode; params: Record<string, string | number> }

/**
 * The node's list from its `forEach`: a literal array, or the value of `${flow.param}` or of a node
 * above it, read as JSON. Not an array, or more than FOR_EACH_MAX_ITEMS items: the node fails, and
 * the note says which and, for a long list, its count.
 */
export function resolveList(forEach: string, sources: ParamSources): ListResolution {
  const source = forEachSource(forEach)
  const ref = source.kind === 'node' || source.kind === 'flowParam' ? source.ref : 'forEach'
  let items: unknown[]
  if (source.kind === 'literal') items = source.items
  else if (source.kind === 'invalid')
    return { ok: false, code: 'flowRun.forEachNotArray', params: { ref, detail: 'forEach is neither a reference nor a JSON array' } }
  else {
    const text = source.kind === 'flowParam' ? sources.flowParam : (sources.outputOf(source.key) ?? '')
    const list = readList(text)
    if (!list.ok) return { ok: false, code: 'flowRun.forEachNotArray', params: { ref, detail: list.detail } }
    items = list.items
  }
  if (items.length > FOR_EACH_MAX_ITEMS) return { ok: false, code: 'flowRun.forEachTooMany', params: { ref, count: items.length, max: FOR_EACH_MAX_ITEMS } }
  return { ok: true, items }
}

/**
 * The items to start now: the pending ones in index order, as many as the cap leaves room for
 * beside those running. Only a wish: each start's claim checks the cap again in its transaction.
 */
export function itemsToStart(items: readonly Pick<ItemView, 'index' | 'state'>[], cap: number): number[] {
  const running = items.filter((item) => item.state === 'running').length
  const room = Math.max(0, cap - running)
  if (room === 0) return []
  return items
    .filter((item) => item.state === 'pending')
    .map((item) => item.index)
    .sort((a, b) => a - b)
    .slice(0, room)
}

const ENDED: ReadonlySet<FlowItemRecord['state']> = new Set(['success', 'failed', 'killed'])

/** How the node ends once every item has: its state by the rule, its output, its end time (`nowMs` when no item has one). */
export interface FanOutEnd {
  state: 'success' | 'failed'
  output: string
  outputCutFromBytes: number | null
  endTimeMs: number
}

/**
 * The node's end, or null while an item is still to end. `all`: every item succeeded; `any`: at
 * least one did (an empty list succeeds under both: nothing failed, and nothing was to run).
 */
export function fanOutEnd(items: readonly ItemView[], rule: ForEachRule, nowMs: number): FanOutEnd | null {
  if (!items.every((item) => ENDED.has(item.state))) return null
  const succeeded = items.filter((item) => item.state === 'success').length
  const ok = items.length === 0 || (rule === 'all' ? succeeded === items.length : succeeded > 0)
  const { output, cutFromBytes } = fanOutOutput(items)
  const endTimeMs = items.reduce((latest, item) => Math.max(latest, item.endTimeMs), 0)
  return { state: ok ? 'success' : 'failed', output, outputCutFromBytes: cutFromBytes, endTimeMs: endTimeMs > 0 ? endTimeMs : nowMs }
}

/**
 * The node's output: a JSON array of the items' outputs (each its run's handle message, as text) in
 * index order, null for an item that did not succeed; cut at FLOW_VALUE_MAX_BYTES as every output is.
 */
export function fanOutOutput(items: readonly Pick<ItemView, 'index' | 'state' | 'output'>[]): { output: string; cutFromBytes: number | null } {
  const ordered = [...items].sort((a, b) => a.index - b.index)
  return cutOutput(JSON.stringify(ordered.map((item) => (item.state === 'success' ? item.output : null))))
}

/** The values `${item}` and `${item.index}` stand for in item `index`'s parameter. */
export function itemValues(items: readonly unknown[], index: number): { text: string; index: number } {
  return { text: itemText(items[index]), index }
}
