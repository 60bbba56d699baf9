import { NO_DEADLINES } from './deadline-terms'
import type { FlowSettings } from './flow-types'
import { defaultSchedule } from './job-defaults'

/**
 * A flow's settings where none is given: run by hand only (its schedule is chosen later), one run
 * at a time, no limits. The console's new flow and the service's missing fields take these.
 */
export function defaultFlowSettings(name: string, timezone: string): FlowSettings {
  return {
    name,
    description: '',
    ...defaultSchedule(timezone),
    maxActiveRuns: 1,
    overlap: 'SKIP',
    timeoutSec: 0,
    alarmEmail: '',
    alarmAfterFailures: null,
    alarmQuietSec: null,
    param: '',
    ...NO_DEADLINES,
  }
}
