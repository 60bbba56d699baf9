import { formatDownTime, parseAlarmRule, type AlarmRule } from '../../../../shared/alarm-policy'
import { alarmStateOf, parseAlarmReason, type AlarmState } from '../../../../shared/alarm-reason'
import type { JobRun } from '../../../../shared/model'
import { translate, type Language } from '../../i18n/dictionary'

export interface AlarmText {
  state: AlarmState
  /** What the status says, naming the alarm policy's rule that decided: `Sent`, `Failed: SMTP not configured`, `Folded (quiet 60 s)`. */
  label: string
  /** The channel's own words (an SMTP reply, a webhook's HTTP status), as the core kept them; '' when none. */
  detail: string
}

/** The reason of a stored alarm message in `language` (the detail stays as the channel gave it). */
export function alarmReasonText(language: Language, message: string): { reason: string; detail: string } {
  const reason = parseAlarmReason(message) ?? { code: 'internal' as const, detail: '' }
  return { reason: translate(language, `alarm.reason.${reason.code}`), detail: reason.detail }
}

/** A silence's end as the console shows it: the time, with the day when it is not today. */
export function untilText(language: Language, untilMs: number, nowMs: number): string {
  const until = new Date(untilMs)
  const sameDay = new Date(nowMs).toDateString() === until.toDateString()
  const locale = language === 'zh-CN' ? 'zh-CN' : 'en-GB'
  return sameDay
    ? until.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
    : until.toLocaleString(locale, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
}

/** The rule's words, or null when it adds nothing to the state's own word (sent at the first failure with nothing folded). */
export function ruleText(language: Language, rule: AlarmRule, nowMs: number): string | null {
  switch (rule.rule) {
    case 'held':
      return translate(language, 'alarm.rule.held', { failures: rule.failures, of: rule.of })
    case 'folded':
      return translate(language, 'alarm.rule.folded', { quietSec: rule.quietSec })
    case 'suppressed':
      return translate(language, 'alarm.rule.suppressed', { reason: rule.reason, until: untilText(language, rule.untilMs, nowMs) })
    case 'recovered':
      return translate(language, 'alarm.rule.recovered', { failures: rule.failures, down: formatDownTime(rule.downMs) })
    case 'sent': {
      const parts: string[] = []
      if (rule.failures > 1) parts.push(translate(language, 'alarm.rule.sentAfter', { failures: rule.failures }))
      if (rule.folded > 0) parts.push(translate(language, 'alarm.rule.sentFolded', { folded: rule.folded }))
      return parts.length > 0 ? parts.join(language === 'zh-CN' ? '，' : ', ') : null
    }
  }
}

/** A run's alarm as the run detail and the Runs list name it, with the policy's rule that decided. */
export function alarmText(
  language: Language,
  run: Pick<JobRun, 'alarmStatus' | 'alarmMessage' | 'triggerCode' | 'handleCode'> & Partial<Pick<JobRun, 'alarmRule'>>,
  nowMs = Date.now(),
): AlarmText {
  const state = alarmStateOf(run)
  const rule = parseAlarmRule(run.alarmRule ?? '')
  if (state === 'failed') {
    const { reason, detail } = alarmReasonText(language, run.alarmMessage)
    return { state, label: translate(language, 'alarm.state.failed', { reason }), detail }
  }
  const ruled = rule && state !== 'pending' && state !== 'none' ? ruleText(language, rule, nowMs) : null
  return { state, label: ruled ?? translate(language, `alarm.state.${state}`), detail: '' }
}
