import type { JobRun, RunStatus, ScheduleType, TriggerType } from './model'
import type { ErrorParams } from './errors'
import type { CodedMessage } from './messages/format-message'
import type { TriggerTrail } from './trigger-trail'
import type { CalendarRoll, CalendarRule } from './calendar/calendar-rules'

// What the API's run methods take and answer: triggers, route and schedule previews, probes, run lists and logs.

export interface TriggerRequest {
  jobId: number
  /** Overrides the job's parameter for this one run. */
  executorParam?: string
  /** The values of a job that declares typed params (docs/parameters.md), by name; refused for a job that declares none. */
  params?: Record<string, string | number | boolean>
  /** Executor addresses for this one trigger (not saved); SHARDING_BROADCAST shards across them. */
  addressList?: string[]
  /**
   * How the run is recorded: MANUAL (the default: a person in the console) or API (a script: the
   * OpenAPI and the `jobdesk` CLI record every trigger so). It only labels the run.
   */
  triggerType?: 'MANUAL' | 'API'
}

export interface RoutePreviewRequest {
  jobId: number
  addressList?: string[]
}

export interface RoutePreview {
  strategy: string
  /** The addresses routing would choose from, in its order, as a run's trail lists them (a broadcast: every shard's). */
  candidates: string[]
  /** Listed, but the embedded executor of another JobDesk process, which this node cannot reach. */
  leftOut: string[]
  /** The address that would be chosen; null when none would (empty list, every probe failed), or when chance decides. */
  chosen: string | null
  /**
   * Why (a `routeReason.*` or `routePreview.*` code). Where chance decides (RANDOM, and ROUND before the
   * job's first run) it explains the rule instead of guessing.
   */
  reason: CodedMessage
  /** FAILOVER/BUSYOVER: each probe made. */
  probes: { address: string; kind: 'beat' | 'idleBeat'; code: number; msg: string }[]
  /**
   * Candidates not registered in (or configured for) the job's group: JobDesk calls them without
   * the group's access token, since a secret goes only where it is held by right. Only an admin may
   * name such an address; for everyone else the preview and the trigger are refused.
   */
  tokenless: string[]
}

export interface ProbeRequest {
  address: string
  kind: 'beat' | 'idleBeat'
  /** idleBeat asks about one job. */
  jobId?: number
  /** The group whose token and protocol generation to use. */
  groupId?: number
}

export interface ProbeResult {
  code: number
  msg: string
  latencyMs: number
  /** False when the address is not registered in (or configured for) the group: the probe went without a token. */
  tokenSent: boolean
}

export interface TriggerResult {
  logIds: number[]
  /**
   * How each run's trigger went, in `logIds` order: the console's manual trigger waits a few seconds
   * for the executor's answer. Absent where nobody waited (the OpenAPI's triggerJob).
   */
  outcomes?: RunTriggerOutcome[]
}

export interface RunTriggerOutcome {
  logId: number
  /** `pending`: the executor had not answered within the wait; the run row follows later. */
  state: 'accepted' | 'refused' | 'pending'
  /** Where routing sent it ('' when no address was chosen). */
  executorAddress: string
  /** The trigger's trail as stored in `trigger_msg` (its last line says why it was refused); '' while pending. */
  triggerMsg: string
  /** The same as data, for the console to render in its language; null while pending. */
  triggerTrail: TriggerTrail | null
}

export interface SchedulePreviewRequest {
  scheduleType: ScheduleType
  scheduleConf: string
  timezone: string
  /** The calendar the schedule follows (by name), its rule and its roll; none when absent. */
  calendar?: string | null
  calendarRule?: CalendarRule
  calendarRoll?: CalendarRoll
  /** How many fire times; default 5. */
  count?: number
  /** Reference time, epoch ms; default now. */
  fromMs?: number
}

export type SchedulePreview =
  | { ok: true; timesMs: number[] }
  /** `message` in English (naming the field); `code` and `params` for the console's language. */
  | { ok: false; field: string; message: string; code: string; params: ErrorParams }

export interface RunFilter {
  jobId?: number
  jobGroup?: number
  /** Only runs of these groups (the core narrows every caller to its granted groups this way). */
  jobGroups?: number[]
  status?: RunStatus
  triggerType?: TriggerType
  /** Inclusive lower bound of trigger_time, epoch ms. */
  sinceMs?: number
  untilMs?: number
  /** Runs fired by this run: its children (PARENT) and its retry (RETRY). */
  parentLogId?: number
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
  /** At most this many lines per page (default 5000, at most 50,000); the rest comes with the next page. */
  maxLines?: number
}

export interface LastRun {
  jobId: number
  logId: number
  status: RunStatus
  triggerTimeMs: number
  /** Set (true) when the run failed by a kill (shared/run-kill.ts): the console shows it as killed. */
  killed?: true
}
