import { ALARM_STATUS } from './model'

/**
 * Why an alarm failed, as `job_log.alarm_message` and `job_alert.alarm_message` keep it: a reason
 * code the console words in its own language, then a detail it shows as it is (an SMTP server's
 * reply, a webhook's HTTP status, a chat robot's error code). Never a password or a token: the core takes them out first.
 */
export const ALARM_REASON_CODES = [
  'smtpOff',
  'emailFailed',
  'badAddress',
  'webhookFailed',
  'imFailed',
  'desktopFailed',
  'senderClosed',
  'jobMissing',
  'internal',
] as const
export type AlarmReasonCode = (typeof ALARM_REASON_CODES)[number]

export interface AlarmReason {
  code: AlarmReasonCode
  /** The channel's own words, capped; '' when the code says it all. */
  detail: string
}

/** The column's bound (MySQL's VARCHAR(500)); a longer detail is cut with an ellipsis. */
export const ALARM_REASON_MAX_CHARS = 500

export function formatAlarmReason(reason: AlarmReason): string {
  const text = reason.detail === '' ? reason.code : `${reason.code}: ${reason.detail.replace(/\s+/g, ' ').trim()}`
  return text.length > ALARM_REASON_MAX_CHARS ? `${text.slice(0, ALARM_REASON_MAX_CHARS - 1)}…` : text
}

/** The reason in a stored message; an unknown code (a newer core) is kept whole as an internal detail. */
export function parseAlarmReason(message: string): AlarmReason | null {
  if (message === '') return null
  const colon = message.indexOf(':')
  const code = colon === -1 ? message : message.slice(0, colon)
  if ((ALARM_REASON_CODES as readonly string[]).includes(code)) {
    return { code: code as AlarmReasonCode, detail: colon === -1 ? '' : message.slice(colon + 1).trim() }
  }
  return { code: 'internal', detail: message }
}

/** How the console names a run's alarm: what its status says, with the reason when it failed. */
export type AlarmState = 'none' | 'pending' | 'notNeeded' | 'sent' | 'failed' | 'folded' | 'suppressed'

export function alarmStateOf(run: { alarmStatus: number; triggerCode: number; handleCode: number }): AlarmState {
  switch (run.alarmStatus) {
    case ALARM_STATUS.sent:
      return 'sent'
    case ALARM_STATUS.failed:
      return 'failed'
    case ALARM_STATUS.notNeeded:
      return 'notNeeded'
    case ALARM_STATUS.locked:
      return 'pending'
    case ALARM_STATUS.folded:
      return 'folded'
    case ALARM_STATUS.suppressed:
      return 'suppressed'
    default: {
      // Untouched: a failed run waits for the fail monitor; any other run has nothing to alarm (yet).
      const failed = (run.triggerCode !== 0 && run.triggerCode !== 200) || (run.handleCode !== 0 && run.handleCode !== 200)
      return failed ? 'pending' : 'none'
    }
  }
}
