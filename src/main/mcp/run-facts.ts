import { alarmStateOf } from '../../shared/alarm-reason'
import { runStatus, type JobRun } from '../../shared/model'
import { isKilledRun } from '../../shared/run-kill'
import { z } from '../../shared/schema/z'

/** A run's state as an agent should read it: a kill apart from a failure (a person or a flow ended it). */
export type RunState = ReturnType<typeof runStatus> | 'killed'

export function runStateOf(run: JobRun): RunState {
  return isKilledRun(run) ? 'killed' : runStatus(run)
}

/**
 * One run as the tools answer it: what happened, where, when and how long, the trigger's trail as
 * it was written, and the alarm's fate. The parameter is as stored: a secret appears in it only as
 * its `${secrets.NAME}` reference (the value is filled in at trigger time and never stored).
 */
export function runFacts(run: JobRun, groupName: (id: number) => string) {
  const ended = run.handleTimeMs > 0
  return {
    id: run.id,
    jobId: run.jobId,
    group: groupName(run.jobGroup),
    state: runStateOf(run),
    triggerType: run.triggerType,
    scheduleTimeMs: run.scheduleTimeMs,
    triggerTimeMs: run.triggerTimeMs,
    endTimeMs: ended ? run.handleTimeMs : null,
    durationMs: ended ? Math.max(0, run.handleTimeMs - run.triggerTimeMs) : null,
    executorAddress: run.executorAddress,
    executorHandler: run.executorHandler,
    executorParam: run.executorParam,
    ...(run.typedParams && { typedParams: run.typedParams }),
    shard: run.executorShardingParam || null,
    triggerCode: run.triggerCode,
    handleCode: run.handleCode,
    handleMessage: run.handleMsg,
    alarm: { state: alarmStateOf(run), message: run.alarmMessage, rule: run.alarmRule },
    retryOrParentOf: run.parentLogId,
  }
}

/** What an agent may rely on in a run's facts (the rest is there, described in the tool's text). */
export const runFactsSchema = z.looseObject({
  id: z.number(),
  jobId: z.number(),
  state: z.enum(['pending', 'running', 'success', 'failed', 'killed']),
  triggerTimeMs: z.number(),
  executorAddress: z.string(),
})
