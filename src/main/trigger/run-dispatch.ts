import { TRIGGER_CODE } from '../../shared/model'
import type { TriggerOutcome } from '../domain/runs'
import type { PreparedRun } from './prepare-runs'
import type { TriggerDispatch } from './trigger-pool'
import { triggerRun, type TriggerDeps } from './trigger-run'

/** Where a trigger's outcome is written (the run writer's batches). */
export interface OutcomeSink {
  /** Queues the outcome to be written; a failed write is retried by the sink itself and logged there. */
  noteOutcome(outcome: TriggerOutcome): void
}

/** Who else hears of an accepted trigger before its outcome is written. */
export interface TriggerListeners {
  /** The run now runs at `executorAddress` (the log keeper copies LAN logs of running runs). */
  noteTriggered(logId: number, executorAddress: string): void
  /** A manual trigger waits for its outcome to answer the operator. */
  note(outcome: TriggerOutcome): void
}

/**
 * What the trigger pool does with each run: route it and call its executor (`triggerRun`), then
 * tell the log keeper and waiting callers, and hand the outcome to the writer.
 */
export class RunDispatch implements TriggerDispatch {
  constructor(
    private readonly deps: TriggerDeps,
    private readonly outcomes: OutcomeSink,
    private readonly listeners: Pick<TriggerListeners, 'noteTriggered'>,
    private readonly waiters: Pick<TriggerListeners, 'note'>,
  ) {}

  triggerRun(run: PreparedRun): Promise<TriggerOutcome> {
    return triggerRun(run, this.deps)
  }

  record(outcome: TriggerOutcome): void {
    if (outcome.triggerCode === TRIGGER_CODE.success) this.listeners.noteTriggered(outcome.logId, outcome.executorAddress)
    this.waiters.note(outcome)
    this.outcomes.noteOutcome(outcome)
  }
}
