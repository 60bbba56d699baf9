/**
 * Moving in from XXL-JOB: what the console and the command line ask for and what they get back.
 * Types only, shared by the core, the CLI and the renderer.
 */
import type { ErrorParams } from './errors'

/** Import the runs of at most this many days back. */
export const XXL_RUN_DAYS_MAX = 90
/** At most this many runs come along (the newest of the window): the rest is XXL-JOB's history, not JobDesk's. */
export const XXL_RUN_CAP = 100_000

export const XXL_CONFLICTS = ['skip', 'rename', 'replace'] as const
export type XxlConflict = (typeof XXL_CONFLICTS)[number]

export interface XxlImportRequest {
  /** The XXL-JOB database: `mysql://user:password@host:3306/xxl_job` (or `mariadb://`). */
  url: string
  /** Report what would be imported and write nothing. */
  dryRun: boolean
  /**
   * A job JobDesk already has (same group and name): leave it as it is (`skip`), import the XXL-JOB
   * one beside it under a new name (`rename`), or overwrite it (`replace`).
   */
  onConflict: XxlConflict
  /** Also import the finished runs (`xxl_job_log`) of the last N days (1-90); none when absent. */
  withRunsDays?: number
  /**
   * IANA zone of the XXL-JOB admin: its cron schedules fire in it, and its DATETIME columns are
   * wall times in it. Default: this JobDesk's zone.
   */
  timezone?: string
}

/**
 * Why something was flagged or refused: a code the console translates (with `params`), and the
 * English text for logs, the command line, and codes the console does not know.
 */
export interface XxlNote {
  code: string
  params: ErrorParams
  message: string
  /** For a rule of JobDesk's own (a job that fails the editor's checks): the field it is about, e.g. `scheduleConf`. */
  field?: string
}

/** What the import does with one XXL-JOB job. */
export type XxlJobAction = 'create' | 'update' | 'skip' | 'refuse'

export interface XxlJobLine {
  /** `xxl_job_info.id`. */
  xxlId: number
  appName: string
  name: string
  action: XxlJobAction
  /** For 'refuse': why. Otherwise what changed on the way (a link dropped, a name made unique). */
  notes: XxlNote[]
  /** The JobDesk job: the one updated or skipped, or (after an apply) the one created. */
  jobId: number | null
}

export interface XxlGroupLine {
  appName: string
  name: string
  action: 'create' | 'update' | 'keep' | 'refuse'
  notes: XxlNote[]
}

/**
 * The columns that tell XXL-JOB's generations apart, and the generation they point to:
 * `3.5` (group `name`, job `name`, group `access_token`), `2.3-3.4` (`title`, `job_desc`,
 * `schedule_type`), `2.1-2.2` (`job_cron`, no schedule type).
 */
export interface XxlSchemaInfo {
  generation: '2.1-2.2' | '2.3-3.4' | '3.5' | 'mixed'
  groupNameColumn: 'title' | 'name'
  jobNameColumn: 'job_desc' | 'name'
  scheduleColumns: 'schedule_type' | 'job_cron'
  groupTokens: boolean
  /** `xxl_job_logglue` exists (GLUE history). */
  glueHistory: boolean
  /** `xxl_job_log` exists (runs). */
  runs: boolean
}

export interface XxlImportReport {
  /** The database read, without its password. */
  source: string
  schema: XxlSchemaInfo
  dryRun: boolean
  /** The zone schedules and times were read in. */
  timezone: string
  /** What the XXL-JOB database holds. */
  read: { groups: number; jobs: number; glueVersions: number; runs: number }
  groups: XxlGroupLine[]
  jobs: XxlJobLine[]
  /** Child links (XXL-JOB's `child_jobid`, as SUCCESS links) set, and dropped with why. */
  links: { set: number; dropped: { parentXxlId: number; childXxlId: number | string; note: XxlNote }[] }
  /** GLUE versions written into jobs' histories. */
  glueVersions: number
  /** Runs of the last `withRunsDays` days: imported (to be imported on a dry run), left out and why. */
  runs: { days: number; imported: number; unfinished: number; alreadyThere: number; ofRefusedJobs: number; beyondCap: number } | null
  summary: { created: number; updated: number; skipped: number; refused: number }
  /** About the import as a whole (not one job): e.g. group tokens that stay behind. */
  notes: XxlNote[]
}

/** How far an import has got, pushed to the console while it works (`xxl-import-progress` events). */
export interface XxlImportProgress {
  phase: 'reading' | 'planning' | 'jobs' | 'glue' | 'runs' | 'done'
  done: number
  total: number
}

/**
 * `url` with `password` as its password (percent-encoded), unless it has one of its own or none
 * is given; a URL that does not parse is returned as it is, for the importer's check to explain.
 * The CLI's XXL_JOB_PASSWORD and the console's password field go into the URL this way.
 */
export function withXxlPassword(url: string, password: string | undefined): string {
  if (!password) return url
  try {
    const parsed = new URL(url)
    if (parsed.password !== '') return url
    parsed.password = encodeURIComponent(password)
    return parsed.toString()
  } catch {
    return url
  }
}

/** Whether this runtime knows `zone` as an IANA time zone (`Asia/Shanghai`). */
export function isIanaZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}
