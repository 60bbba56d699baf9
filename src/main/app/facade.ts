import type { JobDeskApi } from '../../shared/api'
import type { Scheduler } from '../scheduler/scheduler'
import type { Store } from '../store/store'
import type { RegistryService } from '../registry/registry-service'
import type { EventHub } from './events'
import { executorsApi } from './facade-executors'
import { jobsApi } from './facade-jobs'
import { runsApi } from './facade-runs'
import { settingsApi } from './facade-settings'
import type { GroupService } from './group-service'
import type { ImportService } from './import-service'
import type { JobService } from './job-service'
import type { LinkService } from './link-service'
import type { RunControl } from './run-control'
import type { RunLogs } from './run-logs'
import type { SettingsService } from './settings-service'
import type { AlarmService } from './alarm-service'
import type { TriggerService } from './trigger-service'
import type { OutcomeWaiters } from '../trigger/outcome-waiters'

export interface FacadeDeps {
  store: Store
  jobs: JobService
  triggers: TriggerService
  /** The manual trigger waits on these for the executor's answer. */
  triggerOutcomes: OutcomeWaiters
  scheduler: Scheduler
  registry: RegistryService
  groups: GroupService
  links: LinkService
  imports: ImportService
  runControl: RunControl
  runLogs: RunLogs
  settings: SettingsService
  alarms: AlarmService
  events: EventHub
  nowMs: () => number
}

/**
 * The implementation of src/shared/api.ts, one part per area. Every method checks its arguments as
 * untrusted input (they come from a UI client), then calls one service.
 */
export function createFacade(deps: FacadeDeps): JobDeskApi {
  return { ...jobsApi(deps), ...runsApi(deps), ...executorsApi(deps), ...settingsApi(deps) }
}
