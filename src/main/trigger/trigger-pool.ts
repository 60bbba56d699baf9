import { coded } from '../../shared/messages'
import type { Logger } from '../kernel/logger'
import type { TriggerOutcome } from '../domain/runs'
import type { PreparedRun } from './prepare-runs'
import { SlowTriggerCounter } from './slow-trigger-counter'
import { TaskLane } from './task-lane'
import { unroutedOutcome } from './trigger-run'
import type { NodeFence } from '../scheduler/node-fence'

/** What the pool does with each run: trigger it, and record what came of it. */
export interface TriggerDispatch {
  triggerRun(run: PreparedRun): Promise<TriggerOutcome>
  record(outcome: TriggerOutcome): void
}

/** Where a run goes back to, untriggered, when the node cannot confirm its lease right before the call. */
export interface HeldRuns {
  hold(run: PreparedRun): void
}

export interface TriggerPoolOptions {
  dispatch: TriggerDispatch
  /**
   * Asked right before each executor call: the node may have been taken for dead while it cannot
   * confirm its lease. The run is then handed to `held` untriggered, its row left as it is.
   */
  fence?: Pick<NodeFence, 'actsAt'>
  held?: HeldRuns
  nowMs: () => number
  logger: Logger
  /** In-flight triggers per lane; XXL-JOB 3.x defaults: fast 300, slow 200. */
  fastConcurrency?: number
  slowConcurrency?: number
  /**
   * Queue depth per lane. XXL-JOB drops a trigger when its 2000/5000-deep queue is full; JobDesk has
   * already written the run row by then, so it queues far deeper and fails a dropped run visibly.
   */
  queueMax?: number
}

/**
 * Runs triggers on two lanes so that jobs whose executors answer slowly cannot hold up the rest
 * (docs/protocol.md#trigger-pools): a job with more than 10 triggers over 500 ms in the current minute goes to the
 * slow lane.
 */
export class TriggerPool {
  private readonly fast: TaskLane
  private readonly slow: TaskLane
  private readonly slowCounter = new SlowTriggerCounter()

  constructor(private readonly options: TriggerPoolOptions) {
    const queueMax = options.queueMax ?? 200_000
    this.fast = new TaskLane(options.fastConcurrency ?? 300, queueMax)
    this.slow = new TaskLane(options.slowConcurrency ?? 200, queueMax)
  }

  submit(run: PreparedRun): void {
    const { nowMs } = this.options
    const lane = this.slowCounter.isSlow(run.job.id, nowMs()) ? this.slow : this.fast
    const accepted = lane.submit(() => this.execute(run))
    if (!accepted) {
      this.options.logger.error('trigger pool full, trigger dropped', { logId: run.logId, jobId: run.job.id })
      this.options.dispatch.record(unroutedOutcome(run, coded('triggerResult.dropped')))
    }
  }

  async idle(): Promise<void> {
    await Promise.all([this.fast.idle(), this.slow.idle()])
  }

  stats(): { fastRunning: number; fastQueued: number; slowRunning: number; slowQueued: number } {
    return {
      fastRunning: this.fast.running,
      fastQueued: this.fast.queued,
      slowRunning: this.slow.running,
      slowQueued: this.slow.queued,
    }
  }

  private async execute(run: PreparedRun): Promise<void> {
    const { nowMs, dispatch, logger, fence, held } = this.options
    const startMs = nowMs()
    if (fence && held && !fence.actsAt(startMs)) return held.hold(run)
    try {
      dispatch.record(await dispatch.triggerRun(run))
    } catch (error) {
      logger.error('trigger failed unexpectedly', { logId: run.logId, error: (error as Error).message })
      dispatch.record(unroutedOutcome(run, coded('triggerResult.failed', { message: (error as Error).message })))
    } finally {
      this.slowCounter.record(run.job.id, nowMs() - startMs, nowMs())
    }
  }
}
