import { FLOW_VALUE_MAX_BYTES } from '../../shared/flow-types'
import { cutToUtf8Bytes } from '../../shared/utf8-bytes'

/**
 * What a flow passes from node to node: a node's parameter may hold `${nodes.<key>.output}` (that
 * node's output: its run's handle message, or an approval's comment) and `${flow.param}` (the run's
 * parameter). Their grammar and where they may stand are src/shared/flow-references.ts; putting the
 * values in is substitute-references.ts.
 */

/** A node's output as stored: at most FLOW_VALUE_MAX_BYTES, with its length in bytes when it was cut. */
export function cutOutput(text: string): { output: string; cutFromBytes: number | null } {
  const cut = cutToUtf8Bytes(text, FLOW_VALUE_MAX_BYTES)
  return { output: cut.text, cutFromBytes: cut.text === text ? null : cut.bytes }
}
