import type { RunEndedConsumer } from '../completion/run-ended'
import type { FlushResult } from '../completion/flush-result'
import type { BackfillRunner } from './backfill-runner'

/**
 * The backfills' part of a run's end (completion/run-ended.ts): a run a backfill waits on ended,
 * so its runner steps at once — marks the slot and starts the next one — instead of at its next
 * poll. A lookup in memory, no read: most flushes end no backfill's run.
 */
export class BackfillRunsEnded implements RunEndedConsumer {
  readonly name = 'backfills'

  constructor(private readonly runner: Pick<BackfillRunner, 'ended'>) {}

  onRunsEnded({ completedIds, failedIds }: FlushResult): void {
    // A run refused at its trigger is failed without a completion.
    this.runner.ended(completedIds)
    this.runner.ended(failedIds)
  }
}
