/**
 * Alerts about the infrastructure rather than a run: an executor address the registry's dead sweep
 * removed, a cluster node whose lease ran out and whose work another node took over, a burst of
 * misfires in one executor group (the scheduler fell behind or was stopped), a node whose clock is
 * off the database's by more than the warning threshold (src/shared/clock-skew.ts).
 */
export type InfraAlertKind = 'executorDead' | 'nodeLost' | 'misfireBurst' | 'clockSkew'

export interface InfraAlert {
  kind: InfraAlertKind
  /** executorDead: `appName address`; nodeLost and clockSkew: the node's name; misfireBurst: the group's app name. */
  subject: string
  /**
   * When it happened by the data every node reads alike: the address's last beat, the node's lease
   * end; for clockSkew (told by the node itself) when its clock went off, by the database's clock.
   */
  eventTimeMs: number
  /** ALARM_STATUS: −1 sending, 1 no channel to send it on, 2 sent, 3 failed. */
  alarmStatus: number
  /** Why sending failed (src/shared/alarm-reason.ts); '' otherwise. */
  alarmMessage: string
  /** When the alert was raised. */
  addTimeMs: number
}

/** What the editor and the dashboard warn about: channels not configured, alarms that did not go out. */
export interface AlarmHealth {
  smtpConfigured: boolean
  webhookCount: number
  /** The IM channels' names (not their URLs): the job editor offers them as `#name`. */
  imChannelNames: string[]
  /** Jobs (that the caller sees) with an alarm email: their mails fail while no SMTP server is configured. */
  jobsWithAlarmEmail: number
  /** Runs of the last 24 hours whose alarm failed (alarm status 3). */
  alarmsFailedLast24h: number
  /** Infrastructure alerts of the last 24 hours, newest first (at most 20). */
  recentAlerts: InfraAlert[]
}
