import { describe, expect, it } from 'vitest'
import { maskSecretFields, secretFieldsOf, withoutSettingsSecrets } from './settings-secrets'

const settings = {
  accessToken: 'access-token',
  apiToken: 'api-token',
  consoleToken: null,
  logRetentionDays: 30,
  alarms: {
    desktop: false,
    smtp: { host: 'mail.example.test', port: 25, secure: false, user: 'u', pass: 'smtp-pass', from: 'a@example.test' },
    webhooks: [{ url: 'https://hooks.example.test/in?token=t', headers: { Authorization: 'Bearer b', 'X-Empty': '' } }],
    imChannels: [{ type: 'feishu', name: 'ops', url: 'https://open.feishu.cn/open-apis/bot/v2/hook/abc', secret: 'sign', language: 'en', events: [] }],
  },
}

describe('the secret settings', () => {
  it('are found where the declaration says, each with its path and kind; empty and absent ones are not', () => {
    expect(secretFieldsOf(settings)).toEqual([
      { path: 'accessToken', kind: 'value', value: 'access-token' },
      { path: 'apiToken', kind: 'value', value: 'api-token' },
      { path: 'alarms.smtp.pass', kind: 'value', value: 'smtp-pass' },
      { path: 'alarms.webhooks[0].url', kind: 'url', value: 'https://hooks.example.test/in?token=t' },
      { path: 'alarms.webhooks[0].headers.Authorization', kind: 'value', value: 'Bearer b' },
      { path: 'alarms.imChannels[0].url', kind: 'url', value: 'https://open.feishu.cn/open-apis/bot/v2/hook/abc' },
      { path: 'alarms.imChannels[0].secret', kind: 'value', value: 'sign' },
    ])
    expect(secretFieldsOf({ alarms: { webhooks: [], smtp: null } })).toEqual([])
    expect(secretFieldsOf(null)).toEqual([])
  })

  it('are masked in a copy, the original and every other field left as they were', () => {
    const masked = maskSecretFields(settings, (field) => `<${field.path}>`)
    expect(masked.alarms.webhooks[0].headers).toEqual({ Authorization: '<alarms.webhooks[0].headers.Authorization>', 'X-Empty': '' })
    expect(masked.alarms.smtp).toMatchObject({ host: 'mail.example.test', user: 'u', pass: '<alarms.smtp.pass>' })
    expect(masked).toMatchObject({ logRetentionDays: 30, consoleToken: null, accessToken: '<accessToken>' })
    expect(settings.alarms.webhooks[0].headers.Authorization).toBe('Bearer b')
  })

  it('read, for one who may not read them, as URLs cut to their origin and empty values', () => {
    const shown = withoutSettingsSecrets(settings)
    expect(shown).toMatchObject({ accessToken: '', apiToken: '', consoleToken: null })
    expect(shown.alarms.webhooks[0]).toEqual({ url: 'https://hooks.example.test/…', headers: { Authorization: '', 'X-Empty': '' } })
    expect(shown.alarms.imChannels[0]).toMatchObject({ url: 'https://open.feishu.cn/…', secret: '', name: 'ops' })
    expect(shown.alarms.smtp.pass).toBe('')
  })
})
