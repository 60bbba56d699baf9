import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../../../shared/errors'
import { validateJobInput } from '../../../definitions/job-validation'
import { jobInput } from '../../../../../test/support/job-input'
import { validateAlarmSettings } from '../validate-alarm-settings'

const dingtalk = {
  type: 'dingtalk',
  name: 'ops',
  url: 'https://oapi.dingtalk.com/robot/send?access_token=t',
  secret: ' SEC1 ',
  events: ['infraAlerts', 'failedRuns'],
}

function refusal(run: () => unknown): { field: string; code: unknown } {
  try {
    run()
  } catch (error) {
    if (error instanceof ValidationError) return { field: error.field, code: error.code }
    throw error
  }
  throw new Error('expected a ValidationError')
}

describe('IM channel settings', () => {
  it('keeps a channel with its secret trimmed, the default language and the events in a fixed order', () => {
    expect(validateAlarmSettings({ imChannels: [dingtalk] }).imChannels).toEqual([
      {
        type: 'dingtalk',
        name: 'ops',
        url: 'https://oapi.dingtalk.com/robot/send?access_token=t',
        secret: 'SEC1',
        language: 'en',
        events: ['failedRuns', 'infraAlerts'],
      },
    ])
    expect(validateAlarmSettings({})).not.toHaveProperty('imChannels')
  })

  it('refuses a bad name, a name twice, a secret for a robot that does not sign, and an unknown type, naming the field', () => {
    expect(refusal(() => validateAlarmSettings({ imChannels: [{ ...dingtalk, name: '#ops' }] }))).toEqual({ field: 'imChannels[0].name', code: 'alarm.imName' })
    expect(refusal(() => validateAlarmSettings({ imChannels: [dingtalk, { ...dingtalk, url: 'https://x.example/' }] }))).toEqual({
      field: 'imChannels[1].name',
      code: 'alarm.imNameTwice',
    })
    expect(refusal(() => validateAlarmSettings({ imChannels: [{ ...dingtalk, type: 'slack' }] }))).toEqual({
      field: 'imChannels[0].secret',
      code: 'alarm.imSecretUnused',
    })
    expect(refusal(() => validateAlarmSettings({ imChannels: [{ ...dingtalk, type: 'teams' }] })).field).toBe('imChannels[0].type')
    expect(refusal(() => validateAlarmSettings({ imChannels: [{ ...dingtalk, url: 'ftp://x' }] })).field).toBe('imChannels[0].url')
  })
})

describe('a job naming IM channels', () => {
  const job = jobInput(1, { scheduleType: 'NONE', scheduleConf: '' })
  const context = { groupExists: () => true, nowMs: 0, imChannelExists: (name: string) => name === 'ops', calendarDays: () => undefined }

  it('accepts addresses and #names of configured channels, and keeps them as one list', () => {
    expect(validateJobInput({ ...job, alarmEmail: ' a@example.com , #ops ' }, context).alarmEmail).toBe('a@example.com,#ops')
  })

  it('refuses a #name no channel has, and an item that is neither an address nor a #name', () => {
    expect(refusal(() => validateJobInput({ ...job, alarmEmail: '#gone' }, context))).toEqual({ field: 'alarmEmail', code: 'alarm.imChannelMissing' })
    expect(refusal(() => validateJobInput({ ...job, alarmEmail: '#bad name' }, context))).toEqual({ field: 'alarmEmail', code: 'validation.alarmTarget' })
  })
})
