import type { Clock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
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
