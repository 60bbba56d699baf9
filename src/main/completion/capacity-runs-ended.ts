import type { RunEndedConsumer } from './run-ended'
import type { FlushResult } from './flush-result'
import type { QueueRunner } from '../capacity/queue-runner'

/**
 * The queue's part of a run's end (completion/run-ended.ts): an ended run may free slots, so the
 * queue runner passes at once instead of at its next poll. No read here: the runner gives back
 * the slots of ended runs from their rows, whichever node wrote the end.
 */
export class CapacityRunsEnded implements RunEndedConsumer {
  readonly name = 'capacity'

  constructor(private readonly runner: Pick<QueueRunner, 'runsEnded'>) {}

  onRunsEnded({ completedIds, failedIds }: FlushResult): void {
    if (completedIds.length > 0 || failedIds.length > 0) this.runner.runsEnded()
  }
}
