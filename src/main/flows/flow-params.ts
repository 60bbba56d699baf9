import { FLOW_VALUE_MAX_BYTES } from '../../shared/flow-types'
import { cutToUtf8Bytes } from '../../shared/utf8-bytes'

/**
 * What a flow passes from node to node: a node's parameter may hold `${nodes.<key>.output}` (that
 * node's output: its run's handle message, or an approval's comment) and `${flow.param}` (the run's
 * parameter). Every value passed on is at most FLOW_VALUE_MAX_BYTES of UTF-8; a longer one is cut,
 * and the cut is told, so a node never gets a silently shortened value.
 */

/**
 * One reference: `${`, anything but braces, `}`. So a `$` alone, or a `${` that no `}` closes, is
 * plain text; in `${a${flow.param}}` the reference is the inner one.
 */
const REFERENCE = /\$\{([^{}]*)\}/g
const NODE_OUTPUT = /^nodes\.([^.]+)\.output$/
const FLOW_PARAM = 'flow.param'

type Reference = { kind: 'node'; key: string } | { kind: 'flowParam' } | { kind: 'unknown' }

function readReference(inner: string): Reference {
  if (inner === FLOW_PARAM) return { kind: 'flowParam' }
  const node = NODE_OUTPUT.exec(inner)
  return node ? { kind: 'node', key: node[1] } : { kind: 'unknown' }
}

export interface TemplateReferences {
  /** The node keys named, once each, in order of first mention (whether or not such nodes exist). */
  nodes: string[]
  flowParam: boolean
  /** Every other `${…}`, as written, once each: neither form, so a definition holding one is refused. */
  unknown: string[]
}

/** The references of a parameter template, for checking a definition before it is saved. */
export function referencesOf(template: string): TemplateReferences {
  const nodes = new Set<string>()
  const unknown = new Set<string>()
  let flowParam = false
  for (const [whole, inner] of template.matchAll(REFERENCE)) {
    const reference = readReference(inner)
    if (reference.kind === 'node') nodes.add(reference.key)
    else if (reference.kind === 'flowParam') flowParam = true
    else unknown.add(whole)
  }
  return { nodes: [...nodes], flowParam, unknown: [...unknown] }
}

/** A value passed on cut: the reference as written and the value's length in bytes before the cut. */
export interface ValueCut {
  ref: string
  fromBytes: number
}

export interface ParamSources {
  /** The run's `${flow.param}`. */
  flowParam: string
  /** A node's output, or undefined when it has none (it did not run, or is no node of the flow). */
  outputOf: (key: string) => string | undefined
}

/**
 * The parameter a node's run gets: each reference replaced by its value, cut to FLOW_VALUE_MAX_BYTES.
 * A node without output gives ''. A `${…}` of neither form stays as written (a saved definition has
 * none: they are refused). `cut` names each reference whose value was cut, once.
 */
export function resolveParam(template: string, sources: ParamSources): { value: string; cut: ValueCut[] } {
  const cuts = new Map<string, number>()
  const value = template.replace(REFERENCE, (whole: string, inner: string) => {
    const reference = readReference(inner)
    if (reference.kind === 'unknown') return whole
    const raw = reference.kind === 'flowParam' ? sources.flowParam : (sources.outputOf(reference.key) ?? '')
    const { text, bytes } = cutToUtf8Bytes(raw, FLOW_VALUE_MAX_BYTES)
    if (text !== raw) cuts.set(whole, bytes)
    return text
  })
  return { value, cut: [...cuts].map(([ref, fromBytes]) => ({ ref, fromBytes })) }
}

/** A node's output as stored: at most FLOW_VALUE_MAX_BYTES, with its length in bytes when it was cut. */
export function cutOutput(text: string): { output: string; cutFromBytes: number | null } {
  const cut = cutToUtf8Bytes(text, FLOW_VALUE_MAX_BYTES)
  return { output: cut.text, cutFromBytes: cut.text === text ? null : cut.bytes }
}
