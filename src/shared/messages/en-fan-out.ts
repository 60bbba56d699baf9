/**
 * English text of what a fan-out node (forEach, src/shared/flow-for-each.ts) is refused for at
 * save, and of why one failed when it started (its note), by code.
 */
export const enFanOutMessages = {
  'flow.itemOutsideForEach': "node '{node}': '{ref}' names a fan-out's item, but the node has no forEach list",
  'flow.forEachSettingAlone': "node '{node}': {field} applies only to a node with a forEach list",
  'flow.forEachNotList': 'node \'{node}\': forEach must be one reference alone (${nodes.<key>.output} or ${flow.param}) or a JSON array such as ["a", "b"]',
  'flow.forEachNotUpstream': "node '{node}': forEach names '{key}' ('{ref}'), which is not a node that runs before it, so its output cannot exist yet",
  'flow.forEachTooMany': "node '{node}': the forEach list has {count} items; the limit is {max}",
  'flowRun.forEachNotArray': "forEach: the value of '{ref}' is not a JSON array ({detail})",
  'flowRun.forEachTooMany': "forEach: the list of '{ref}' has {count} items; the limit is {max}",
} as const
