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
    expect(rejection(null).message).toBe('alarms: must be an object, got null')
    expect(rejection({ webhooks: {} }).message).toBe('webhooks: must be a list, got an object')
    expect(rejection({ webhooks: ['http://x.example'] }).message).toBe('webhooks[0]: must be an object, got the text "http://x.example"')
    expect(rejection({ smtp: 'mail.example.com' }).message).toBe('smtp: must be an object, got the text "mail.example.com"')
  })

  it('refuses unknown keys so a typo does not fall back to a default', () => {
    const error = rejection({ webhooks: [{ ...webhook, timeout: 100 }] })
    expect(error.field).toBe('webhooks[0].timeout')
    expect(error.message).toBe('webhooks[0].timeout: is not a known field')
    expect(rejection({ smtp: { ...smtp, tls: true } }).field).toBe('smtp.tls')
    expect(rejection({ email: true }).message).toBe('email: is not a known field')
  })

  it('allows only absolute http and https webhook URLs', () => {
    expect(rejection({ webhooks: [{ url: '' }] }).message).toBe('webhooks[0].url: is required')
    expect(rejection({ webhooks: [{ url: '/alarm' }] }).message).toBe('webhooks[0].url: "/alarm" is not an http:// or https:// URL')
    expect(rejection({ webhooks: [webhook, { url: 'ftp://files.example.com/x' }] }).message).toBe(
      'webhooks[1].url: "ftp://files.example.com/x" is not an http:// or https:// URL',
    )
    expect(rejection({ webhooks: [{ url: 'file:///etc/passwd' }] }).message).toContain('is not an http:// or https:// URL')
    expect(rejection({ webhooks: [{ url: 'javascript:alert(1)' }] }).message).toContain('"javascript:alert(1)" is not an http:// or https:// URL')
    expect(rejection({ webhooks: [webhook, { ...webhook }] }).message).toBe(`webhooks[1].url: ${webhook.url} is listed twice`)
    expect(rejection({ webhooks: [{ url: `https://x.example/${'a'.repeat(2_000)}` }] }).message).toMatch(/is 2018 characters long; the limit is 2000$/)
  })

  it('limits the number of webhooks', () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ url: `https://x.example/${i}` }))
    expect(rejection({ webhooks: many }).message).toBe('webhooks: has 21 items; the limit is 20')
  })

  it('checks header names and values', () => {
    const withHeaders = (headers: unknown) => ({ webhooks: [{ ...webhook, headers }] })
    expect(rejection(withHeaders(['a'])).message).toBe('webhooks[0].headers: must be an object, got a list of 1 item')
    expect(rejection(withHeaders({ 'X Token': 'a' })).message).toBe('webhooks[0].headers: header name "X Token" is not a valid HTTP token')
    expect(rejection(withHeaders({ 'X-Token': 42 })).message).toBe('webhooks[0].headers.X-Token: must be text, got the number 42')
    expect(rejection(withHeaders({ 'X-Token': 'a\r\nX-Evil: 1' })).message).toBe(
      'webhooks[0].headers: header "X-Token" may hold only printable Latin-1 characters (no line breaks)',
    )
    expect(rejection(withHeaders({ 'Content-Type': 'text/plain' })).message).toBe(
      'webhooks[0].headers: header "Content-Type" is set by JobDesk and cannot be overridden',
    )
    expect(rejection(withHeaders({ host: 'elsewhere' })).message).toContain('header "host" is set by JobDesk')
    expect(rejection(withHeaders({ 'x-a': '1', 'X-A': '2' })).message).toBe('webhooks[0].headers: header "X-A" is given twice')
  })

  it('keeps timeouts within 100-60000 ms and retries within 0-10', () => {
    expect(rejection({ webhooks: [{ ...webhook, timeoutMs: 99 }] }).message).toBe('webhooks[0].timeoutMs: must be at least 100, got the number 99')
    expect(rejection({ webhooks: [{ ...webhook, timeoutMs: 60_001 }] }).message).toBe('webhooks[0].timeoutMs: must be at most 60000, got the number 60001')
    expect(rejection({ webhooks: [{ ...webhook, timeoutMs: 1.5 }] }).message).toBe('webhooks[0].timeoutMs: must be a whole number, got the number 1.5')
    expect(rejection({ webhooks: [{ ...webhook, retries: 11 }] }).message).toBe('webhooks[0].retries: must be at most 10, got the number 11')
    expect(rejection({ webhooks: [{ ...webhook, retries: -1 }] }).message).toBe('webhooks[0].retries: must be at least 0, got the number -1')
    expect(rejection({ webhooks: [{ ...webhook, retries: '2' }] }).message).toBe('webhooks[0].retries: must be a whole number, got the text "2"')
    expect(rejection({ smtp: { ...smtp, timeoutMs: 50 } }).message).toBe('smtp.timeoutMs: must be at least 100, got the number 50')
  })

  it('checks the SMTP server fields', () => {
    expect(rejection({ smtp: { ...smtp, host: ' ' } }).message).toBe('smtp.host: is required')
    expect(rejection({ smtp: { ...smtp, host: 'smtp://mail.example.com' } }).message).toBe('smtp.host: "smtp://mail.example.com" is not a host name or IP address')
    expect(rejection({ smtp: { ...smtp, port: 0 } }).message).toBe('smtp.port: must be at least 1, got the number 0')
    expect(rejection({ smtp: { ...smtp, port: 65_536 } }).message).toBe('smtp.port: must be at most 65535, got the number 65536')
    expect(rejection({ smtp: { ...smtp, port: '25' } }).message).toBe('smtp.port: must be a whole number, got the text "25"')
    expect(rejection({ smtp: { ...smtp, secure: 'yes' } }).message).toBe('smtp.secure: must be true or false, got the text "yes"')
    expect(rejection({ smtp: { ...smtp, user: 'alarm' } }).message).toBe('smtp.pass: a login needs a password when smtp.user is set')
    expect(rejection({ smtp: { ...smtp, pass: 'secret' } }).message).toBe('smtp.user: a login needs a user name when smtp.pass is set')
    expect(rejection({ smtp: { ...smtp, user: 7, pass: 'x' } }).message).toBe('smtp.user: must be text, got the number 7')
  })

  it('wants exactly one valid From address', () => {
    const from = (value: unknown) => rejection({ smtp: { ...smtp, from: value } }).message
    expect(from(undefined)).toBe('smtp.from: is required')
    expect(from('jobdesk')).toBe('smtp.from: "jobdesk" is not one email address (e.g. alarm@example.com or JobDesk <alarm@example.com>)')
    expect(from('a@example.com, b@example.com')).toContain('"a@example.com, b@example.com" is not one email address')
    expect(from('Team: a@example.com;')).toContain('is not one email address')
    expect(from('JobDesk <>')).toContain('is not one email address')
    expect(from('a@example.com\r\nBcc: victim@example.com')).toBe('smtp.from: contains a line break or control character')
  })

  it('wants a boolean for desktop', () => {
    const error = rejection({ desktop: 'on' })
    expect(error.field).toBe('desktop')
    expect(error.message).toBe('desktop: must be true or false, got the text "on"')
  })
})
