import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import { isFenced, type NodeFence } from '../scheduler/node-fence'
import type { Repos, UnitOfWork } from '../store/store'
import { passQueue, type QueuePassRepos, type QueuePassResult } from './queue-pass'

/** How often the runner looks at the queue without being woken (runs ended on other nodes, a pool grown). */
export const QUEUE_POLL_MS = 1000

export interface QueueRunnerDeps {
  store: UnitOfWork<QueuePassRepos & Pick<Repos, 'nodes'>> & Pick<Repos, 'poolSlots'>
  fence: NodeFence
  clock: Clock
  logger: Logger
  nodeId: string
  /**
   * Whether this node runs the queue now: the one node that does the cluster's periodic work, so
   * the queue has one order; when it dies, the next holder goes on from the rows.
   */
  steps: () => boolean
  /** Hands the runs a pass started to the trigger service, once the pass committed. */
  dispatch: (logIds: number[]) => void
  /** Told of each pass's result (the metrics' queue-wait histogram). */
  onPass?: (result: QueuePassResult) => void
  /** Tells what follows a run's end (its flow, the consoles) of the queued runs a pass dropped, once committed. */
  ended: (logIds: number[]) => void
}

/**
 * The loop that starts queued runs when slots free up. It keeps nothing a restart would lose: each
 * pass reads the queue and the held slots from their rows in a transaction that proves the node's
 * fence. A run's end wakes it (completion/capacity-runs-ended.ts) so a freed slot is taken at once.
 */
export class QueueRunner {
  private wakeup = new AbortController()
  /** The last pass found slots held or awaited: only then does a run's end wake the runner. */
  private active = false

  constructor(private readonly deps: QueueRunnerDeps) {}

  /** One pass; resolves with what it did (nothing when this node does not run the queue, or may not act). */
  async pass(): Promise<QueuePassResult> {
    const { store, fence, clock, nodeId } = this.deps
    const none: QueuePassResult = { released: 0, started: [], dropped: [] }
    if (!this.deps.steps()) return none
    try {
      // Outside a transaction, no write lock: a cluster without pools pays one small read a second.
      this.active = await store.poolSlots.any()
      if (!this.active) return none
      const result = await store.transaction(async (tx) => {
        const nowMs = clock.nowMs()
        await fence.check(tx, nowMs)
        return passQueue(tx, nowMs, nodeId)
      })
      if (result.started.length > 0) this.deps.dispatch(result.started.map((s) => s.logId))
      if (result.dropped.length > 0) this.deps.ended(result.dropped)
      this.deps.onPass?.(result)
      return result
    } catch (error) {
      if (!isFenced(error)) this.deps.logger.error('queue pass failed', { error: (error as Error).message })
      return none
    }
  }

  /** Passes until `signal` aborts: one at once, then one per poll or as soon as something wakes it. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      // Armed before the pass: a wake during the pass makes the next one start at once.
      const wakeup = (this.wakeup = new AbortController())
      await this.pass()
      await this.deps.clock.sleep(QUEUE_POLL_MS, AbortSignal.any([signal, wakeup.signal]))
    }
  }

  /** A pool changed, or a queued run was cancelled or started: the next pass comes at once. */
  wake(): void {
    this.wakeup.abort()
  }

  /** Runs ended: a pass at once when slots are held or awaited (else nothing: no pools in use). */
  runsEnded(): void {
    if (this.active) this.wake()
  }
}
