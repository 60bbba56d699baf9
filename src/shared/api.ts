import type {
  JobGroup,
  JobInfo,
  JobInput,
  JobRun,
  LogPage,
  RunStatus,
  ScheduleType,
  TriggerType,
} from './model'

/**
 * The one contract between the UI and the core. The preload exposes exactly these methods as
 * `window.jobdesk`; headless mode serves the same methods over its browser bridge. Every method is
 * async and rejects with the errors of ./errors.ts.
 */
export interface JobDeskApi {
  getOverview(): Promise<Overview>

  listGroups(): Promise<JobGroup[]>

  listJobs(): Promise<JobInfo[]>
  getJob(id: number): Promise<JobInfo>
  /** Creates (no id) or updates a job; validates every field first and writes nothing when one is bad. */
  saveJob(input: JobInput): Promise<JobInfo>
  deleteJob(id: number): Promise<void>
  startJob(id: number): Promise<JobInfo>
  stopJob(id: number): Promise<JobInfo>
  /** Fires the job once now (trigger type MANUAL); resolves with the new run ids. */
  triggerJob(request: TriggerRequest): Promise<TriggerResult>
  /** The next fire times of a schedule, or why it is invalid. Pure: nothing is saved. */
  previewSchedule(request: SchedulePreviewRequest): Promise<SchedulePreview>

  listRuns(filter: RunFilter): Promise<RunPage>
  getRun(id: number): Promise<JobRun>
  /** Lines from `fromLineNum` (1-based) of a run's log. */
  getRunLog(request: RunLogRequest): Promise<LogPage>
  /** Starts pushing `run-log` events with the new lines of a run until `unwatchRunLog`. */
  watchRunLog(logId: number): Promise<void>
  unwatchRunLog(logId: number): Promise<void>
}

export type ApiMethod = keyof JobDeskApi

/** The closed list the preload and the bridges expose; nothing else crosses. */
export const API_METHODS = [
  'getOverview',
  'listGroups',
  'listJobs',
  'getJob',
  'saveJob',
  'deleteJob',
  'startJob',
  'stopJob',
  'triggerJob',
  'previewSchedule',
  'listRuns',
  'getRun',
  'getRunLog',
  'watchRunLog',
  'unwatchRunLog',
] as const satisfies readonly ApiMethod[]

export interface Overview {
  jobCount: number
  activeJobCount: number
  runningCount: number
  failedLast24hCount: number
  executorsOnline: number
  scheduler: SchedulerStatus
}

export interface SchedulerStatus {
  state: 'starting' | 'running' | 'draining' | 'stopped'
  /** Wall time of the last completed scan, epoch ms (0 before the first). */
  lastScanAtMs: number
  ringSize: number
}

export interface TriggerRequest {
  jobId: number
  /** Overrides the job's parameter for this one run. */
  executorParam?: string
}

export interface TriggerResult {
  logIds: number[]
}

export interface SchedulePreviewRequest {
  scheduleType: ScheduleType
  scheduleConf: string
  timezone: string
  /** How many fire times; default 5. */
  count?: number
  /** Reference time, epoch ms; default now. */
  fromMs?: number
}

export type SchedulePreview =
  | { ok: true; timesMs: number[] }
  | { ok: false; field: string; message: string }

export interface RunFilter {
  jobId?: number
  jobGroup?: number
  status?: RunStatus
  triggerType?: TriggerType
  /** Inclusive lower bound of trigger_time, epoch ms. */
  sinceMs?: number
  untilMs?: number
  /** Only runs with an id below this (paging backwards from the newest). */
  beforeId?: number
  /** Page size; default 100, at most 1000. */
  limit?: number
}

export interface RunPage {
  runs: JobRun[]
  /** Pass as `beforeId` for the next (older) page; null at the end. */
  nextBeforeId: number | null
}

export interface RunLogRequest {
  logId: number
  fromLineNum: number
}

/** Pushed from the core to every UI client. Bursty sources are coalesced (see app/events.ts). */
export type JobDeskEvent =
  | { type: 'jobs-changed'; jobIds: number[] }
  | { type: 'runs-changed'; runs: JobRun[] }
  | { type: 'run-log'; logId: number; page: LogPage }
  | { type: 'scheduler'; status: SchedulerStatus }
  /** A run failed and its alarm fired (the desktop shows a notification; clicking opens the run). */
  | { type: 'alarm'; logId: number; jobId: number; jobName: string; handleMsg: string }

export type JobDeskEventType = JobDeskEvent['type']

/** What the preload adds to `window`: the API plus a subscription to events. */
export interface JobDeskBridge extends JobDeskApi {
  onEvent(listener: (event: JobDeskEvent) => void): () => void
}
