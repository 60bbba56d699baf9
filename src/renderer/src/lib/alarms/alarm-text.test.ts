import { describe, expect, it } from 'vitest'
import { ALARM_STATUS } from '../../../../shared/model'
import { alarmText } from './alarm-text'

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
