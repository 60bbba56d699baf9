import type { AlarmHealth } from './alarm-health'
import type { JobPage, JobQuery } from './job-query'
import type { ApplyDefinitionsRequest, DefinitionPlan } from './definition-plan'
import type { DefinitionOrigin } from './definition-origin'
import type { DefinitionDocument } from './schema/definition-files'
import type { HandlerCatalog, JobGroup, JobInfo, JobInput, JobLink, JobRun, LogPage, RegistryEntry } from './model'
import type { CodedMessage } from './messages/format-message'
import type { ClusterView } from './cluster-view'
import type {
  TriggerRequest,
  RoutePreviewRequest,
  RoutePreview,
  ProbeRequest,
  ProbeResult,
  TriggerResult,
  SchedulePreviewRequest,
  SchedulePreview,
  RunFilter,
  RunPage,
  RunLogRequest,
  LastRun,
} from './run-api-types'
import type { JobDeskEvent, SchedulerStatus } from './api-events'
import type {
  ApprovalDecision,
  ChainToFlowRequest,
  Flow,
  FlowInput,
  FlowNodeMark,
  FlowRun,
  FlowRunFilter,
  FlowRunPage,
  FlowSummary,
  FlowTriggerRequest,
  FlowTriggerResult,
} from './flow-types'
import type { ChannelCheck, Settings, SettingsInput } from './settings-types'
import type { CreatedHook, HookTargetRequest, HookView } from './hook-types'
import type { BusinessCalendar, CalendarImportReport, CalendarImportRequest, CalendarView } from './calendar/business-calendar'
import type { ScheduleSimulation, ScheduleSimulationRequest } from './calendar/schedule-simulation'
import type { WindowView } from './calendar/maintenance-window'
import type { MaintenanceState } from './calendar/maintenance'
import type { WindowRequest } from './schema/window'
import type { MaintenanceRequest } from './schema/maintenance'
import type { MissedSlotsRequest } from './schema/missed-slots'
import type { XxlImportReport, XxlImportRequest } from './xxl-import'
import type { GroupCapacityFields } from './capacity-api'
import type { ApiAreas } from './api-areas'
import type { BackfillFilter, BackfillQuery, BackfillRequest, BackfillStarted, BackfillSummary, BackfillView, MissedSlotView } from './backfill'
import type {
  ApiTokenInput,
  ApiTokenView,
  AuditExportRequest,
  AuditFilter,
  AuditPage,
  CreatedApiToken,
  PasswordChange,
  SessionInfo,
  UserInput,
  UserView,
} from './auth'

export type { ClusterNodeView, ClusterView } from './cluster-view'
export type {
  TriggerRequest,
  RoutePreviewRequest,
  RoutePreview,
  ProbeRequest,
  ProbeResult,
  TriggerResult,
  RunTriggerOutcome,
  SchedulePreviewRequest,
  SchedulePreview,
  RunFilter,
  RunPage,
  RunLogRequest,
  LastRun,
} from './run-api-types'
export type { JobDeskEvent, SchedulerStatus } from './api-events'
export type { AlarmHealth, InfraAlert } from './alarm-health'
export type * from './flow-types'
export type { CreatedHook, HookTargetRequest, HookView } from './hook-types'
export { CONSOLE_LANGUAGES } from './settings-types'
export type { AlarmChannels, ChannelCheck, ConsoleLanguage, ImChannel, ImChannelEvent, ImChannelType, Settings, SettingsInput } from './settings-types'

/**
 * The one contract between the UI and the core. The preload exposes exactly these methods as `window.jobdesk`; headless mode serves
 * the same methods over its browser bridge. Every method is async and rejects with the errors of ./errors.ts. Silences: ./alarm-silence.ts.
 */
