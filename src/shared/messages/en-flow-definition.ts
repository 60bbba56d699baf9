/**
 * English text of what a flow's definition is refused for (src/shared/flow-graph.ts, the
 * references of src/shared/flow-references.ts, the flow input rules), and of the notes a chain turned into a flow
 * carries (src/main/flows/chain-to-flow.ts), by code.
 */
export const enFlowDefinitionMessages = {
  'flow.noNodes': 'a flow needs at least one node',
  'flow.tooManyNodes': 'has {count} nodes; the limit is {max}',
  'flow.badKey': "'{key}' is not a node key: 1-64 lowercase letters, digits, '_' or '-', starting with a letter",
  'flow.duplicateKey': "'{key}' is also the key of nodes[{first}]",
  'flow.unknownKey': "the edge {from} → {to} names '{key}', which is not a node of this flow",
  'flow.selfLoop': "node '{key}' cannot be its own parent",
  'flow.duplicateEdge': 'the edge {from} → {to} is also edges[{first}]',
  'flow.cycle': 'the edges close the cycle {path}; a flow runs its nodes in order, so it cannot have a cycle',
  'flow.valueTooLong': 'is {bytes} bytes long in UTF-8; the limit is {max}',
  'flow.unknownReference': "'{ref}' is not a reference a flow knows: write ${nodes.<key>.output} or ${flow.param}",
  'flow.referenceUnknownNode': "'{ref}' names '{key}', which is not a node of this flow",
  'flow.referenceNotUpstream':
    "'{ref}' names '{key}', which does not run before '{node}', so its output cannot exist yet: add edges leading from '{key}' to '{node}'",
  'flow.referenceAsKey':
    "node '{node}': '{ref}' stands in a key of its JSON parameter; a flow's value may fill a string value (or stand alone as one), never name a field",
  'flow.referenceChoosesTarget':
    "node '{node}': '{ref}' would choose where or how the request goes (a URL's scheme, host or port, or the method); put it in the URL's path or query, or in another value",
  'flow.referenceInTextRequest':
    "node '{node}': its job's handler reads the parameter as a request (httpJobHandler), so '{ref}' may stand only in a JSON parameter, where its value stays a value",
  'flow.referenceInInvalidJson':
    "node '{node}': its parameter starts with '{' or '[' so it is read as JSON, but taking each reference as a value it is not JSON at character {offset}; write '{ref}' inside a string value, or alone as a value",

  'flowChain.fanIn':
    "'{key}' has {count} parents ({parents}): it now runs once, when its trigger rule holds over all of them, where the chain fired it once per parent",
  'flowChain.mixedConditions':
    "'{key}' was linked on different conditions ({conditions}): it now runs once all its parents are done (all_done), whatever their outcome",
  'flowChain.runsAfterUnrunParent': "'{key}' ({rule}) now also runs when a parent did not run at all, where the chain fired it only after a parent's own run",
  'flowChain.outsideParent': "job {jobId} also fires '{key}' in the chain but is not below job {rootJobId}: the flow leaves that link out",
  'flowChain.cycleLeftOut': 'the link {from} → {to} closes the cycle {path}: the flow leaves it out',
} as const
