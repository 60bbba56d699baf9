import type { Logger } from '../kernel/logger'

/**
 * The kill of a flow's node runs. A flow's kill can meet a node run that is written but whose
 * trigger is not recorded yet (the run writer holds an accepted outcome back a batch): that one is
 * killed as soon as its trigger is (`started`, told by `FlowRunsEnded`).
 */
export class FlowNodeKills {
  /** Node runs a flow's kill met written but not yet at their executor. */
  private readonly onStart = new Set<number>()

  constructor(
    /** runs/run-control.ts: the kill of one run; refuses a run that is not running with `run.notRunning`. */
    private readonly runControl: { kill(logId: number): Promise<unknown> },
    private readonly logger: Logger,
  ) {}

  /** Kills the run now, or once its trigger is recorded when it is still pending. */
  async kill(logId: number): Promise<void> {
    try {
      await this.runControl.kill(logId)
    } catch (error) {
      const { code, params } = error as { code?: string; params?: { status?: string } }
      if (code !== 'run.notRunning' || params?.status !== 'pending') throw error
      this.onStart.add(logId)
    }
  }

  /** These runs' triggers are recorded: those a kill waits for are killed now. */
  started(triggeredIds: readonly number[]): void {
    for (const logId of this.onStart.size > 0 ? triggeredIds : []) {
      if (!this.onStart.delete(logId)) continue
      this.runControl.kill(logId).catch((error: unknown) => this.logger.warn('killing a flow node run failed', { logId, error: (error as Error).message }))
    }
  }
}
