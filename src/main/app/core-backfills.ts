import { BackfillRunner } from '../backfill/backfill-runner'
import { BackfillRunsEnded } from '../backfill/backfill-runs-ended'
import { BackfillService } from '../backfill/backfill-service'
import type { CoreBase, CoreData } from './core-data'
import type { CoreFlows } from './core-flows'
import type { CoreNode } from './core-node'
import type { CorePipeline } from './core-pipeline'

/** Backfills: what operators ask for, and the loop that runs them from their rows. */
export interface CoreBackfills {
  service: BackfillService
  /** The backfills' part of a run's end (completion/run-ended.ts). */
  runsEnded: BackfillRunsEnded
  /** Starts the runner; `stop` ends it and waits for its step under way. */
  start(): void
  stop(): Promise<void>
}

/**
 * The runner steps backfills on the node that does the cluster's periodic work; its job runs go
 * out through this node's trigger service and its flow runs through the flow engine. It hears of
 * the ends it waits on from the run writer's flushes (job runs) and the flow runs' changes.
 */
export function coreBackfills({
  base: { clock, logger, nowMs },
  data: { store, events },
  node: { nodeId, membership },
  pipeline: { triggers },
  flows: { engine },
}: {
  base: Pick<CoreBase, 'clock' | 'logger' | 'nowMs'>
  data: Pick<CoreData, 'store' | 'events'>
  node: Pick<CoreNode, 'nodeId' | 'membership'>
  pipeline: Pick<CorePipeline, 'triggers'>
  flows: Pick<CoreFlows, 'engine'>
}): CoreBackfills {
  const runner = new BackfillRunner({
    store,
    fence: membership,
    clock,
    logger,
    nodeId,
    steps: () => membership.doesPeriodicWork(),
    dispatch: (runs) => triggers.dispatchWritten(runs),
    startFlowRuns: (runs) => engine.startWritten(runs),
  })
  events.on('flow-run-changed', ({ flowRunId, state }) => {
    if (state === 'success' || state === 'failed' || state === 'killed') runner.ended([flowRunId])
  })
  const stopping = new AbortController()
  let loop: Promise<void> = Promise.resolve()
  return {
    service: new BackfillService({ repos: store, nowMs, wake: () => runner.wake() }),
    runsEnded: new BackfillRunsEnded(runner),
    start() {
      loop = runner.run(stopping.signal)
    },
    async stop() {
      stopping.abort()
      await loop
    },
  }
}
