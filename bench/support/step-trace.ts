/**
 * B13's timestamps along the path from one run's completion to the next run's start, taken by
 * wrapping a few methods of the core's classes on their prototypes (the engine itself is not
 * changed; each wrapper only notes the time in a Map, a fraction of a microsecond):
 *
 *   completed  RunWriter.complete: the completion reached the admin (its handleTimeMs is stamped here)
 *   flushStart RunWriter.flushNow: the batch holding it began to be written (the writer's batch delay before)
 *   flushed    the first flush listener: the batch committed, the listeners are told
 *   advance    FlowAdvance.advance: the flow run is moved on (flows only; what precedes is FlowEngine.completed's reads)
 *   trigger    TriggerService.trigger: the next run's trigger began (its transaction follows)
 *   dispatch   TriggerService.dispatch: the next run's row is committed and handed to the trigger pool
 *
 * Call `installStepTrace` before `assembleCore`, so the writer's first listener is the trace's.
 */
import { RunWriter } from '../../src/main/completion/run-writer'
import type { FlushResult } from '../../src/main/completion/flush-result'
import type { RunCompletion } from '../../src/main/domain/runs'
import { FlowAdvance } from '../../src/main/flows/flow-advance'
import type { PreparedRun } from '../../src/main/trigger/prepare-runs'
import { TriggerService } from '../../src/main/trigger/trigger-service'

/** Epoch ms with sub-millisecond precision: the clock the B13 handler stamps its start with. */
export const preciseNowMs = (): number => performance.timeOrigin + performance.now()

/** Times of a completed run (by its log id). */
export interface CompletionMarks {
  completed?: number
  flushStart?: number
  flushed?: number
}

/** Times of a triggered run (by its log id). */
export interface TriggerMarks {
  /** The last advance of its flow run that began before its trigger (flows only). */
  advance?: number
  trigger?: number
  dispatch?: number
}

export interface StepTrace {
  completions: Map<number, CompletionMarks>
  triggers: Map<number, TriggerMarks>
  /** Forgets what was noted (between scenarios, to keep the maps small). */
  clear(): void
}

/** The private members the trace wraps, as they are at run time (TypeScript's `private` is compile-time only). */
interface WriterInside {
  complete(batch: readonly RunCompletion[]): Promise<void>
  flushNow(final: boolean): Promise<void>
  onFlush(listener: (result: FlushResult) => void): void
  pending: { completions: RunCompletion[] }
}
interface TriggerServiceInside {
  trigger: TriggerService['trigger']
  dispatch(runs: PreparedRun[]): void
}

export function installStepTrace(): StepTrace {
  const completions = new Map<number, CompletionMarks>()
  const triggers = new Map<number, TriggerMarks>()
  const advanceStarts = new Map<number, number>()
  const marksOf = (logId: number) => completions.get(logId) ?? completions.set(logId, {}).get(logId)!

  const writer = RunWriter.prototype as unknown as WriterInside
  const complete = writer.complete
  writer.complete = function (this: WriterInside, batch: readonly RunCompletion[]) {
    const now = preciseNowMs()
    for (const c of batch) marksOf(c.logId).completed ??= now
    return complete.call(this, batch)
  }
  const flushNow = writer.flushNow
  writer.flushNow = function (this: WriterInside, final: boolean) {
    // flushNow takes what is pending when it starts: that is the batch it writes.
    const now = preciseNowMs()
    for (const c of this.pending.completions) marksOf(c.logId).flushStart ??= now
    return flushNow.call(this, final)
  }
  const onFlush = writer.onFlush
  const traced = new WeakSet<WriterInside>()
  writer.onFlush = function (this: WriterInside, listener: (result: FlushResult) => void) {
    if (!traced.has(this)) {
      traced.add(this)
      onFlush.call(this, (result) => {
        const now = preciseNowMs()
        for (const id of result.completedIds) marksOf(id).flushed ??= now
      })
    }
    onFlush.call(this, listener)
  }

  const advancer = FlowAdvance.prototype
  const advance = advancer.advance
  advancer.advance = function (this: FlowAdvance, flowRunId: number, ...rest: unknown[]) {
    advanceStarts.set(flowRunId, preciseNowMs())
    return (advance as (...args: unknown[]) => Promise<void>).call(this, flowRunId, ...rest)
  }

  const service = TriggerService.prototype as unknown as TriggerServiceInside
  const trigger = service.trigger
  service.trigger = async function (this: TriggerServiceInside, ...args: Parameters<TriggerService['trigger']>) {
    const start = preciseNowMs()
    const flowRunId = args[0].flowStep?.flowRunId
    const advanceStart = flowRunId === undefined ? undefined : advanceStarts.get(flowRunId)
    const result = await trigger.apply(this, args)
    for (const id of result.logIds) {
      const marks = triggers.get(id) ?? {}
      triggers.set(id, { ...marks, trigger: start, advance: advanceStart })
    }
    return result
  }
  const dispatch = service.dispatch
  service.dispatch = function (this: TriggerServiceInside, runs: PreparedRun[]) {
    const now = preciseNowMs()
    for (const run of runs) triggers.set(run.logId, { ...triggers.get(run.logId), dispatch: now })
    dispatch.call(this, runs)
  }

  return {
    completions,
    triggers,
    clear() {
      completions.clear()
      triggers.clear()
      advanceStarts.clear()
    },
  }
}
