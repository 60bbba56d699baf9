import { ACTIVE_FLOW_RUN_STATES, type FlowNodeDef, type FlowNodeRun, type FlowRun, type FlowRunState } from '../../../../shared/flow-types'

/** What the run view offers, mirroring what the core accepts (shared/api.ts), so refused buttons are not shown. */

export const isActiveFlowRun = (state: FlowRunState) => (ACTIVE_FLOW_RUN_STATES as readonly FlowRunState[]).includes(state)

/** Retry: a finished run that did not succeed. */
export const canRetryFlowRun = (run: Pick<FlowRun, 'state'>) => run.state === 'failed' || run.state === 'killed'

/** Kill: a run not finished yet (queued, running or waiting for an approval). */
export const canKillFlowRun = (run: Pick<FlowRun, 'state'>) => isActiveFlowRun(run.state)

export const isApproval = (def: FlowNodeDef | undefined) => def?.kind === 'approval'

/** Approve / reject: an approval node that is waiting for its decision. */
export const canDecide = (def: FlowNodeDef | undefined, node: FlowNodeRun) => isApproval(def) && node.state === 'waiting'

/**
 * The marks a node can take: any state it is not in already, unless it runs now — and a waiting
 * approval is decided (approve / reject, with a comment for the audit trail), not marked.
 */
export function marksFor(node: FlowNodeRun): ('success' | 'skipped')[] {
  if (node.state === 'running' || node.state === 'waiting') return []
  return (['success', 'skipped'] as const).filter((state) => state !== node.state)
}

/** The run id whose log the node panel tails: its latest (retries included). */
export const latestRunId = (node: FlowNodeRun): number | null => node.runIds.at(-1) ?? null
