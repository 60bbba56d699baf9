import { FLOW_VALUE_MAX_BYTES } from '../../shared/flow-types'
import { referencesIn } from '../../shared/flow-references'
import { cutToUtf8Bytes } from '../../shared/utf8-bytes'

/**
 * What a flow passes from node to node: a node's parameter may hold `${nodes.<key>.output}` (that
 * node's output: its run's handle message, or an approval's comment) and `${flow.param}` (the run's
 * parameter). Their grammar and where they may stand are src/shared/flow-references.ts; putting the
 * values in is substitute-references.ts.
 */

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
  for (const { ref, reference } of referencesIn(template)) {
    if (reference?.kind === 'nodeOutput') nodes.add(reference.key)
    else if (reference?.kind === 'flowParam') flowParam = true
    else unknown.add(ref)
  }
  return { nodes: [...nodes], flowParam, unknown: [...unknown] }
}

/** A node's output as stored: at most FLOW_VALUE_MAX_BYTES, with its length in bytes when it was cut. */
export function cutOutput(text: string): { output: string; cutFromBytes: number | null } {
  const cut = cutToUtf8Bytes(text, FLOW_VALUE_MAX_BYTES)
  return { output: cut.text, cutFromBytes: cut.text === text ? null : cut.bytes }
}
