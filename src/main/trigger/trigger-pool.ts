import { coded } from '../../shared/messages'
import type { Logger } from '../kernel/logger'
import type { TriggerOutcome } from '../domain/runs'
import type { PreparedRun } from './prepare-runs'
import { SlowTriggerCounter } from './slow-trigger-counter'
import { TaskLane } from './task-lane'
import { unroutedOutcome } from './trigger-run'

export interface TriggerPoolOptions {
  trigger: (run: PreparedRun) => Promise<TriggerOutcome>
  record: (outcome: TriggerOutcome) => void
  /**
   * Asked right before each executor call: false while the node cannot confirm its lease (it may
   * have been taken for dead). The run is then handed to `hold` untriggered, its row left as it is.
   */
  mayTrigger?: (nowMs: number) => boolean
  hold?: (run: PreparedRun) => void
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
      this.options.record(unroutedOutcome(run, coded('triggerResult.dropped')))
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
    const { nowMs, trigger, record, logger, mayTrigger, hold } = this.options
    const startMs = nowMs()
    if (mayTrigger && hold && !mayTrigger(startMs)) return hold(run)
    try {
      record(await trigger(run))
    } catch (error) {
      logger.error('trigger failed unexpectedly', { logId: run.logId, error: (error as Error).message })
      record(unroutedOutcome(run, coded('triggerResult.failed', { message: (error as Error).message })))
    } finally {
      this.slowCounter.record(run.job.id, nowMs() - startMs, nowMs())
    }
  }
}