export interface JobDeskApi extends ApiAreas {
  getOverview(): Promise<Overview>
  /** Whether the alarm channels can deliver (SMTP, webhooks, alarms failed and alerts of 24 h); `groupIds` is set by the caller's rules, not a client. */
  getAlarmHealth(request?: { groupIds?: readonly number[] }): Promise<AlarmHealth>
  /** Runs per day (running / success / failed), oldest first, from the daily report. */
  getDailyReport(request: DailyReportRequest): Promise<DayReport[]>
  /** Deletes the demo jobs seeded at first start (those still there, with their links); resolves with their ids. */
  removeDemoJobs(): Promise<number[]>
  /** The JobDesk nodes working on this database (one for a desktop app), as of their last heartbeats. */
  getCluster(): Promise<ClusterView>
  /**
   * Admins: replaces the secret the nodes of a cluster authenticate each other with (kept in the
   * database; every node reads the new one within a second, and the old one is accepted for a minute).
   */
  rotateClusterSecret(): Promise<ClusterView>

  listGroups(): Promise<JobGroup[]>
  /** Creates (no id) or updates an executor group; validates every field first. */
  saveGroup(input: GroupInput): Promise<JobGroup>
  /** Refused while jobs still use the group. */
  deleteGroup(id: number): Promise<void>
  /** Every registered executor address with its health and last beat. */
  listRegistry(): Promise<RegistryEntry[]>
  /** Calls an executor's `/beat` or `/idleBeat` now and reports what it answered and how fast. */
  probeExecutor(request: ProbeRequest): Promise<ProbeResult>
  /** The handler names a group's executors offer (known for the embedded executor and JobDesk agents). */
  listHandlers(groupId: number): Promise<HandlerCatalog>

  listJobs(): Promise<JobInfo[]>
  /** One page of jobs: filters, a sort and a keyset cursor (the console at 100k jobs reads pages). */
  listJobPage(query: JobQuery): Promise<JobPage>
  /** The latest run of each of these jobs (of every job without a request) that has one: the jobs table's and the DAG's colours. */
  listLastRuns(request?: { jobIds: number[] }): Promise<LastRun[]>
  getJob(id: number): Promise<JobInfo>
  /** Creates (no id) or updates a job; validates every field first and writes nothing when one is bad. */
  saveJob(input: JobInput): Promise<JobInfo>
  deleteJob(id: number): Promise<void>
  startJob(id: number): Promise<JobInfo>
  stopJob(id: number): Promise<JobInfo>
  /** Fires the job once now (trigger type MANUAL); resolves with the new run ids. */
  triggerJob(request: TriggerRequest): Promise<TriggerResult>
  /**
   * Runs a finished run's job again with that run's parameter, alone: a re-run fires no child jobs
   * (its parent_log_id names the run it repeats). "Run chain from here" is `triggerJob`.
   */
  rerunRun(logId: number): Promise<TriggerResult>
  /** Which address the job's route strategy would pick right now (FAILOVER/BUSYOVER probe for real). */
  previewRoute(request: RoutePreviewRequest): Promise<RoutePreview>
  /** The next fire times of a schedule, or why it is invalid. Pure: nothing is saved. */
  previewSchedule(request: SchedulePreviewRequest): Promise<SchedulePreview>

  listRuns(filter: RunFilter): Promise<RunPage>
  getRun(id: number): Promise<JobRun>
  /** Kills a running run (`/kill` to its executor; it ends as killed at once). `retry` (default true): a job's retries follow, as a failure's do. */
  killRun(logId: number, options?: { retry?: boolean }): Promise<JobRun>
  /** Lines from `fromLineNum` (1-based) of a run's log. */
  getRunLog(request: RunLogRequest): Promise<LogPage>
  /**
   * Starts pushing `run-log` events with a run's lines from `fromLineNum` on (default 1: the whole
   * log, then each new line) until `unwatchRunLog`. Pass the next line you lack to skip what you have.
   */
  watchRunLog(logId: number, fromLineNum?: number): Promise<void>
  unwatchRunLog(logId: number): Promise<void>

  listLinks(): Promise<JobLink[]>
  /** Adds a child link or changes its condition; a cycle is refused (ConflictError naming the path). */
  saveLink(link: JobLink): Promise<JobLink>
  deleteLink(request: { parentJobId: number; childJobId: number }): Promise<void>

