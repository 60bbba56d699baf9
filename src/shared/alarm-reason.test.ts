import { describe, expect, it } from 'vitest'
import { alarmStateOf, formatAlarmReason, parseAlarmReason } from './alarm-reason'
import { ALARM_STATUS } from './model'

describe('alarm reasons', () => {
  it('reads back what it wrote, and an unknown code as an internal detail', () => {
    expect(parseAlarmReason(formatAlarmReason({ code: 'webhookFailed', detail: 'webhook HTTP 500:  down\n' }))).toEqual({
      code: 'webhookFailed',
      detail: 'webhook HTTP 500: down',
    })
    expect(parseAlarmReason('smtpOff')).toEqual({ code: 'smtpOff', detail: '' })
    expect(parseAlarmReason('')).toBeNull()
    expect(parseAlarmReason('pagerFailed: 502')).toEqual({ code: 'internal', detail: 'pagerFailed: 502' })
  })

  it('gives every alarm status the state the console shows', () => {
    const failedRun = { triggerCode: 200, handleCode: 500 }
    const okRun = { triggerCode: 200, handleCode: 200 }
    expect(alarmStateOf({ ...failedRun, alarmStatus: ALARM_STATUS.sent })).toBe('sent')
    expect(alarmStateOf({ ...failedRun, alarmStatus: ALARM_STATUS.failed })).toBe('failed')
    expect(alarmStateOf({ ...failedRun, alarmStatus: ALARM_STATUS.notNeeded })).toBe('notNeeded')
    expect(alarmStateOf({ ...failedRun, alarmStatus: ALARM_STATUS.locked })).toBe('pending')
    expect(alarmStateOf({ ...failedRun, alarmStatus: ALARM_STATUS.todo })).toBe('pending')
    expect(alarmStateOf({ ...okRun, alarmStatus: ALARM_STATUS.todo })).toBe('none')
    expect(alarmStateOf({ triggerCode: 0, handleCode: 0, alarmStatus: ALARM_STATUS.todo })).toBe('none')
  })
})
