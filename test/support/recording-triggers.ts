import type { Clock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { nextFireTimeMs } from '../../src/main/schedule'
import { Scheduler, type SchedulerOptions } from '../../src/main/scheduler/scheduler'
import type { PreparedRun } from '../../src/main/trigger/prepare-runs'
import { TriggerService, type TriggerServiceOptions } from '../../src/main/trigger/trigger-service'
import { SOLE_FENCE } from './sole-fence'

/** A TriggerService on `store` whose pool only records the runs it is given, in order: the scheduler tests' far end. */
export function recordingTriggers(
  store: TriggerServiceOptions['store'],
  clock: Clock,
  nodeId = 'node-a',
): { triggers: TriggerService; submitted: PreparedRun[] } {
  const submitted: PreparedRun[] = []
  const triggers = new TriggerService({ store, pool: { submit: (run) => submitted.push(run) }, clock, logger: silentLogger, nodeId, fence: SOLE_FENCE })
  return { triggers, submitted }
}

/**
 * A Scheduler on `store`, alone in its cluster, that hands its fires to `triggers` as the core does;
 * each hand-over's promise is kept in `handedOn` for the test to await.
 */
export function handingOnScheduler(
  store: SchedulerOptions['store'],
  clock: Clock,
  triggers: TriggerService,
  nodeId: string,
  more: Pick<SchedulerOptions, 'prepareAheadMs' | 'scanBatchSize'> = {},
): { scheduler: Scheduler; handedOn: Promise<void>[] } {
  const handedOn: Promise<void>[] = []
  const scheduler = new Scheduler({
    store,
    nodeId,
    fence: SOLE_FENCE,
    clock,
    nextFire: nextFireTimeMs,
    triggers: { fireScheduled: (fires, atMs) => handedOn.push(triggers.fireScheduled(fires, atMs)) },
    logger: silentLogger,
    ...more,
  })
  return { scheduler, handedOn }
}
