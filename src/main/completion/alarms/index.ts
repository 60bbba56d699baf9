/**
 * Failure alarms: a desktop notice, webhooks and email over SMTP for one failed run. The fail
 * monitor decides when; `AlarmSender.send` reports per channel and never throws
 * (`ok` → alarm_status 2, else 3). A flow run's notices (failed, timed out, waits for approval) go
 * out the same way through `AlarmSender.sendFlowNotice`.
 */
export {
  SENDER_CLOSED,
  type AlarmFacts,
  type AlarmSender,
  type AlarmSettings,
  type FlowDesktopNotice,
  type FlowNoticeFacts,
  type SmtpSettings,
  type WebhookChannel,
} from './alarm-types'
export { createAlarmSender } from './alarm-sender'
export { DEFAULT_ALARM_SETTINGS, validateAlarmSettings } from './validate-alarm-settings'
export { SMTP_PAUSE_AFTER_FAILURE_MS } from './email-channel'
