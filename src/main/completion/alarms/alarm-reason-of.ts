import type { AlarmDelivery } from '../../../shared/alarm-list'
import { formatAlarmReason, type AlarmReasonCode } from '../../../shared/alarm-reason'
import { ALARM_STATUS } from '../../../shared/model'
import { SENDER_CLOSED, type AlarmOutcome, type ChannelResult } from './alarm-types'

/** Which failure names an alarm when several channels failed: the one an operator can fix in Settings first. */
const PRECEDENCE: readonly AlarmReasonCode[] = [
  'smtpOff',
  'badAddress',
  'emailFailed',
  'webhookFailed',
  'imFailed',
  'desktopFailed',
  'senderClosed',
  'internal',
]

/**
 * `job_log.alarm_message` for an alarm's outcome: '' when it was delivered, else the reason of the
 * failure that matters most, with every failure's detail (one per channel target), passed through
 * `redact` (KnownSecrets': an SMTP password, a webhook header or a robot's token an error might echo).
 */
export function alarmMessageOf(outcome: AlarmOutcome, redact: (text: string) => string): string {
  if (outcome.ok) return ''
  const failed = outcome.results.filter((r) => !r.ok)
  if (failed.length === 0) return formatAlarmReason({ code: 'internal', detail: 'the alarm could not be built' })
  const code = PRECEDENCE.find((c) => failed.some((r) => reasonCodeOf(r) === c)) ?? 'internal'
  const first = failed.filter((r) => reasonCodeOf(r) === code)
  const rest = failed.filter((r) => reasonCodeOf(r) !== code)
  const detail = [...first, ...rest].map(describeFailure).join('; ')
  return formatAlarmReason({ code, detail: redact(detail) })
}

/** Each channel's delivery as the alarm list keeps it: the error redacted, as the run's message is. */
export function deliveriesOf(outcome: AlarmOutcome, redact: (text: string) => string): AlarmDelivery[] {
  return outcome.results.map((r) => ({ channel: r.channel, target: redact(r.target), ok: r.ok, detail: redact(r.error ?? r.note ?? '') }))
}

/** An infrastructure alert's alarm_status: 1 when no channel had anyone to tell (no webhook, IM channel or alert email), else 2 or 3. */
export function alertStatusOf(outcome: AlarmOutcome): number {
  if (!outcome.ok) return ALARM_STATUS.failed
  return outcome.results.some((r) => r.attempts > 0) ? ALARM_STATUS.sent : ALARM_STATUS.notNeeded
}

function reasonCodeOf(result: ChannelResult): AlarmReasonCode {
  if (result.reason) return result.reason
  if (result.error === SENDER_CLOSED) return 'senderClosed'
  if (result.error?.startsWith('internal error')) return 'internal'
  if (result.channel === 'email') return 'emailFailed'
  if (result.channel === 'webhook') return 'webhookFailed'
  if (result.channel === 'im') return 'imFailed'
  return 'desktopFailed'
}

function describeFailure(result: ChannelResult): string {
  // A webhook's target is left out: chat webhooks carry their token in the URL's path.
  if (result.reason === 'smtpOff') return result.target
  if (result.channel === 'webhook') return `webhook ${result.error ?? ''}`.trim()
  if (result.channel === 'desktop') return result.error ?? ''
  // `DingTalk #ops: errcode 310000 …`: the channel's name, never its URL.
  return `${result.target}: ${result.error ?? ''}`
}
