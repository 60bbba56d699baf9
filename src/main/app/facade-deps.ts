import type { DefinitionService } from '../definitions/files/definition-service'
import type { HandlerCatalog, JobGroup } from '../../shared/model'
import type { Scheduler } from '../scheduler/scheduler'
import type { Store } from '../store/store'
import type { RegistryService } from '../registry/registry-service'
import type { EventHub } from '../kernel/events'
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
import type { CalendarService } from '../calendars/calendar-service'
import type { PoolService } from '../capacity/pool-service'
import type { WindowService } from '../calendars/window-service'
import type { MaintenanceService } from '../calendars/maintenance-service'
import type { SilenceService } from '../completion/silence-service'
import type { BackfillService } from '../backfill/backfill-service'
import type { SecretStore } from '../secrets/secret-store'
import type { ReportReads } from '../store/report-reads'

/**
 * What the facade's parts are built from. A type of its own, below facade.ts and the facade-*.ts
 * parts, so that the parts need not import the file that imports them.
 */
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
  /** Business calendars. */
  calendars: CalendarService
  /** Resource pools and the queue. */
  pools: PoolService
  /** Maintenance windows. */
  windows: WindowService
  /** Pause-all. */
  maintenance: MaintenanceService
  /** Alarm silences. */
  silences: SilenceService
  /** Backfills of jobs and flows over a range. */
  backfills: BackfillService
  /** Named secrets, encrypted at rest (docs/secrets.md). */
  secrets: SecretStore
  runLogs: RunLogs
  /** The dashboard's aggregates over a day of runs and the runs list, off the core's thread where the engine allows (store/report-reads.ts). */
  reports: ReportReads
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
