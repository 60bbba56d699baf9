import type { InfraAlertKind } from '../../../shared/alarm-health'
import type { AlarmReasonCode } from '../../../shared/alarm-reason'
import type { ConsoleLanguage, ImChannel } from '../../../shared/settings-types'
import type { TriggerTrail } from '../../../shared/trigger-trail'
import type { DeadlineMissKind } from '../../../shared/deadline-terms'

/**
 * Contracts of the alarm module: what a failed run's alarm (or a flow run's notice) carries, where
 * it goes and what came back. The fail monitor and the flow engine decide when; this module only
 * sends and reports, and never throws to its caller.
 */

/** Everything a receiver needs to know about the failed run (one `job_log` row plus its job). */
export interface AlarmFacts {
  logId: number
  jobId: number
  jobName: string
  /** The executor group's `app_name`. */
  appName: string
  /** The executor group's title. */
  groupName: string
  /** CRON, MANUAL, RETRY, PARENT, API or MISFIRE. */
  triggerType: string
  triggerTimeMs: number
  /** 0 when the run never reached an executor. */
  handleTimeMs: number
  triggerCode: number
  triggerMsg: string
  handleCode: number
  handleMsg: string
  /** How the trigger went, as data; null for runs without one (imported from XXL-JOB, or older rows). */
  triggerTrail: TriggerTrail | null
  executorAddress: string
  executorParam: string
  /** `executor_fail_retry_count` of this run: retries still to come after it. */
  retriesLeft: number
  /** The job's `alarm_email` list without its `#name` items; one mail per address. */
  alarmEmails: string[]
  /** The IM channels the job's alarm list names (`#ops` → `ops`); absent: none. */
  imChannels?: string[]
  /** What the alarm policy adds to a failure: the failures in a row so far, and the alarms folded into this one since the last sent. */
  policy?: { failuresInRow: number; folded: number }
  /** Set on a recovery notice instead (the run is the success): the failures in a row it ends, and how long since the first. */
  recovered?: { failures: number; downMs: number }
}

/**
 * What a person must hear of a flow run: it failed (`failedNodes`: the keys of the nodes that ended
 * failed), ran past its time limit and was stopped (`timeoutSec`: the flow's limit), or waits at an
 * approval (`key`: the approval node, `prompt`: its question to the approver, may be empty). The
 * flow engine's `FlowNotice` as this module takes it, restated so the alarms need not import the
 * flows room.
 */
export type FlowNoticeFacts =
  | (FlowNoticeBase & { kind: 'failed'; failedNodes: string[] })
  | (FlowNoticeBase & { kind: 'timeout'; timeoutSec: number })
  | (FlowNoticeBase & { kind: 'approval'; key: string; prompt: string })
  /** The alarm policy's recovery notice: a run succeeded after `failures` failed in a row, the first `downMs` ago. */
  | (FlowNoticeBase & { kind: 'recovered'; failures: number; downMs: number })

interface FlowNoticeBase {
  flowRunId: number
  flowId: number
  flowName: string
  /** The flow's `alarm_email`: comma-separated addresses, one mail each. */
  alarmEmail: string
}

/**
 * A run that broke a promise (docs/deadlines.md): not started or not done by its deadline, or
 * slower than its usual. Sent once per run and kind, on the channels a failure uses; a warning, the
 * run goes on.
 */
export interface DeadlineNoticeFacts {
  kind: DeadlineMissKind
  /** A job's run (`runId` a job_log id) or a flow run (`runId` a job_flow_run id). */
  target: 'job' | 'flow'
  runId: number
  /** The job's or the flow's id and name. */
  ownerId: number
  ownerName: string
  /** The job's or the flow's alarm list: addresses, and for a job `#name` IM channels too. */
  alarmEmails: string[]
  imChannels?: string[]
  /** When the run was due (its scheduled time, or when it was triggered). */
  dueAtMs: number
  /** The deadline it missed (lateStart, lateFinish), or when it turned slow. */
  limitAtMs: number
  /** slow: how long its usual (p95) run takes and the factor; 0 otherwise. */
  p95Ms: number
  slowFactor: number
}

/** What the desktop and the console show, titled by `kind` in the reader's language. */
export interface DeadlineDesktopNotice {
  kind: DeadlineMissKind
  target: 'job' | 'flow'
  runId: number
  ownerId: number
  ownerName: string
  /** The deadline or limit as an ISO time; for slow, `2 × p95 10 s`. */
  detail: string
}

/**
 * An alert about the infrastructure as the alarm channels carry it. Unlike a run's alarm, whose mail
 * stays English like XXL-JOB's, it is written in the console's language: it goes to the operators
 * of this installation, not to a job's owner.
 */
export interface InfraAlertFacts {
  kind: InfraAlertKind
  /** executorDead: `appName address`; nodeLost and clockSkew: the node's name; misfireBurst: the group's app name. */
  subject: string
  eventTimeMs: number
  /** One line of facts: the app and address, or which node took over. */
  detail: string
  language: ConsoleLanguage
}

/**
 * A flow notice as the desktop or console shows it ("flow X run N failed / waits for approval"):
 * the title comes from `kind` in the reader's language, `detail` is the body.
 */
export interface FlowDesktopNotice {
  kind: FlowNoticeFacts['kind']
  flowRunId: number
  flowId: number
  flowName: string
  /** Data, not prose: the failed node keys (`extract, load`), the time limit (`3600 s`) or the approval's prompt (capped). */
  detail: string
}