  /** Every flow with its latest runs' states (for the Flows page's grid). */
  listFlows(): Promise<FlowSummary[]>
  getFlow(id: number): Promise<Flow>
  /** Creates a flow, paused; a cycle, an unknown job or key, or a bad schedule is refused and nothing is written. */
  addFlow(input: FlowInput): Promise<Flow>
  /** Replaces a flow's settings and graph; runs under way keep the graph they started with. */
  updateFlow(input: FlowInput & { id: number }): Promise<Flow>
  /** Refused while the flow has an active run (kill it first). */
  removeFlow(id: number): Promise<void>
  /** Starts (resume) or stops (pause) the flow's schedule. */
  setFlowActive(request: { flowId: number; active: boolean }): Promise<Flow>
  /** Starts a run now (trigger type MANUAL, API over the OpenAPI), or queues or skips it by the flow's overlap rule. */
  triggerFlow(request: FlowTriggerRequest): Promise<FlowTriggerResult>
  getFlowRun(id: number): Promise<FlowRun>
  /** Newest first. */
  listFlowRuns(filter: FlowRunFilter): Promise<FlowRunPage>
  /** A finished run again: its failed, killed and upstream_failed nodes and everything below them; succeeded nodes keep their results. */
  retryFlowRun(id: number): Promise<FlowRun>
  /** Ends the run as killed: running nodes' runs killed, approvals ended; `keepFinished`: what finished keeps its outcome, pending nodes end killed. */
  killFlowRun(id: number, options?: { keepFinished?: boolean }): Promise<FlowRun>
  /** Sets a node that is not running to success or skipped; what waited on it is decided again. */
  markFlowNode(mark: FlowNodeMark): Promise<FlowRun>
  /** Approves or rejects a waiting approval node (recorded in the audit trail with the comment). */
  decideApproval(decision: ApprovalDecision): Promise<FlowRun>
  /** Makes a new, paused flow of a child-job chain: the chain's jobs and links stay as they are. */
  chainToFlow(request: ChainToFlowRequest): Promise<Flow>

  /**
   * A trigger URL for a job or a flow (`POST /hooks/<id>`, signed with the secret): the secret is
   * in this answer only, never sent again.
   */
  createHook(request: HookTargetRequest): Promise<CreatedHook>
  /** The trigger URLs of a job or a flow, without their secrets. */
  listHooks(request: HookTargetRequest): Promise<HookView[]>
  getHook(request: { id: string }): Promise<HookView>
  /** Removes a trigger URL: it answers 404 from then on. */
  removeHook(request: { id: string }): Promise<void>

  /** Every business calendar, by name (everyone reads them). */
  listCalendars(): Promise<CalendarView[]>
  getCalendar(request: { name: string }): Promise<CalendarView>
  /** A new calendar (admins): refused when the name is taken, the zone unknown or `basedOn` missing or circular. */
  addCalendar(calendar: BusinessCalendar): Promise<CalendarView>
  /** Replaces what a calendar says (admins); the jobs and flows that follow it fire by it from their next scan. */
  updateCalendar(calendar: BusinessCalendar): Promise<CalendarView>
  /** Removes a calendar (admins); refused, naming them, while a job, a flow or another calendar uses it. */
  removeCalendar(request: { name: string }): Promise<void>
  /**
   * Adds the days of a file to a calendar as holidays and make-up workdays, making the calendar
   * (Monday to Friday, in `timezone`) when there is none (admins): exactly one of `ics` (the all-day
   * events of an iCalendar file, RFC 5545), `csv` (rows `date,name[,kind]`) or `yaml` (holidays and
   * makeupWorkdays as a calendar writes them). What the calendar holds already stays.
   */
  importCalendar(request: CalendarImportRequest): Promise<CalendarImportReport>
  /**
   * Every fire of the running jobs and active flows (or those named) in a window of time, and every
   * slot that will not fire with its reason — by the functions the scheduler calls, so it cannot
   * disagree with it. At most 100,000 entries (`cut` says when there were more); the caller's view:
   * the jobs and flows it sees.
   */
  simulateSchedule(request: ScheduleSimulationRequest): Promise<ScheduleSimulation>

