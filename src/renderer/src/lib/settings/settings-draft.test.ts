import { describe, expect, it } from 'vitest'
import type { Settings } from '../../../../shared/api'
import { isSettingsDirty, toSettingsDraft, toSettingsInput } from './settings-draft'

const saved: Settings = {
  accessToken: 'secret',
  apiToken: 'api-secret',
  tokensFromFlags: { accessToken: false, apiToken: false },
  openApiAcceptsExecutorToken: false,
  embeddedScriptsEnabled: false,
  embeddedScriptsForced: false,
  listenHost: '127.0.0.1',
  alarmAfterFailures: 1,
  alarmQuietSec: 0,
  listenPort: 8080,
  logRetentionDays: 30,
  auditRetentionDays: 180,
  alarms: { desktop: true, webhooks: [{ url: 'http://127.0.0.1:9/hook', retries: 2 }], smtp: null },
  mode: 'headless',
  consoleToken: 'console-secret',
  logFile: '/home/op/.config/JobDesk/jobdesk.log',
  consoleLanguage: null,
}

describe('the settings draft', () => {
  it('round-trips the saved settings unchanged (the token is not part of Save)', () => {
    const input = toSettingsInput(toSettingsDraft(saved))
    expect(input).toEqual({
      listenHost: '127.0.0.1',
      alarmAfterFailures: 1,
      alarmQuietSec: 0,
      listenPort: 8080,
      logRetentionDays: 30,
      auditRetentionDays: 180,
      alarms: saved.alarms,
      openApiAcceptsExecutorToken: false,
      embeddedScriptsEnabled: false,
    })
    expect(isSettingsDirty(toSettingsDraft(saved), saved)).toBe(false)
  })

  it('leaves an unchanged listen address out of a save (a server started on port 0 reports port 0)', () => {
    const onPortZero = { ...saved, listenPort: 0 }
    const draft = toSettingsDraft(onPortZero)
    expect(toSettingsInput(draft, onPortZero)).not.toHaveProperty('listenPort')
    expect(toSettingsInput(draft, onPortZero)).not.toHaveProperty('listenHost')
    draft.listenPort = 9090
    expect(toSettingsInput(draft, onPortZero)).toMatchObject({ listenPort: 9090 })
  })

  it('drops blank webhook rows, trims URLs, and sends SMTP only while it is switched on', () => {
    const draft = toSettingsDraft(saved)
    draft.webhooks.push({ url: '   ' }, { url: ' https://hooks.example.org/x ' })
    draft.smtp = { host: ' smtp.example.org ', port: 465, secure: true, user: '', pass: '', from: 'jobdesk@example.org' }
    expect(toSettingsInput(draft).alarms!.webhooks.map((w) => w.url)).toEqual(['http://127.0.0.1:9/hook', 'https://hooks.example.org/x'])
    expect(toSettingsInput(draft).alarms!.smtp).toBeNull()
    draft.smtpEnabled = true
    expect(toSettingsInput(draft).alarms!.smtp).toEqual({ host: 'smtp.example.org', port: 465, secure: true, from: 'jobdesk@example.org' })
    expect(isSettingsDirty(draft, saved)).toBe(true)
  })
})
