/**
 * Failure alarms: a desktop notice, webhooks and email over SMTP for one failed run. The fail
 * monitor decides when; `AlarmSender.send` reports per channel and never throws
 * (`ok` → alarm_status 2, else 3).
 */
export {
  SENDER_CLOSED,
  type AlarmChannelKind,
  type AlarmFacts,
  type AlarmOutcome,
  type AlarmSender,
  type AlarmSettings,
  type ChannelResult,
  type SmtpSettings,
  type WebhookChannel,
} from './alarm-types'
export { ALARM_CLOSE_GRACE_MS, createAlarmSender, maxAlarmDurationMs, type AlarmSenderDeps } from './alarm-sender'
export {
  ALARM_TIMEOUT_MAX_MS,
  ALARM_TIMEOUT_MIN_MS,
  DEFAULT_ALARM_SETTINGS,
  SMTP_DEFAULT_TIMEOUT_MS,
  validateAlarmSettings,
  WEBHOOK_DEFAULT_RETRIES,
  WEBHOOK_DEFAULT_TIMEOUT_MS,
  WEBHOOK_MAX_RETRIES,
  WEBHOOKS_MAX,
} from './validate-alarm-settings'
export { ALARM_MESSAGE_MAX_CHARS, type WebhookPayload } from './alarm-message'
export { EMAIL_DEADLINE_FACTOR, SMTP_PAUSE_AFTER_FAILURE_MS } from './email-channel'