  /** Every maintenance window (everyone reads them: the Calendars page shows them, a job's page says what one held). */
  listWindows(): Promise<WindowView[]>
  /**
   * A new maintenance window (admins): one-off (`start`, `end`) or recurring (`cron`, `durationSec`),
   * over everything or the groups, jobs and flows named; refused when its name is taken, its zone
   * unknown, its cron not Quartz, or an id names nothing (the missing ones are named).
   */
  addWindow(window: WindowRequest): Promise<WindowView>
  /** Replaces what the window `id` says (admins), by the rules of `addWindow`. */
  updateWindow(window: WindowRequest & { id: number }): Promise<WindowView>
  removeWindow(request: { id: number }): Promise<void>
  /** Whether pause-all is on, who switched it and why (everyone reads it: the banner). */
  getMaintenance(): Promise<MaintenanceState>
  /**
   * Pause-all on (a reason is required) or off (admins): while on, no scheduled fire starts on any
   * node; every console shows who switched it on, when and why.
   */
  setMaintenance(request: MaintenanceRequest): Promise<MaintenanceState>
  /** The slots a job's or a flow's schedule did not fire in [from, to), with why, oldest first (at most 10,000). */
  listMissedSlots(request: MissedSlotsRequest): Promise<MissedSlotView[]>
  /**
   * Runs a job or a flow once per slot its schedule (with its calendar) would have produced in
   * [from, to): BACKFILL runs with the slot as their scheduled time (docs/backfill.md). `dryRun`
   * lists the slots and writes nothing; more than `maxSlots` (default 100,000) is refused with the
   * count. Whoever may trigger the job or the flow may backfill it.
   */
  startBackfill(request: BackfillRequest): Promise<BackfillStarted>
  /** A backfill, its progress and its slots (`slotOffset`/`slotLimit` page through a long one). */
  getBackfill(request: BackfillQuery): Promise<BackfillView>
  /** Backfills, newest first: a job's, a flow's, or every one the caller sees. */
  listBackfills(filter?: BackfillFilter): Promise<BackfillSummary[]>
  /** Holds a running backfill's next runs; its runs going are left to end. */
  pauseBackfill(request: { id: number }): Promise<BackfillSummary>
  resumeBackfill(request: { id: number }): Promise<BackfillSummary>
  /** Cancels a backfill's pending slots; its runs going are left to end. */
  cancelBackfill(request: { id: number }): Promise<BackfillSummary>

  /** GLUE source history of a job, newest first (30 kept). */
  listGlueVersions(jobId: number): Promise<GlueVersion[]>
  /** Saves a new GLUE source (a remark is required) and keeps the previous one in the history. */
  saveGlue(request: GlueSaveRequest): Promise<JobInfo>

  /** Job definitions with their groups and links as a JSON document (all, or a selection). */
  exportJobs(request: { jobIds?: number[] }): Promise<unknown>
  /** Validates the whole document first, then applies it in one transaction. */
  importJobs(request: { document: unknown; onConflict: 'update' | 'skip' }): Promise<ImportReport>
  /**
   * Definitions as code (`jobdesk apply`): makes the calendars, groups, jobs and flows what the files'
   * documents say and returns the plan; one transaction; `dryRun` plans only (`jobdesk diff`).
   */
  applyDefinitions(request: ApplyDefinitionsRequest): Promise<DefinitionPlan>
  /** The calendars, groups, jobs and flows as definition documents (all, or the jobs and flows named, with what they lead to and follow). */
  exportDefinitions(request: { names?: string[] }): Promise<DefinitionDocument[]>
  /**
   * Which calendars, groups, jobs and flows were applied from which file (the console's "from file"
   * badge): every calendar's, group's and flow's, and the jobs' of `jobKeys` (`appName/name`; every
   * job's without a request).
   */
  listDefinitionOrigins(request?: { jobKeys: string[] }): Promise<DefinitionOrigin[]>
  /**
   * Moves in from an XXL-JOB database: a dry run reports what would happen; otherwise groups, jobs,
   * links, GLUE histories and runs land in one transaction. The URL's password serves this call
   * only: it is never stored, logged, or sent back (the report names the database without it).
   * Progress comes as `xxl-import-progress` events.
   */
  importFromXxl(request: XxlImportRequest): Promise<XxlImportReport>

