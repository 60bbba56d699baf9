/** Messages of flows and their runs (src/main/flows/). */
export const enFlowMessages = {
  'flow.notFound': 'flow {id} does not exist',
  'flow.runNotFound': 'flow run {id} does not exist',
  'flow.nodeNotFound': 'flow run {id} has no node "{key}"',
  'flow.nameTaken': 'a flow named "{name}" exists already',
  'flow.hasActiveRuns': 'flow {id} has {count} active runs: kill them or wait for them to end first',
  'flow.runNotActive': 'flow run {id} is {state}: only a queued, running or waiting run can be killed',
  'flow.runNotFinished': 'flow run {id} is {state}: only a finished run can be retried',
  'flow.nothingToRetry': 'every node of flow run {id} succeeded or was skipped: there is nothing to retry',
  'flow.nodeRunning': 'node "{key}" of flow run {id} is running: kill the flow run or wait for the node to end',
  'flow.nodeChanged': 'node "{key}" of flow run {id} changed meanwhile: look again and retry',
  'flow.approvalNotWaiting': 'node "{key}" of flow run {id} is not an approval waiting for a decision',
  'flow.nodeJobMissing': 'node "{key}" names job {id}, which does not exist',
  'flow.chainHasNoChildren': 'job {id} has no child jobs: there is no chain to make a flow of',
  'flow.jobInFlows': 'job {id} is a node of the flows {flows}: remove it from them first',
} as const
