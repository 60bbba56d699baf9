import type { ErrorParams } from './errors'
import type { FlowGraph } from './flow-graph'
import { looksLikeFlowReference, referencesIn } from './flow-references'
import { isJobNode, type FlowDefinition } from './flow-types'
import type { MessageCode } from './messages'

// Fan-out (docs/flows.md#fan-out-foreach): a job node with `forEach` runs its job once per item of
// a JSON array. What such a node may say, and how its list is read, for the core (at save and when
// the node starts) and the console's editor alike.

/** A fan-out node runs at most this many items: each is a row and a job run; a longer list fails the node, with its count. */
export const FOR_EACH_MAX_ITEMS = 10_000

/** A problem of a definition's fan-out settings: a message code, its parameters, where it stands. */
export interface ForEachProblem {
  code: MessageCode
  params: ErrorParams
  at: (string | number)[]
}

/**
 * `forEach` is one reference alone — `${flow.param}` or the output of a node that runs before — or
 * a literal JSON array: the list is a value, never a template put together from pieces. `${item}`
 * and `${item.index}` stand only in the parameter of a node with a list; its concurrency and rule
 * only beside one. Without a valid graph (`graph` null) "before" is not known; the rest is told.
 */
export function checkForEach(def: FlowDefinition, graph: FlowGraph | null): ForEachProblem[] {
  const problems: ForEachProblem[] = []
  const keys = new Set(def.nodes.map((node) => node.key))
  def.nodes.forEach((node, index) => {
    const add = (field: string, code: MessageCode, params: ErrorParams) =>
      problems.push({ code, params: { node: node.key, ...params }, at: ['nodes', index, field] })
    // A switch's case values are no parameter of a fan-out node either.
    if (node.kind === 'switch') {
      node.cases.forEach((entry, at) => {
        for (const ref of itemReferences(entry.when.value))
          problems.push({ code: 'flow.itemOutsideForEach', params: { node: node.key, ref }, at: ['nodes', index, 'cases', at, 'when', 'value'] })
      })
      return
    }
    const param = 'param' in node ? node.param : undefined
    const forEach = isJobNode(node) ? node.forEach : undefined
    if (forEach === undefined) {
      for (const ref of itemReferences(param ?? '')) add('param', 'flow.itemOutsideForEach', { ref })
      if (isJobNode(node) && node.forEachConcurrency !== undefined) add('forEachConcurrency', 'flow.forEachSettingAlone', { field: 'forEachConcurrency' })
      if (isJobNode(node) && node.forEachRule !== undefined) add('forEachRule', 'flow.forEachSettingAlone', { field: 'forEachRule' })
      return
    }
    const source = forEachSource(forEach)
    if (source.kind === 'invalid') add('forEach', 'flow.forEachNotList', {})
    else if (source.kind === 'literal' && source.items.length > FOR_EACH_MAX_ITEMS)
      add('forEach', 'flow.forEachTooMany', { count: source.items.length, max: FOR_EACH_MAX_ITEMS })
    else if (source.kind === 'node' && (!keys.has(source.key) || (graph !== null && !graph.ancestors(node.key).has(source.key))))
      add('forEach', 'flow.forEachNotUpstream', { ref: source.ref, key: source.key })
  })
  return problems
}

/** The `${item}` and `${item.index}` references of a parameter, once each (a look-alike such as `${item.x}` is an unknown reference). */
function itemReferences(template: string): string[] {
  const refs = referencesIn(template).filter((at) => at.reference?.kind === 'item' || at.reference?.kind === 'itemIndex')
  return [...new Set(refs.map((at) => at.ref))]
}

/** What a `forEach` names: a node's output, the flow's parameter, a literal list, or nothing it may be. */
export type ForEachSource =
  { kind: 'node'; key: string; ref: string } | { kind: 'flowParam'; ref: string } | { kind: 'literal'; items: unknown[] } | { kind: 'invalid' }

export function forEachSource(forEach: string): ForEachSource {
  const text = forEach.trim()
  const refs = referencesIn(text)
  if (refs.length === 1 && refs[0].start === 0 && refs[0].end === text.length) {
    const reference = refs[0].reference
    if (reference?.kind === 'nodeOutput') return { kind: 'node', key: reference.key, ref: refs[0].ref }
    if (reference?.kind === 'flowParam') return { kind: 'flowParam', ref: refs[0].ref }
    return { kind: 'invalid' }
  }
  if (refs.some((at) => at.reference !== null || looksLikeFlowReference(at.ref))) return { kind: 'invalid' }
  const list = readList(text)
  return list.ok ? { kind: 'literal', items: list.items } : { kind: 'invalid' }
}

/** A list's text read: its items, or why it is no list (JSON's own words, or that it is no array). */
export type ListReading = { ok: true; items: unknown[] } | { ok: false; detail: string }

/** Reads `text` as a JSON array. */
export function readList(text: string): ListReading {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { ok: false, detail: (error as Error).message }
  }
  if (!Array.isArray(value)) return { ok: false, detail: `it is ${value === null ? 'null' : typeof value}` }
  return { ok: true, items: value }
}

/** `${item}`'s value: a string item as it is, any other item as JSON (a number's digits, an object's JSON). */
export function itemText(item: unknown): string {
  return typeof item === 'string' ? item : JSON.stringify(item)
}
