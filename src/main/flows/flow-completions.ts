import { ALARM_STATUS, runStatus, type JobRun } from '../../shared/model'
import type { FlowStep } from '../domain/flows'
import { currentRunsOfAttempt, isUnfinished } from './attempt-runs'
import type { FlowEngineDeps } from './flow-engine-deps'
import { cutOutput } from './flow-params'

/**
 * What a finished job run means for its flow node — or, for a fan-out node's run, for its item
 * (the node ends once every item has: fan-out.ts): success or failed, with the run's handle
 * message as the node's (item's) output. A failure with retries left is not the node's outcome yet: its
 * retry (a run of the same step) will tell. A shard of a broadcast ("i/n") is not either: the node
 * ends once every shard has, failed if one failed. Resolves with the flow runs whose nodes (or
 * items) changed, each with the keys of its nodes that ended (an item's end names none).
 */
export async function applyCompletions(
  deps: Pick<FlowEngineDeps, 'store' | 'clock'>,
  runs: readonly JobRun[],
  steps: readonly FlowStep[],
): Promise<Map<number, string[]>> {
  const byId = new Map(runs.map((r) => [r.id, r]))
  const touched = new Map<number, string[]>()
  for (const step of steps) {
    const run = byId.get(step.logId)
    if (!run) continue
    // Most runs are the only run of their attempt: no lookup. A shard needs its siblings, and a
    // failure the fail monitor is done with needs to know whether a retry took its place.
    const alone = run.executorShardingParam === '' && !(waitsForRetry(run) && run.alarmStatus > 0)
    const current = alone ? [run] : await currentRunsOfAttempt(deps, await nodeRunIds(deps, step), step.attempt, step.item)
    const outcome = outcomeOf(current)
    if (!outcome) continue
    const { output, cutFromBytes } = cutOutput(outcome.speaker.handleMsg)
    const endTimeMs = outcome.endTimeMs || deps.clock.nowMs()
    const changed =
      step.item === undefined
        ? await deps.store.flowRuns.setNodeState(step.flowRunId, step.key, ['running'], step.attempt, outcome.state, {
            output,
            outputCutFromBytes: cutFromBytes,
            endTimeMs,
          })
        : await deps.store.flowItems.end({ ...step, index: step.item }, 'running', outcome.state, output, endTimeMs)
    if (!changed) continue
    const ended = touched.get(step.flowRunId) ?? []
    if (step.item === undefined) ended.push(step.key)
    touched.set(step.flowRunId, ended)
  }
  return touched
}

interface Outcome {
  state: 'success' | 'failed'
  /** The run whose handle message is the node's output: the last to end of the failed ones, else of all. */
  speaker: JobRun
  endTimeMs: number
}

/** The outcome of an attempt's current runs, or null while one has not ended or a failed one will be retried. */
function outcomeOf(current: readonly JobRun[]): Outcome | null {
  if (current.length === 0) return null
  let lastFailed: JobRun | null = null
  let last: JobRun | null = null
  for (const run of current) {
    if (isUnfinished(run)) return null
    const failed = runStatus(run) === 'failed'
    // Still the attempt's run though the fail monitor is done with it (alarm_status past 'locked'):
    // its retry could not be triggered, so no retry will tell. Until then a retry may.
    if (waitsForRetry(run) && run.alarmStatus <= ALARM_STATUS.todo) return null
    if (failed && endsLater(run, lastFailed)) lastFailed = run
    if (endsLater(run, last)) last = run
  }
  return {
    state: lastFailed ? 'failed' : 'success',
    speaker: (lastFailed ?? last)!,
    endTimeMs: Math.max(...current.map((r) => r.handleTimeMs)),
  }
}

/** A failure with retries left: its retry, not this run, will say how the attempt ends. */
function waitsForRetry(run: JobRun): boolean {
  return runStatus(run) === 'failed' && run.executorFailRetryCount > 0
}

/** Whether `run` ended after `other` (a run that failed to trigger ended when it was triggered). */
function endsLater(run: JobRun, other: JobRun | null): boolean {
  if (!other) return true
  const [a, b] = [run.handleTimeMs || run.triggerTimeMs, other.handleTimeMs || other.triggerTimeMs]
  return a > b || (a === b && run.id > other.id)
}

async function nodeRunIds(deps: Pick<FlowEngineDeps, 'store'>, step: FlowStep): Promise<number[]> {
  return (await deps.store.flowRuns.runIdsOf(step.flowRunId)).get(step.key) ?? []
}