/**
 * One webhook receiver. The body is JSON, by event:
 * - a failed run: `{ event: 'job.failed', run, sentAtMs }`, `run` being the AlarmFacts with long texts capped;
 * - a flow notice: `{ event: 'flow.failed' | 'flow.timeout' | 'flow.approval' | 'flow.recovered', flow: { id, name }, flowRun: { id }, ...details, sentAtMs }`,
 *   the details being `failedNodes` (flow.failed: the failed nodes' keys), `timeoutSec` (flow.timeout: the limit the
 *   run passed; it was stopped) or `key` and `prompt` (flow.approval: the approval node and its question, capped) or `failures` and `downMs` (flow.recovered);
 * - the settings page's test: `{ event: 'alarm.test', sentAtMs }`.
 */
export interface WebhookChannel {
  /** http: or https: only. */
  url: string
  /** Extra request headers, e.g. an Authorization token. Never logged or reported. */
  headers?: Record<string, string>
  /** Per attempt, from connect to the end of the response body. Default 5000, allowed 100–60000. */
  timeoutMs?: number
  /** Further attempts after a failed one. Default 2, allowed 0–10. */
  retries?: number
}

export interface SmtpSettings {
  host: string
  /** 1–65535; usually 25, 465 (secure) or 587 (STARTTLS). */
  port: number
  /** TLS from the first byte (port 465). When false, STARTTLS is used if the server offers it. */
  secure: boolean
  /** Login; user and pass come together or not at all. */
  user?: string
  pass?: string
  /** The From address, `alarm@example.com` or `JobDesk <alarm@example.com>`. */
  from: string
  /**
   * Connection, greeting and socket-inactivity timeout. Default 10000, allowed 100–60000.
   * One mail gets at most `EMAIL_DEADLINE_FACTOR` (3) times this in all once a pool connection is
   * free for it; mails of a burst wait their turn before that.
   */
  timeoutMs?: number
}

export interface AlarmSettings {
  webhooks: WebhookChannel[]
  /** null: no SMTP server configured (alarm emails then fail with a clear reason). */
  smtp: SmtpSettings | null
  /** Show a desktop notification (Electron) or a UI notice (headless). */
  desktop: boolean
  /**
   * Comma-separated addresses told when an executor goes dead or a cluster node is lost (a run's
   * alarm goes to its job's addresses instead). Absent: those alerts go to the webhooks only.
   */
  alertEmail?: string
  /** Chat robots (im/): each hears the events it is set for, and the failed runs of jobs naming it. */
  imChannels?: ImChannel[]
}

/** The error of every channel result cut short or refused because the sender was closed. */
export const SENDER_CLOSED = 'alarm sender closed'

export type AlarmChannelKind = 'webhook' | 'email' | 'desktop' | 'im'

/** The result of one channel for one target (one webhook URL, one email address, the desktop). */
export interface ChannelResult {
  channel: AlarmChannelKind
  /** Webhook URL without credentials or query values, the email address, 'desktop', or an IM channel as `DingTalk #ops`. */
  target: string
  ok: boolean
  /** Why it failed: HTTP status and the start of the body, the SMTP reply, or the error. */
  error?: string
  /** A failure the console names by itself (no SMTP server, not an address); else the channel's kind says it. */
  reason?: AlarmReasonCode
  /** Why an ok result sent nothing, e.g. the job has no alarm email (XXL-JOB counts that as sent). */
  note?: string
  /** Requests or mails actually made; 0 when nothing was sent. */
  attempts: number
}

/** `ok` is true when every attempted channel succeeded: `alarm_status` 2, else 3. */
export interface AlarmOutcome {
  ok: boolean
  results: ChannelResult[]
}

/** Sends alarms and flow notices; one instance per settings version (build a new one when the settings change). */
export interface AlarmSender {
  /** Sends to every channel in parallel and resolves when all are done; never rejects. */
  send(facts: AlarmFacts): Promise<AlarmOutcome>
  /**
   * Sends a flow notice the same way: the desktop (as a FlowDesktopNotice), every webhook, a mail to
   * each address of `alarmEmail`. Resolves when all are done; never rejects.
   */
  sendFlowNotice(notice: FlowNoticeFacts): Promise<AlarmOutcome>
  /** Sends an infrastructure alert to every webhook, each IM channel set for them and each address of the settings' `alertEmail`; never rejects. */
  sendAlert(alert: InfraAlertFacts): Promise<AlarmOutcome>
  /** Sends a run's broken promise (late, slow) like a failed run's alarm: the desktop, webhooks, its alarm addresses and IM channels; never rejects. */
  sendDeadlineNotice(notice: DeadlineNoticeFacts): Promise<AlarmOutcome>
  /** A test mail from the settings page; never rejects. */
  sendTestEmail(to: string): Promise<ChannelResult>
  /**
   * A test request (`event: 'alarm.test'`) to `url`, using the headers and timeout of the configured
   * webhook with that URL if there is one, and no retries; never rejects.
   */
  testWebhook(url: string): Promise<ChannelResult>
  /** A test message to the configured IM channel of that name, without retries; never rejects. */
  testImChannel(name: string): Promise<ChannelResult>
  /**
   * Refuses new sends, waits up to the close grace for sends in flight, aborts the rest (they fail
   * with "alarm sender closed") and closes the SMTP pool and HTTP connections.
   */
  close(): Promise<void>
}
