import { alarmStateOf, parseAlarmReason, type AlarmState } from '../../../../shared/alarm-reason'
import type { JobRun } from '../../../../shared/model'
import { translate, type Language } from '../../i18n/dictionary'

export interface AlarmText {
  state: AlarmState
  /** What the status says: `Sent`, `Failed: SMTP not configured`. */
  label: string
  /** The channel's own words (an SMTP reply, a webhook's HTTP status), as the core kept them; '' when none. */
  detail: string
}

/** The reason of a stored alarm message in `language` (the detail stays as the channel gave it). */
export function alarmReasonText(language: Language, message: string): { reason: string; detail: string } {
  const reason = parseAlarmReason(message) ?? { code: 'internal' as const, detail: '' }
  return { reason: translate(language, `alarm.reason.${reason.code}`), detail: reason.detail }
}

/** A run's alarm as the run detail and the Runs list name it. */
export function alarmText(language: Language, run: Pick<JobRun, 'alarmStatus' | 'alarmMessage' | 'triggerCode' | 'handleCode'>): AlarmText {
  const state = alarmStateOf(run)
  if (state !== 'failed') return { state, label: translate(language, `alarm.state.${state}`), detail: '' }
  const { reason, detail } = alarmReasonText(language, run.alarmMessage)
  return { state, label: translate(language, 'alarm.state.failed', { reason }), detail }
}