  getSettings(): Promise<Settings>
  saveSettings(input: SettingsInput): Promise<Settings>
  /** Replaces the global executor access token with a new random one. */
  regenerateAccessToken(): Promise<Settings>
  /** Replaces the OpenAPI's token with a new random one. */
  regenerateApiToken(): Promise<Settings>
  /** Sends a test alarm email with the saved SMTP settings. */
  sendTestEmail(request: { to: string }): Promise<ChannelCheck>
  testWebhook(request: { url: string }): Promise<ChannelCheck>
  /** Sends a test message to the saved IM channel of that name (its URL and secret stay in the settings). */
  testImChannel(request: { name: string }): Promise<ChannelCheck>

  /** Who this console acts as: its role and granted groups (the UI hides what the core would refuse). */
  whoAmI(): Promise<SessionInfo>
  /** A signed-in user replaces their password (required after a one-time password). */
  changePassword(request: PasswordChange): Promise<SessionInfo>
  /** Admins: the users of this server. */
  listUsers(): Promise<UserView[]>
  /** Admins: creates (no id; with a one-time password) or updates a user. */
  saveUser(input: UserInput): Promise<UserView>
  /** Admins: removes a user, their sessions and their personal tokens; the last admin stays. */
  deleteUser(id: number): Promise<void>
  /** Admins: a new one-time password for a user (shown once; ends their sessions). */
  resetUserPassword(id: number): Promise<{ password: string }>
  /** Personal API tokens: one's own (every token for admins). */
  listApiTokens(): Promise<ApiTokenView[]>
  /** A token with at most the creator's role and groups; the secret is in the answer only. */
  createApiToken(input: ApiTokenInput): Promise<CreatedApiToken>
  revokeApiToken(id: number): Promise<ApiTokenView>
  /** Admins: the audit trail, newest first. */
  listAudit(filter: AuditFilter): Promise<AuditPage>
  /** Admins: the audit entries a filter selects as CSV or JSON text (at most 100,000). */
  exportAudit(request: AuditExportRequest): Promise<string>
}
export type ApiMethod = keyof JobDeskApi

export interface Overview {
  jobCount: number
  activeJobCount: number
  runningCount: number
  /** Failed runs of the last 24 h, killed runs apart: a kill is not the job failing. */
  failedLast24hCount: number
  killedLast24hCount: number
  executorsOnline: number
  scheduler: SchedulerStatus
  /** Runs triggered in the last hour, by how they stand now (live, unlike the daily report). */
  lastHour: { successCount: number; failCount: number; killedCount: number; unfinishedCount: number }
  /** The running jobs that fire next, soonest first (at most 5). */
  nextFires: { jobId: number; jobName: string; atMs: number }[]
  /** Demo jobs seeded at first start that still exist; the console offers to remove them. */
  demoJobIds: number[]
}

export interface GroupInput extends GroupCapacityFields {
  id?: number
  appName: string
  name: string
  addressType: 0 | 1
  /** Manual groups: comma-separated http(s) URLs. Ignored for automatic groups. */
  addressList: string
  /** The group's own token (G3 executors); empty means the global token applies. */
  accessToken: string
  /** Whether the group's own token may give its jobs script (GLUE) types and sources; default false. */
  scriptsAllowed?: boolean
}

export interface DailyReportRequest {
  /** How many days back from today (default 7, at most 90). */
  days?: number
}

export interface DayReport {
  /** Local midnight of the day, epoch ms. */
  dayMs: number
  runningCount: number
  successCount: number
  failCount: number
}

export interface GlueVersion {
  id: number
  glueType: string
  glueSource: string
  glueRemark: string
  addTimeMs: number
}

export interface GlueSaveRequest {
  jobId: number
  glueSource: string
  glueRemark: string
}

export interface ImportReport {
  created: number
  updated: number
  skipped: number
  groupsCreated: string[]
  /** The document's flows: created, replaced (by name; their runs stay) and skipped. */
  flows: { created: number; updated: number; skipped: number }
  /** One line per skipped job, link or flow, with why (English). */
  notes: string[]
  /** The same notes as codes and parameters, for the console to render in its language. */
  noteMessages: CodedMessage[]
}

/** What the preload adds to `window`: the API plus a subscription to events. */
export interface JobDeskBridge extends JobDeskApi {
  onEvent(listener: (event: JobDeskEvent) => void): () => void
}
