import type { DefinitionService } from '../definitions/files/definition-service'
import { definitionsApi } from './facade-definitions'
import type { HandlerCatalog, JobGroup } from '../../shared/model'
import type { Scheduler } from '../scheduler/scheduler'
import type { Store } from '../store/store'
import type { RegistryService } from '../registry/registry-service'
import type { EventHub } from '../kernel/events'
import type { CoreApi } from '../auth/method-rule-types'
import { alarmsApi } from './facade-alarms'
import { clusterApi } from './facade-cluster'
import { executorsApi } from './facade-executors'
import { flowsApi } from './facade-flows'
import { hooksApi } from './facade-hooks'
import { jobsApi } from './facade-jobs'
import { runsApi } from './facade-runs'
import { settingsApi } from './facade-settings'
import { xxlImportApi } from './facade-xxl'
import type { XxlImportService } from '../import-xxl/xxl-import-service'
import type { GroupService } from '../definitions/group-service'
import type { ImportService } from '../definitions/import-service'
import type { JobService } from '../definitions/job-service'
import type { LinkService } from '../definitions/link-service'
import type { RunControl } from '../runs/run-control'
import type { RunLogs } from '../runs/run-logs'
import type { SettingsService } from '../settings/settings-service'
import type { AlarmService } from '../completion/alarm-service'
import type { TriggerService } from '../trigger/trigger-service'
import type { OutcomeWaiters } from '../trigger/outcome-waiters'
import type { ClusterSecret } from '../cluster/cluster-secret'
import type { FlowEngine } from '../flows/flow-engine'
import type { FlowService } from '../flows/flow-service'
import type { HookService } from '../hooks/hook-service'

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
  /** Definitions as code: `jobdesk apply`, `diff` and `export`. */
  definitionFiles: DefinitionService
  /** Moving in from an XXL-JOB database. */
  xxlImports: XxlImportService
  runControl: RunControl
  flows: { service: FlowService; engine: FlowEngine }
  /** Trigger URLs. */
  hooks: HookService
  runLogs: RunLogs
  settings: SettingsService
  alarms: AlarmService
  events: EventHub
  nowMs: () => number
  /** This process's node id in the cluster (job_node). */
  nodeId: string
  /** The secret the nodes authenticate each other with, and whether the node route serves now. */
  cluster: { secret: Pick<ClusterSecret, 'rotate' | 'rotatedAtMs'>; nodeRouteActive: () => boolean }
  /** The handlers a group's executors offer (this process's embedded executor read live). */
  handlerCatalog: (group: JobGroup) => Promise<HandlerCatalog>
}

/**
 * The implementation of src/shared/api.ts but for users, tokens and the audit trail, one part per
 * area, without checks: auth/guarded-api.ts puts it behind the argument schemas and each caller's
 * rules (every call's arguments are untrusted input and are parsed before the method runs).
 */
export function createFacade(deps: FacadeDeps): CoreApi {
  return {
    ...jobsApi(deps),
    ...runsApi(deps),
    ...executorsApi(deps),
    ...settingsApi(deps),
    ...clusterApi(deps),
    ...xxlImportApi(deps),
    ...flowsApi(deps),
    ...definitionsApi(deps),
    ...alarmsApi(deps),
    ...hooksApi(deps),
  }
}
