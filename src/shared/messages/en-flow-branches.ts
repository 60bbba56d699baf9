/**
 * English text of the rules of switch and subflow nodes (src/shared/flow-branch-check.ts, and the
 * flow service's sub-flow rules in src/main/flows/subflow-rules.ts), by code.
 */
export const enFlowBranchMessages = {
  'flow.switchOperatorCount': "switch '{node}', case {case}: give exactly one of equals, matches, gt or lt (it has {count})",
  'flow.switchPatternInvalid': "switch '{node}', case {case}: '{pattern}' is not a regular expression: {reason}",
  'flow.switchPatternNested':
    "switch '{node}', case {case}: '{pattern}' repeats a group that itself repeats (like (a+)+), which can take exponential time; write it without the nested repeat",
  'flow.switchTargetNotChild': "switch '{node}': '{to}' is not a child of the switch; add the edge {node} → {to}",
  'flow.switchChildNoBranch': "switch '{node}': its child '{child}' is no case's 'to' nor the default, so it could never run",
  'flow.subflowNotFound': "node '{key}' runs flow {id} as a sub-flow, which does not exist",
  'flow.subflowCycle': 'the sub-flows close the cycle {path}: a flow cannot run itself, directly or through others',
  'flow.subflowTooDeep': 'the sub-flows nest {depth} levels deep ({path}); the limit is {max}',
  'flow.usedAsSubflow': 'flow {id} is a sub-flow of the flows {flows}: remove it from them first',
  'flow.subflowRefNotFound': "node '{key}' names the flow '{name}' as its sub-flow, which is neither in the files nor on the server",
  'definitions.notForNodeKind': 'a {kind} node has no {field}',
  'definitions.nodeFieldRequired': 'a {kind} node needs {field}',
} as const
