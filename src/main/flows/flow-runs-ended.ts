import type { RunEndedConsumer } from '../completion/run-ended'
import type { FlushResult } from '../completion/flush-result'
import type { Logger } from '../kernel/logger'
import type { FlowEngine } from './flow-engine'
import type { FlowNodeKills } from './flow-node-kills'

/** The flows' part of a run's end (completion/run-ended.ts): node runs a kill waits for (`FlowNodeKills`), and flows moved on by their node runs. */
export class FlowRunsEnded implements RunEndedConsumer {
  readonly name = 'flows'
  private readonly moving = new Set<Promise<void>>()

  constructor(
    private readonly kills: Pick<FlowNodeKills, 'started'>,
    private readonly engine: Pick<FlowEngine, 'completed'>,
    private readonly logger: Logger,
  ) {}

  onRunsEnded({ triggeredIds, completedIds }: FlushResult): void {
    this.kills.started(triggeredIds)
    if (completedIds.length === 0) return
    const work: Promise<void> = this.engine
      .completed(completedIds)
      .catch((error: unknown) => this.logger.error('moving flows on failed', { error: (error as Error).message }))
      .finally(() => this.moving.delete(work))
    this.moving.add(work)
  }

  /** Resolves once the flows the flushes so far moved on have moved. */
  async settled(): Promise<void> {
    await Promise.all([...this.moving])
  }
}
