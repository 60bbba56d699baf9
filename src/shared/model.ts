import type { DeadlineTerms } from './deadline-terms'
import type { ParamsFields } from './job-params'
/**
 * The domain model shared by the core, the executor and the renderer. Types only (plus the enum
 * value lists they are derived from), so every process can import it.
 *
 * Enum values are XXL-JOB's wire/DB constant names. TypeScript names carry units (`…Ms`, `…Sec`);
 * the database and the wire keep XXL-JOB's column and field names.
 */

import type { BlockStrategy, GlueType, MisfireStrategy, RouteStrategy, ScheduleType, TriggerType } from './job-enums'
import type { TriggerTrail } from './trigger-trail'
import type { CalendarRoll, CalendarRule } from './calendar/calendar-rules'
import type { JobCapacityFields } from './capacity'

// The enum value lists live below the trail's types (which name them); they are part of the model.
export * from './job-enums'

/** When a child link fires: XXL-JOB only knows SUCCESS. */
export const LINK_CONDITIONS = ['SUCCESS', 'FAILURE', 'ALWAYS'] as const
export type LinkCondition = (typeof LINK_CONDITIONS)[number]

/** How the gap before a fail retry grows. NONE retries at the next monitor pass, as XXL-JOB does. */
export const RETRY_BACKOFFS = ['NONE', 'FIXED', 'EXPONENTIAL'] as const
export type RetryBackoff = (typeof RETRY_BACKOFFS)[number]

/** Admin protocol generation of an executor group (docs/protocol.md#generations); null until detected. */
export const PROTOCOL_GENERATIONS = ['g1', 'g2', 'g3'] as const
export type ProtocolGeneration = (typeof PROTOCOL_GENERATIONS)[number]

export const HANDLE_CODE = { none: 0, success: 200, fail: 500, timeout: 502 } as const
export const TRIGGER_CODE = { pending: 0, success: 200, fail: 500 } as const

/** alarm_status: 0 untouched, −1 locked by the fail monitor, 1 not needed, 2 sent, 3 failed. */
/**
 * `job_log.alarm_status`. XXL-JOB's 0–3, and the alarm policy's: folded (4: within the quiet time of
 * the last one sent, counted into the next) and suppressed (5: a silence). A failure the policy
 * holds (fewer in a row than asked) is 1, with its rule in `alarm_rule`.
 */
export const ALARM_STATUS = { todo: 0, locked: -1, notNeeded: 1, sent: 2, failed: 3, folded: 4, suppressed: 5 } as const

/** `job_group.address_type`. */
export const ADDRESS_TYPE = { auto: 0, manual: 1 } as const

/** The app name of the executor group served by the embedded executor, created at first start (reserved). */
export const EMBEDDED_APP_NAME = 'jobdesk-embedded'

/**
 * The prefix of every embedded executor's address: `jobdesk://embedded/<instance>/`, one per JobDesk
 * process, reached in-process by that process only.
 */
export const EMBEDDED_ADDRESS_PREFIX = 'jobdesk://embedded/'

export interface JobGroup {
  id: number
  appName: string
  name: string
  addressType: 0 | 1
  /** Comma-separated base URLs; written by the registry for auto groups, by the operator for manual ones. */
  addressList: string
  /** The group's own token (G3 executors); empty means the global token applies. */
  accessToken: string
  protocolGeneration: ProtocolGeneration | null
  /** Created by an unknown app name registering with the global token; shown as new until edited. */
  autoCreated: boolean
  /** Whether the group's own token may give its jobs script (GLUE) types and sources (OpenAPI). */
  scriptsAllowed: boolean
  updateTimeMs: number
  /** At most this many runs at once on each of the group's addresses (docs/capacity.md); absent or 0: no limit. */
  maxConcurrent?: number
}

/** A job with its promises (DeadlineTerms: start and finish deadlines, slow-run factor) and its capacity fields (JobCapacityFields: pools, priority, maxConcurrent; docs/capacity.md). */
export interface JobInfo extends DeadlineTerms, JobCapacityFields, ParamsFields {
  id: number
  jobGroup: number
  name: string
  author: string
  alarmEmail: string
  scheduleType: ScheduleType
  scheduleConf: string
  /** IANA zone the cron expression is evaluated in. */
  timezone: string
  /** The business calendar the schedule follows (src/shared/calendar/), or null for none. */
  calendar: string | null
  calendarRule: CalendarRule
  calendarRoll: CalendarRoll
  misfireStrategy: MisfireStrategy
  executorRouteStrategy: RouteStrategy
  executorHandler: string
  executorParam: string
  executorBlockStrategy: BlockStrategy
  executorTimeoutSec: number
  executorFailRetryCount: number
  retryBackoff: RetryBackoff
  retryIntervalSec: number
  retryMaxIntervalSec: number
  /** Alarm on every failed attempt, not only once the retries are used up. */
  alarmOnEveryFailure: boolean
  /** Alarm only once this many failures are in a row (src/shared/alarm-policy.ts); null: the server's default. */
  alarmAfterFailures: number | null
  /** An alarm within this many seconds of the last one sent is folded into the next; null: the server's default. */
  alarmQuietSec: number | null
  glueType: GlueType
  glueSource: string
  glueRemark: string
  glueUpdatetimeMs: number
  /**
   * A GLUE script's environment variables, each naming a secret (`{ DB_PASS: 'secrets.oracle_pw' }`):
   * the trigger puts the values into the script's process, never its source (docs/secrets.md).
   * Absent: none.
   */
  env?: Record<string, string>
  /** XXL-JOB's `child_jobid`: the children of SUCCESS links. */
  childJobIds: number[]
  triggerStatus: 0 | 1
  triggerLastTimeMs: number
  triggerNextTimeMs: number
  addTimeMs: number
  updateTimeMs: number
}

