import { describe, expect, it } from 'vitest'
import { ALARM_STATUS } from '../../../../shared/model'
import { alarmText } from './alarm-text'
import { formatAlarmRule, type AlarmRule } from '../../../../shared/alarm-policy'
import { formatAlarmReason } from '../../../../shared/alarm-reason'

const failedRun = { triggerCode: 200, handleCode: 500 }

describe('alarmText', () => {
  it('names a failed alarm by its reason in each language, and keeps the detail as the channel gave it', () => {
    const run = { ...failedRun, alarmStatus: ALARM_STATUS.failed, alarmMessage: 'smtpOff: ops@example.com' }
    expect(alarmText('en', run)).toEqual({ state: 'failed', label: 'Failed: SMTP not configured', detail: 'ops@example.com' })
    expect(alarmText('zh-CN', run)).toEqual({ state: 'failed', label: '发送失败：未配置 SMTP', detail: 'ops@example.com' })
    expect(alarmText('en', { ...run, alarmMessage: 'emailFailed: ops@example.com: 550 no such user' })).toMatchObject({
      label: 'Failed: email not delivered',
      detail: 'ops@example.com: 550 no such user',
    })
  })

  it('says sent, not needed, pending or none for the other statuses', () => {
    expect(alarmText('en', { ...failedRun, alarmStatus: ALARM_STATUS.sent, alarmMessage: '' }).label).toBe('Sent')
    expect(alarmText('zh-CN', { ...failedRun, alarmStatus: ALARM_STATUS.notNeeded, alarmMessage: '' }).label).toBe('无需告警')
    expect(alarmText('en', { ...failedRun, alarmStatus: ALARM_STATUS.todo, alarmMessage: '' }).label).toBe('Pending')
    expect(alarmText('en', { triggerCode: 200, handleCode: 200, alarmStatus: ALARM_STATUS.todo, alarmMessage: '' }).label).toBe('None')
  })

  it('shows a failure a newer core words differently as an internal error with its text', () => {
    expect(alarmText('en', { ...failedRun, alarmStatus: ALARM_STATUS.failed, alarmMessage: 'pagerFailed: 502' })).toEqual({
      state: 'failed',
      label: 'Failed: internal error',
      detail: 'pagerFailed: 502',
    })
  })
})

describe("the alarm policy's rule in a run's alarm status", () => {
  const at = (alarmStatus: number, rule: AlarmRule) => ({ ...failedRun, alarmStatus, alarmMessage: '', alarmRule: formatAlarmRule(rule) })
  const noon = new Date(2026, 11, 7, 12, 0).getTime()
  it.each<[string, ReturnType<typeof at>, string, string]>([
    ['held', at(ALARM_STATUS.notNeeded, { rule: 'held', failures: 2, of: 3 }), 'Held: 2 of 3 failures in a row', '暂不告警：连续失败 2 / 3 次'],
    ['folded', at(ALARM_STATUS.folded, { rule: 'folded', quietSec: 60 }), 'Folded (quiet 60 s)', '已合并（静默期 60 秒）'],
    [
      'suppressed',
      at(ALARM_STATUS.suppressed, { rule: 'suppressed', silenceId: 1, reason: 'db upgrade', untilMs: new Date(2026, 11, 7, 14, 0).getTime() }),
      "Suppressed by silence 'db upgrade' until 14:00",
      '被静默“db upgrade”抑制，直到 14:00',
    ],
    [
      'sent after a row, with folds',
      at(ALARM_STATUS.sent, { rule: 'sent', failures: 4, folded: 2 }),
      'Sent after 4 failures in a row, 2 folded into it',
      '连续失败 4 次后发送，合并了 2 条',
    ],
    ['sent at the first failure', at(ALARM_STATUS.sent, { rule: 'sent', failures: 1, folded: 0 }), 'Sent', '已发送'],
    [
      'recovered',
      at(ALARM_STATUS.sent, { rule: 'recovered', failures: 10, downMs: 125_000 }),
      'Recovery sent: after 10 failures, down for 2 min 5 s',
      '已发送恢复通知：连续失败 10 次后恢复，中断 2 min 5 s',
    ],
  ])('%s', (_name, run, en, zh) => {
    expect(alarmText('en', run, noon).label).toBe(en)
    expect(alarmText('zh-CN', run, noon).label).toBe(zh)
  })

  it('a failed delivery says why, whatever rule sent it', () => {
    const run = { ...at(ALARM_STATUS.failed, { rule: 'sent', failures: 3, folded: 0 }), alarmMessage: formatAlarmReason({ code: 'smtpOff', detail: '' }) }
    expect(alarmText('en', run, noon).state).toBe('failed')
  })
})
