import type { AlarmRule } from './alarm-policy'

/* The alarm list: every failure alarm and recovery notice of a job run the alarm policy decided —
   sent, failed, folded or suppressed — with its channels' delivery, and "send again". */

export const ALARM_STATES = ['sent', 'failed', 'folded', 'suppressed'] as const
export type AlarmState = (typeof ALARM_STATES)[number]

/** A failed run's alarm, or the notice that a job recovered. */
export type AlarmEntryKind = 'failure' | 'recovery'

/** The longest stretch one `listAlarms` reads, and the rows one answer holds at most (newest first). */
export const ALARM_LIST_MAX_DAYS = 93
export const ALARM_LIST_MAX_ROWS = 1000

/** One channel's delivery of one alarm (the sender's ChannelResult, without what it sent). */
export interface AlarmDelivery {
  channel: 'webhook' | 'email' | 'desktop' | 'im'
  /** The webhook URL without credentials or query values, the email address, 'desktop', or `DingTalk #ops`. */
  target: string
  ok: boolean
  /** Why it failed (HTTP status, SMTP reply), or why an ok result sent nothing. */
  detail: string
}

export interface AlarmEntry {
  id: number
  logId: number
  jobId: number
  jobGroup: number
  kind: AlarmEntryKind
  state: AlarmState
  /** When the policy decided it (and, when sent, when the channels were done). */
  atMs: number
  /** Empty for an alarm folded or suppressed: nothing was sent. */
  deliveries: AlarmDelivery[]
  /** Why it failed (src/shared/alarm-reason.ts), '' otherwise. */
  message: string
  /** The policy's rule (null: no policy decided it, e.g. a resend). */
  rule: AlarmRule | null
  /** A resend: the entry it sent again, and who asked; 0 and '' otherwise. */
  resentOf: number
  resentBy: string
}

/** `listAlarms { from, to, jobId?, state? }`: alarms in [from, to), newest first. */
export interface AlarmListRequest {
  from: number
  to: number
  jobId?: number
  state?: AlarmState
}

/** The alarm list's part of JobDeskApi (./api.ts). */
export interface AlarmListApi {
  /**
   * Every alarm of job runs in [from, to) (at most ALARM_LIST_MAX_ROWS, newest first), of the jobs
   * the caller sees. `groupIds` is a second argument the caller's rules add, not a client's.
   */
  listAlarms(request: AlarmListRequest, groupIds?: readonly number[] | null): Promise<AlarmEntry[]>
  /** One alarm of the list (who sees its job's group). */
  getAlarm(request: { id: number }): Promise<AlarmEntry>
  /**
   * Sends an alarm again on the job's channels as they are now (operators of the job's group and
   * admins): a new entry, linked to the one resent, whatever the policy would fold.
   */
  resendAlarm(request: { id: number }, by?: string): Promise<AlarmEntry>
}
