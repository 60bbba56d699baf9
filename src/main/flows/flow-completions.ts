import { runStatus, type JobRun } from '../../shared/model'
import type { FlowStep } from '../domain/flows'
import type { FlowEngineDeps } from './flow-engine-deps'
import { cutOutput } from './flow-params'

/**
 * What a finished job run means for its flow node: success or failed, with the run's handle
 * message as the node's output. A failure with retries left is not the node's outcome yet: its
 * retry (a run of the same step) will tell. Resolves with the flow runs whose nodes changed.
 */
export async function applyCompletions(deps: Pick<FlowEngineDeps, 'store' | 'clock'>, runs: readonly JobRun[], steps: readonly FlowStep[]): Promise<Set<number>> {
  const byId = new Map(runs.map((r) => [r.id, r]))
  const touched = new Set<number>()
  for (const step of steps) {
    const run = byId.get(step.logId)
    if (!run) continue
    const status = runStatus(run)
    if (status === 'pending' || status === 'running') continue
    if (status === 'failed' && run.executorFailRetryCount > 0) continue
    const { output, cutFromBytes } = cutOutput(run.handleMsg)
    const changed = await deps.store.flowRuns.setNodeState(step.flowRunId, step.key, ['running'], step.attempt, status === 'success' ? 'success' : 'failed', {
      output,
      outputCutFromBytes: cutFromBytes,
      endTimeMs: run.handleTimeMs || deps.clock.nowMs(),
    })
    if (changed) touched.add(step.flowRunId)
  }
  return touched
}
