import { ApiTokenRepo } from './api-token-repo'
import { AlertRepo } from './alert-repo'
import { AuditRepo } from './audit-repo'
import { CalendarRepo } from './calendar-repo'
import { DefinitionOriginRepo } from './definition-origin-repo'
import { FlowRepo } from './flow-repo'
import { FlowRunRepo } from './flow-run-repo'
import { FlowItemRepo } from './flow-item-repo'
import { GlueRepo } from './glue-repo'
import { GroupRepo } from './group-repo'
import { HookRepo } from './hook-repo'
import { HookUseRepo } from './hook-use-repo'
import { ArtifactRepo } from './artifact-repo'
import { JobRepo } from './job-repo'
import { LeaseRepo } from './lease-repo'
import { LinkRepo } from './link-repo'
import { LogTextRepo } from './log-text-repo'
import { NodeRepo } from './node-repo'
import { RegistryRepo } from './registry-repo'
import { ReportRepo } from './report-repo'
import { RingRepo } from './ring-repo'
import { RouteRepo } from './route-repo'
import { RunRepo } from './run-repo'
import { SessionRepo } from './session-repo'
import { SettingRepo } from './setting-repo'
import { UserRepo } from './user-repo'
import type { ClusterEventChannel } from './cluster-events'
import type { Connection } from './sql/connection'
import type { TrailShapeWrites } from './trail-shapes'
import { VersionRepo } from './version-repo'
import { WindowRepo } from './window-repo'
import { MissedSlotRepo } from './missed-slot-repo'
import { BackfillRepo } from './backfill-repo'
import { DeadlineRepo } from './deadline-repo'
import { AlarmPolicyRepo } from './alarm-policy-repo'
import { PoolRepo } from './pool-repo'
import { PoolSlotRepo } from './pool-slot-repo'
import { AlarmListRepo } from './alarm-list-repo'
import { RunViewRepo } from './run-view-repo'
import { SecretRepo } from './secret-repo'
import { LlmProviderRepo } from './llm-provider-repo'

/**
 * The storage contract: one repository per table, over any engine's Connection. Callers never write
 * SQL. A service takes the repositories it uses — `Pick<Repos, 'jobs' | 'ring'>` — and, when it
 * writes several at once, a `UnitOfWork` over them; nothing gets the whole store it does not need.
 */
export interface Repos {
  readonly jobs: JobRepo
  readonly groups: GroupRepo
  readonly runs: RunRepo
  readonly ring: RingRepo
  readonly registry: RegistryRepo
  readonly settings: SettingRepo
  readonly reports: ReportRepo
  readonly links: LinkRepo
  readonly glue: GlueRepo
  readonly logTexts: LogTextRepo
  readonly versions: VersionRepo
  readonly nodes: NodeRepo
  readonly leases: LeaseRepo
  readonly routes: RouteRepo
  readonly users: UserRepo
  readonly sessions: SessionRepo
  readonly apiTokens: ApiTokenRepo
  readonly audit: AuditRepo
  readonly flows: FlowRepo
  readonly flowRuns: FlowRunRepo
  readonly flowItems: FlowItemRepo
  readonly origins: DefinitionOriginRepo
  readonly alerts: AlertRepo
  readonly hooks: HookRepo
  readonly hookUses: HookUseRepo
  readonly calendars: CalendarRepo
  readonly windows: WindowRepo
  readonly missedSlots: MissedSlotRepo
  readonly backfills: BackfillRepo
  readonly deadlines: DeadlineRepo
  readonly alarmPolicy: AlarmPolicyRepo
  readonly pools: PoolRepo
  readonly poolSlots: PoolSlotRepo
  readonly alarmList: AlarmListRepo
  readonly runViews: RunViewRepo
  readonly secrets: SecretRepo
  readonly artifacts: ArtifactRepo
  readonly llmProviders: LlmProviderRepo
}

export type RepoName = keyof Repos

/**
 * Runs `work` in one transaction: every write in it lands or none does. Transactions do not nest —
 * work that runs inside one takes the transaction's repositories (`tx`) and never opens another.
 * On SQLite the transaction takes the write lock up front (BEGIN IMMEDIATE), so two processes on
 * one file wait on busy_timeout instead of failing half-way; keep I/O other than the database out
 * of `work`, since the lock is held while it awaits.
 */
export interface UnitOfWork<R = Repos> {
  transaction<T>(work: (tx: R) => Promise<T>): Promise<T>
}

/** What a service that writes several of its tables at once gets: those repositories and transactions over them. */
export type RepoAccess<K extends RepoName> = Pick<Repos, K> & UnitOfWork<Pick<Repos, K>>

export type StoreEngine = 'sqlite' | 'postgres' | 'mysql'

/** The repositories outside any transaction (each call commits by itself), and transactions. */
export interface Store extends Repos, UnitOfWork {
  readonly engine: StoreEngine
  /** Where the data is, for messages (a file path, or the URL without its password). */
  readonly location: string
  /** What changed, told to and heard from the other nodes on this database. */
  readonly events: ClusterEventChannel
  /**
   * The node table for this node's lease renewals. On a server engine it has a connection of its
   * own, outside the pool: under load the node's transactions hold every pooled connection for
   * seconds, and a renewal that waited for one came late enough for the other nodes to take this
   * one for dead. On SQLite it is the store's one connection (there is one writer anyway).
   */
  readonly renewals: Pick<Repos, 'nodes'>
  close(): Promise<void>
}

/** `shapes`: the trail shapes the store knows, seen from this transaction (or from outside any). */
export function createRepos(db: Connection, shapes: TrailShapeWrites): Repos {
  return {
    jobs: new JobRepo(db),
    groups: new GroupRepo(db),
    runs: new RunRepo(db, shapes),
    ring: new RingRepo(db),
    registry: new RegistryRepo(db),
    settings: new SettingRepo(db),
    reports: new ReportRepo(db),
    links: new LinkRepo(db),
    glue: new GlueRepo(db),
    logTexts: new LogTextRepo(db),
    versions: new VersionRepo(db),
    nodes: new NodeRepo(db),
    leases: new LeaseRepo(db),
    routes: new RouteRepo(db),
    users: new UserRepo(db),
    sessions: new SessionRepo(db),
    apiTokens: new ApiTokenRepo(db),
    audit: new AuditRepo(db),
    flows: new FlowRepo(db),
    flowRuns: new FlowRunRepo(db),
    flowItems: new FlowItemRepo(db),
    origins: new DefinitionOriginRepo(db),
    alerts: new AlertRepo(db),
    hooks: new HookRepo(db),
    hookUses: new HookUseRepo(db),
    calendars: new CalendarRepo(db),
    windows: new WindowRepo(db),
    missedSlots: new MissedSlotRepo(db),
    backfills: new BackfillRepo(db),
    deadlines: new DeadlineRepo(db),
    alarmPolicy: new AlarmPolicyRepo(db),
    pools: new PoolRepo(db),
    poolSlots: new PoolSlotRepo(db),
    alarmList: new AlarmListRepo(db),
    runViews: new RunViewRepo(db),
    secrets: new SecretRepo(db),
    artifacts: new ArtifactRepo(db),
    llmProviders: new LlmProviderRepo(db),
  }
}
