import { CapacityRunsEnded } from '../completion/capacity-runs-ended'
import { QueueRunner } from '../capacity/queue-runner'
import type { CoreBase, CoreData } from './core-data'
import type { CoreNode } from './core-node'
import type { CorePipeline } from './core-pipeline'

/** Resource pools and the queue (docs/capacity.md): the loop that starts queued runs as slots free up. */
export interface CoreCapacity {
  runner: QueueRunner
  /** The queue's part of a run's end (completion/run-ended.ts). */
  runsEnded: CapacityRunsEnded
  start(): void
  stop(): Promise<void>
}

/**
 * The runner passes on the node that does the cluster's periodic work (one queue order for the
 * cluster); the runs it starts go out through this node's trigger service.
 */
export function coreCapacity({
  base: { clock, logger },
  data: { store, metrics, writer },
  node: { nodeId, membership },
  pipeline: { triggers },
}: {
  base: Pick<CoreBase, 'clock' | 'logger'>
  data: Pick<CoreData, 'store' | 'metrics' | 'writer'>
  node: Pick<CoreNode, 'nodeId' | 'membership'>
  pipeline: Pick<CorePipeline, 'triggers'>
}): CoreCapacity {
  const runner = new QueueRunner({
    store,
    fence: membership,
    clock,
    logger,
    nodeId,
    steps: () => membership.doesPeriodicWork(),
    dispatch: (logIds) => {
      triggers
        .dispatchQueued(logIds)
        .catch((error: unknown) => logger.error('starting queued runs failed', { count: logIds.length, error: (error as Error).message }))
    },
    onPass: (result) => metrics.queueWaited(result.started.map((s) => s.waitedMs)),
    ended: (logIds) => writer.tellEndedUntriggered(logIds),
  })
  const stopping = new AbortController()
  let loop: Promise<void> = Promise.resolve()
  return {
    runner,
    runsEnded: new CapacityRunsEnded(runner),
    start() {
      loop = runner.run(stopping.signal)
    },
    async stop() {
      stopping.abort()
      await loop
    },
  }
}