/** What an operator or the API may set on a job; ids and bookkeeping are the store's. */
export type JobInput = Omit<
  JobInfo,
  'id' | 'childJobIds' | 'triggerStatus' | 'triggerLastTimeMs' | 'triggerNextTimeMs' | 'addTimeMs' | 'updateTimeMs' | 'glueUpdatetimeMs'
> & { id?: number }

/** One row of `job_log`: one trigger attempt (one per shard for broadcast, one per retry). */
export interface JobRun {
  id: number
  jobGroup: number
  jobId: number
  executorAddress: string
  executorHandler: string
  executorParam: string
  /** `"i/n"` for SHARDING_BROADCAST, else empty. */
  executorShardingParam: string
  executorFailRetryCount: number
  triggerTimeMs: number
  triggerType: TriggerType
  /** The scheduled fire time a CRON/MISFIRE run is for, a BACKFILL run's slot; null for manual, API, retry and child runs. */
  scheduleTimeMs: number | null
  /** The backfill whose slot this run is (docs/backfill.md); 0 for every other run. */
  backfillId: number
  triggerCode: number
  /** The trigger in English, one fact per line (XXL-JOB's column; the OpenAPI returns it). */
  triggerMsg: string
  /** The same trigger as data for the console (null for runs written before JobDesk kept it). */
  triggerTrail: TriggerTrail | null
  handleTimeMs: number
  handleCode: number
  handleMsg: string
  alarmStatus: number
  /** Why the alarm failed (alarm status 3) as src/shared/alarm-reason.ts writes it; '' otherwise. */
  alarmMessage: string
  /** The alarm policy's rule that decided the alarm (src/shared/alarm-policy.ts formatAlarmRule); '' when none did. */
  alarmRule: string
  /** The run whose completion fired this one (PARENT), or whose failure this retries (RETRY). */
  parentLogId: number | null
  /** The promises this run broke: RUN_MARK bits (src/shared/deadline-terms.ts); 0 for none. */
  deadlineMarks: number
  /** Waiting in the queue for its pools' slots since then (docs/capacity.md); absent when not queued. */
  queuedSinceMs?: number
  /** The typed values it was triggered with (docs/parameters.md), a secret as its reference; absent for a free-text run. */
  typedParams?: Record<string, string | number | boolean>
}

/** The states a run filter takes (killed runs are failed ones): XXL-JOB's derived states (runStatus). */
export const RUN_STATUSES = ['pending', 'running', 'success', 'failed'] as const
export type RunStatus = (typeof RUN_STATUSES)[number]

/** XXL-JOB's derived states (docs/protocol.md#codes-and-states). */
export function runStatus(run: Pick<JobRun, 'triggerCode' | 'handleCode'>): RunStatus {
  if (run.triggerCode !== 0 && run.triggerCode !== 200) return 'failed'
  if (run.handleCode === 200) return 'success'
  if (run.handleCode !== 0) return 'failed'
  return run.triggerCode === 0 ? 'pending' : 'running'
}

export interface JobLink {
  parentJobId: number
  childJobId: number
  condition: LinkCondition
}

export type AddressHealth = 'online' | 'suspect' | 'dead'

/**
 * What a JobDesk agent reports of itself when it registers (an extra `jobdesk` field of the registry
 * body, which XXL-JOB admins ignore). xxl-job-core and third-party executors report nothing.
 */
export interface ExecutorInfo {
  kind: 'jobdesk'
  version: string
  /** The handler names a BEAN job may use there. */
  handlers: string[]
  /** Whether it runs script (GLUE) jobs (`--enable-scripts`). */
  scripts: boolean
}

export interface RegistryEntry {
  appName: string
  address: string
  updateTimeMs: number
  health: AddressHealth
  /** What kind of executor: JobDesk's own (embedded or agent, with its version), or null when it does not say (xxl-job-core, third-party). */
  executor: { kind: 'embedded' | 'jobdesk'; version: string; scripts: boolean } | null
}

/** Which handlers a group's executors offer, for the job editor. */
export interface HandlerCatalog {
  /** False when some executor does not report its handlers (xxl-job-core): then any name may be right. */
  known: boolean
  handlers: string[]
  /** True when every registered executor is JobDesk's own: GLUE_GROOVY cannot run there. */
  jobDeskOnly: boolean
}

/** A page of the run log, numbered by physical line from 1 (XXL-JOB's `/log`). */
export interface LogPage {
  fromLineNum: number
  toLineNum: number
  logContent: string
  isEnd: boolean
  /** Where the lines came from: the executor itself, or the copy JobDesk kept (the executor is gone or unreachable). Absent means the executor. */
  source?: 'executor' | 'kept'
  /** With source 'kept': why the executor was not asked or could not answer (e.g. "ECONNREFUSED"). */
  executorError?: string
  /**
   * Lines the executor could not write to this log (a full disk): the log is incomplete, whatever
   * `isEnd` says, and a line in it marks where they went missing. Absent when none were lost (or the
   * executor restarted since: then only that line says so).
   */
  lostLines?: number
}
