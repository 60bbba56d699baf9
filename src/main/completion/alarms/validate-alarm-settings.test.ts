import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../../shared/errors'
import { DEFAULT_ALARM_SETTINGS, validateAlarmSettings } from './validate-alarm-settings'

const smtp = { host: 'mail.example.com', port: 587, secure: false, from: 'jobdesk@example.com' }
const webhook = { url: 'https://hooks.example.com/jobdesk' }

/** The ValidationError `raw` causes; fails the test when it passes or throws something else. */
function rejection(raw: unknown): ValidationError {
  try {
    validateAlarmSettings(raw)
  } catch (error) {
    if (error instanceof ValidationError) return error
    throw error
  }
  throw new Error(`expected a ValidationError for ${JSON.stringify(raw)}`)
}

describe('validateAlarmSettings', () => {
  it('accepts a full configuration and trims text', () => {
    const settings = validateAlarmSettings({
      webhooks: [{ url: ' http://127.0.0.1:8080/alarm ', headers: { Authorization: 'Bearer abc' }, timeoutMs: 100, retries: 0 }],
      smtp: { ...smtp, host: ' mail.example.com ', user: 'alarm', pass: ' secret ', from: 'JobDesk <jobdesk@example.com>', timeoutMs: 60_000 },
      desktop: false,
    })
    expect(settings).toEqual({
      webhooks: [{ url: 'http://127.0.0.1:8080/alarm', headers: { Authorization: 'Bearer abc' }, timeoutMs: 100, retries: 0 }],
      smtp: { host: 'mail.example.com', port: 587, secure: false, user: 'alarm', pass: ' secret ', from: 'JobDesk <jobdesk@example.com>', timeoutMs: 60_000 },
      desktop: false,
    })
  })

  it('fills missing top-level fields with the defaults and leaves optional channel fields absent', () => {
    expect(validateAlarmSettings({})).toEqual(DEFAULT_ALARM_SETTINGS)
    expect(validateAlarmSettings({ webhooks: [webhook] }).webhooks[0]).toEqual({ url: webhook.url })
    expect(validateAlarmSettings({ smtp: { ...smtp, user: '', pass: '' } }).smtp).toEqual(smtp)
  })

  it('wants an object at every level', () => {
    expect(rejection(null)).toMatchObject({ field: 'alarms', code: 'validation.type', params: { expected: 'object', got: 'null' } })
    expect(rejection({ webhooks: {} })).toMatchObject({ field: 'webhooks', code: 'validation.type', params: { expected: 'array' } })
    expect(rejection({ webhooks: ['http://x.example'] })).toMatchObject({
      field: 'webhooks[0]',
      code: 'validation.type',
      params: { expected: 'object', got: '"http://x.example"' },
    })
    expect(rejection({ smtp: 'mail.example.com' })).toMatchObject({
      field: 'smtp',
      code: 'validation.type',
      params: { expected: 'object', got: '"mail.example.com"' },
    })
  })

  it('refuses unknown keys so a typo does not fall back to a default', () => {
    const error = rejection({ webhooks: [{ ...webhook, timeout: 100 }] })
    expect(error.field).toBe('webhooks[0].timeout')
    expect(error).toMatchObject({ code: 'validation.unknownField', params: { keys: ['timeout'] } })
    expect(rejection({ smtp: { ...smtp, tls: true } }).field).toBe('smtp.tls')
    expect(rejection({ email: true })).toMatchObject({ field: 'email', code: 'validation.unknownField', params: { keys: ['email'] } })
  })

  it('allows only absolute http and https webhook URLs', () => {
    expect(rejection({ webhooks: [{ url: '' }] })).toMatchObject({ field: 'webhooks[0].url', code: 'validation.required' })
    expect(rejection({ webhooks: [{ url: '/alarm' }] })).toMatchObject({ field: 'webhooks[0].url', code: 'validation.url', params: { got: '"/alarm"' } })
    expect(rejection({ webhooks: [webhook, { url: 'ftp://files.example.com/x' }] })).toMatchObject({
      field: 'webhooks[1].url',
      code: 'validation.url',
      params: { got: '"ftp://files.example.com/x"' },
    })
    expect(rejection({ webhooks: [{ url: 'file:///etc/passwd' }] })).toMatchObject({
      field: 'webhooks[0].url',
      code: 'validation.url',
      params: { got: '"file:///etc/passwd"' },
    })
    expect(rejection({ webhooks: [{ url: 'javascript:alert(1)' }] })).toMatchObject({
      field: 'webhooks[0].url',
      code: 'validation.url',
      params: { got: '"javascript:alert(1)"' },
    })
    expect(rejection({ webhooks: [webhook, { ...webhook }] })).toMatchObject({
      field: 'webhooks[1].url',
      code: 'alarm.webhookTwice',
      params: { url: 'https://hooks.example.com/jobdesk' },
    })
    expect(rejection({ webhooks: [{ url: `https://x.example/${'a'.repeat(2_000)}` }] })).toMatchObject({
      field: 'webhooks[0].url',
      code: 'validation.tooLong',
      params: { length: 2018, max: 2000 },
    })
  })

  it('limits the number of webhooks', () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ url: `https://x.example/${i}` }))
    expect(rejection({ webhooks: many })).toMatchObject({ field: 'webhooks', code: 'validation.tooMany', params: { count: 21, max: 20 } })
  })

  it('checks header names and values', () => {
    const withHeaders = (headers: unknown) => ({ webhooks: [{ ...webhook, headers }] })
    expect(rejection(withHeaders(['a']))).toMatchObject({ field: 'webhooks[0].headers', code: 'validation.type', params: { expected: 'record', got: '[×1]' } })
    expect(rejection(withHeaders({ 'X Token': 'a' }))).toMatchObject({ field: 'webhooks[0].headers', code: 'alarm.headerName', params: { name: '"X Token"' } })
    expect(rejection(withHeaders({ 'X-Token': 42 }))).toMatchObject({
      field: 'webhooks[0].headers.X-Token',
      code: 'validation.type',
      params: { expected: 'string', got: '42' },
    })
    expect(rejection(withHeaders({ 'X-Token': 'a\r\nX-Evil: 1' }))).toMatchObject({
      field: 'webhooks[0].headers',
      code: 'alarm.headerValue',
      params: { name: '"X-Token"' },
    })
    expect(rejection(withHeaders({ 'Content-Type': 'text/plain' }))).toMatchObject({
      field: 'webhooks[0].headers',
      code: 'alarm.headerReserved',
      params: { name: '"Content-Type"' },
    })
    expect(rejection(withHeaders({ host: 'elsewhere' }))).toMatchObject({
      field: 'webhooks[0].headers',
      code: 'alarm.headerReserved',
      params: { name: '"host"' },
    })
    expect(rejection(withHeaders({ 'x-a': '1', 'X-A': '2' }))).toMatchObject({
      field: 'webhooks[0].headers',
      code: 'alarm.headerTwice',
      params: { name: '"X-A"' },
    })
  })

  it('keeps timeouts within 100-60000 ms and retries within 0-10', () => {
    expect(rejection({ webhooks: [{ ...webhook, timeoutMs: 99 }] })).toMatchObject({
      field: 'webhooks[0].timeoutMs',
      code: 'validation.tooSmall',
      params: { min: 100, got: '99' },
    })
    expect(rejection({ webhooks: [{ ...webhook, timeoutMs: 60_001 }] })).toMatchObject({
      field: 'webhooks[0].timeoutMs',
      code: 'validation.tooLarge',
      params: { max: 60000, got: '60001' },
    })
    expect(rejection({ webhooks: [{ ...webhook, timeoutMs: 1.5 }] })).toMatchObject({
      field: 'webhooks[0].timeoutMs',
      code: 'validation.type',
      params: { expected: 'int', got: '1.5' },
    })
    expect(rejection({ webhooks: [{ ...webhook, retries: 11 }] })).toMatchObject({
      field: 'webhooks[0].retries',
      code: 'validation.tooLarge',
      params: { max: 10, got: '11' },
    })
    expect(rejection({ webhooks: [{ ...webhook, retries: -1 }] })).toMatchObject({
      field: 'webhooks[0].retries',
      code: 'validation.tooSmall',
      params: { min: 0, got: '-1' },
    })
    expect(rejection({ webhooks: [{ ...webhook, retries: '2' }] })).toMatchObject({
      field: 'webhooks[0].retries',
      code: 'validation.type',
      params: { expected: 'number', got: '"2"' },
    })
    expect(rejection({ smtp: { ...smtp, timeoutMs: 50 } })).toMatchObject({
      field: 'smtp.timeoutMs',
      code: 'validation.tooSmall',
      params: { min: 100, got: '50' },
    })
  })

  it('checks the SMTP server fields', () => {
    expect(rejection({ smtp: { ...smtp, host: ' ' } })).toMatchObject({ field: 'smtp.host', code: 'validation.required' })
    expect(rejection({ smtp: { ...smtp, host: 'smtp://mail.example.com' } })).toMatchObject({
      field: 'smtp.host',
      code: 'alarm.smtpHost',
      params: { got: '"smtp://mail.example.com"' },
    })
    expect(rejection({ smtp: { ...smtp, port: 0 } })).toMatchObject({ field: 'smtp.port', code: 'validation.tooSmall', params: { min: 1, got: '0' } })
    expect(rejection({ smtp: { ...smtp, port: 65_536 } })).toMatchObject({
      field: 'smtp.port',
      code: 'validation.tooLarge',
      params: { max: 65535, got: '65536' },
    })
    expect(rejection({ smtp: { ...smtp, port: '25' } })).toMatchObject({
      field: 'smtp.port',
      code: 'validation.type',
      params: { expected: 'number', got: '"25"' },
    })
    expect(rejection({ smtp: { ...smtp, secure: 'yes' } })).toMatchObject({
      field: 'smtp.secure',
      code: 'validation.type',
      params: { expected: 'boolean', got: '"yes"' },
    })
    expect(rejection({ smtp: { ...smtp, user: 'alarm' } })).toMatchObject({ field: 'smtp.pass', code: 'alarm.passRequired' })
    expect(rejection({ smtp: { ...smtp, pass: 'secret' } })).toMatchObject({ field: 'smtp.user', code: 'alarm.userRequired' })
    expect(rejection({ smtp: { ...smtp, user: 7, pass: 'x' } })).toMatchObject({
      field: 'smtp.user',
      code: 'validation.type',
      params: { expected: 'string', got: '7' },
    })
  })

  it('wants exactly one valid From address', () => {
    const from = (value: unknown) => rejection({ smtp: { ...smtp, from: value } })
    expect(from(undefined)).toMatchObject({ field: 'smtp.from', code: 'validation.required' })
    expect(from('jobdesk')).toMatchObject({ field: 'smtp.from', code: 'alarm.from', params: { got: '"jobdesk"' } })
    expect(from('a@example.com, b@example.com')).toMatchObject({ code: 'alarm.from', params: { got: '"a@example.com, b@example.com"' } })
    expect(from('Team: a@example.com;')).toMatchObject({ code: 'alarm.from' })
    expect(from('JobDesk <>')).toMatchObject({ code: 'alarm.from' })
    expect(from('a@example.com\r\nBcc: victim@example.com')).toMatchObject({ field: 'smtp.from', code: 'alarm.fromControl' })
  })

  it('wants a boolean for desktop', () => {
    const error = rejection({ desktop: 'on' })
    expect(error.field).toBe('desktop')
    expect(error).toMatchObject({ code: 'validation.type', params: { expected: 'boolean', got: '"on"' } })
  })

  it('keeps the alert email as a clean comma list, leaves it out when blank, and names a wrong address', () => {
    expect(validateAlarmSettings({ alertEmail: ' ops@example.com , ,oncall@example.com ' }).alertEmail).toBe('ops@example.com,oncall@example.com')
    expect(validateAlarmSettings({ alertEmail: '  ' })).not.toHaveProperty('alertEmail')
    expect(validateAlarmSettings({})).not.toHaveProperty('alertEmail')
    expect(rejection({ alertEmail: 'ops@example.com, oncall' })).toMatchObject({ field: 'alertEmail', code: 'alarm.alertEmail', params: { got: '"oncall"' } })
  })
})
