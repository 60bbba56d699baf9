import type { Logger } from '../kernel/logger'
import type { FlushResult } from './flush-result'
import type { RunWriter } from './run-writer'

/**
 * What happens when runs end, in one place (as XXL-JOB's JobCompleter is): the run writer commits a
 * batch of trigger outcomes and completions, then tells each consumer below, in this order, which
 * runs the batch triggered, completed and failed (`FlushResult`).
 *
 * A consumer starts its work and returns: the writer's next batch must not wait on a flow, a
 * child trigger or a mail server. What a consumer starts, it awaits itself when the core stops.
 */
export interface RunEndedConsumer {
  /** Names the consumer in the log when it throws. */
  readonly name: string
  onRunsEnded(flush: FlushResult): void
}

/**
 * The consumers, in the order each flush reaches them. None reads what another did with the same
 * flush, so the order only decides whose work starts first:
 *
 * 1. `metrics` (run-ended-notices.ts → metrics/jobdesk-metrics.ts `runsEnded`): counts the
 *    ended runs and their durations from the flush alone, no read, so the counters already hold a
 *    run before anything it causes.
 * 2. `consoles` (run-ended-notices.ts → the node's `runsChanged`): this node's consoles see the
 *    runs as written, and the other nodes' consoles hear of them through the cluster relay, before
 *    what the runs cause.
 * 3. `flows` (flows/flow-runs-ended.ts): kills the flow node runs a flow's kill met before their
 *    trigger was recorded, and moves on the flows whose node runs completed. Before the monitors
 *    because a flow's next node is the path an operator waits on (its completion is expedited).
 * 4. `backfills` (backfill/backfill-runs-ended.ts): a run a backfill waits on ended: its runner
 *    marks the slot and starts the next at once. After the flows for the same reason: an operator
 *    watches the backfill's progress; a lookup in memory, so it costs the later ones nothing.
 * 5. `capacity` (completion/capacity-runs-ended.ts): an ended run may free pool slots, so the queue
 *    runner passes at once and the next queued run starts (nothing when no slots are in use).
 * 6. `runLogs` (completion/run-log-keeper.ts): the finished LAN runs' logs get their final pulls.
 * 7. `failures` (completion/monitors.ts): a failure wakes the fail monitor at once, which retries
 *    the run or sends its alarm, so a retry's backoff counts from the failure, not from the
 *    monitor's next pass.
 * 8. `childJobs` (completion/child-jobs.ts through monitors.ts): the children of completed runs
 *    fire by their links (a flow's node runs fire none: the flow's edges decide).
 *
 * A consumer hears the flushes from when it is attached: the first five before the node joins
 * the cluster (the runs a take-over ends at the join reach the flows and the backfills), the last
 * three once the monitors start, after the join.
 */
export const RUN_ENDED_ORDER = ['metrics', 'consoles', 'flows', 'backfills', 'capacity', 'runLogs', 'failures', 'childJobs'] as const

export type RunEndedSlot = (typeof RUN_ENDED_ORDER)[number]

/** The one listener of the run writer's flushes: tells the attached consumers in `RUN_ENDED_ORDER`. */
export class RunEnded {
  private readonly attached = new Map<RunEndedSlot, RunEndedConsumer>()
  /** The attached consumers in their order, rebuilt on each attach (flushes are many, attaches eight). */
  private ordered: RunEndedConsumer[] = []

  constructor(
    writer: Pick<RunWriter, 'onFlush'>,
    private readonly logger: Logger,
  ) {
    writer.onFlush((flush) => this.tell(flush))
  }

  /** Each consumer hears every flush from now on, in its place in `RUN_ENDED_ORDER` whenever it was attached. */
  attach(consumers: Partial<Record<RunEndedSlot, RunEndedConsumer>>): void {
    for (const slot of RUN_ENDED_ORDER) {
      const consumer = consumers[slot]
      if (consumer) this.attached.set(slot, consumer)
    }
    this.ordered = RUN_ENDED_ORDER.flatMap((slot) => this.attached.get(slot) ?? [])
  }

  /**
   * A consumer that throws is logged and the next ones are still told: one consumer's bug must not
   * keep a flow or a child job from hearing of its run, nor stop the writer's next flushes.
   */
  private tell(flush: FlushResult): void {
    for (const consumer of this.ordered) {
      try {
        consumer.onRunsEnded(flush)
      } catch (error) {
        this.logger.error('a consumer of ended runs failed', { consumer: consumer.name, error: (error as Error).message })
      }
    }
  }
}
