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
    expect(rejection(null).message).toBe('alarms: expected an object, got null')
    expect(rejection({ webhooks: {} }).message).toBe('webhooks: expected a list, got object')
    expect(rejection({ webhooks: ['http://x.example'] }).message).toBe("webhooks[0]: expected an object, got 'http://x.example'")
    expect(rejection({ smtp: 'mail.example.com' }).message).toBe("smtp: expected an object, got 'mail.example.com'")
  })

  it('refuses unknown keys so a typo does not fall back to a default', () => {
    const error = rejection({ webhooks: [{ ...webhook, timeout: 100 }] })
    expect(error.field).toBe('webhooks[0].timeout')
    expect(error.message).toBe('webhooks[0].timeout: is not a known setting (expected url, headers, timeoutMs, retries)')
    expect(rejection({ smtp: { ...smtp, tls: true } }).field).toBe('smtp.tls')
    expect(rejection({ email: true }).message).toBe('email: is not a known setting (expected webhooks, smtp, desktop)')
  })

  it('allows only absolute http and https webhook URLs', () => {
    expect(rejection({ webhooks: [{ url: '' }] }).message).toBe('webhooks[0].url: is required')
    expect(rejection({ webhooks: [{ url: '/alarm' }] }).message).toBe("webhooks[0].url: '/alarm' is not an absolute URL")
    expect(rejection({ webhooks: [webhook, { url: 'ftp://files.example.com/x' }] }).message).toBe(
      'webhooks[1].url: only http:// and https:// URLs are allowed, got ftp://',
    )
    expect(rejection({ webhooks: [{ url: 'file:///etc/passwd' }] }).message).toContain('only http:// and https:// URLs are allowed')
    expect(rejection({ webhooks: [{ url: 'javascript:alert(1)' }] }).message).toContain('got javascript://')
    expect(rejection({ webhooks: [webhook, { ...webhook }] }).message).toBe(`webhooks[1].url: ${webhook.url} is listed twice`)
    expect(rejection({ webhooks: [{ url: `https://x.example/${'a'.repeat(2_000)}` }] }).message).toMatch(/is 2018 characters long; the limit is 2000$/)
  })

  it('limits the number of webhooks', () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ url: `https://x.example/${i}` }))
    expect(rejection({ webhooks: many }).message).toBe('webhooks: has 21 entries; the limit is 20')
  })

  it('checks header names and values', () => {
    const withHeaders = (headers: unknown) => ({ webhooks: [{ ...webhook, headers }] })
    expect(rejection(withHeaders(['a'])).message).toBe('webhooks[0].headers: expected an object, got a list')
    expect(rejection(withHeaders({ 'X Token': 'a' })).message).toBe("webhooks[0].headers: header name 'X Token' is not a valid HTTP token")
    expect(rejection(withHeaders({ 'X-Token': 42 })).message).toBe("webhooks[0].headers: header 'X-Token' must be text, got 42")
    expect(rejection(withHeaders({ 'X-Token': 'a\r\nX-Evil: 1' })).message).toBe(
      "webhooks[0].headers: header 'X-Token' may hold only printable Latin-1 characters (no line breaks)",
    )
    expect(rejection(withHeaders({ 'Content-Type': 'text/plain' })).message).toBe(
      "webhooks[0].headers: header 'Content-Type' is set by JobDesk and cannot be overridden",
    )
    expect(rejection(withHeaders({ host: 'elsewhere' })).message).toContain("header 'host' is set by JobDesk")
    expect(rejection(withHeaders({ 'x-a': '1', 'X-A': '2' })).message).toBe("webhooks[0].headers: header 'X-A' is given twice")
  })

  it('keeps timeouts within 100-60000 ms and retries within 0-10', () => {
    expect(rejection({ webhooks: [{ ...webhook, timeoutMs: 99 }] }).message).toBe('webhooks[0].timeoutMs: 99 ms is out of range 100-60000 ms')
    expect(rejection({ webhooks: [{ ...webhook, timeoutMs: 60_001 }] }).message).toBe('webhooks[0].timeoutMs: 60001 ms is out of range 100-60000 ms')
    expect(rejection({ webhooks: [{ ...webhook, timeoutMs: 1.5 }] }).message).toBe('webhooks[0].timeoutMs: expected a whole number, got 1.5')
    expect(rejection({ webhooks: [{ ...webhook, retries: 11 }] }).message).toBe('webhooks[0].retries: 11 is out of range 0-10')
    expect(rejection({ webhooks: [{ ...webhook, retries: -1 }] }).message).toBe('webhooks[0].retries: -1 is out of range 0-10')
    expect(rejection({ webhooks: [{ ...webhook, retries: '2' }] }).message).toBe("webhooks[0].retries: expected a whole number, got '2'")
    expect(rejection({ smtp: { ...smtp, timeoutMs: 50 } }).message).toBe('smtp.timeoutMs: 50 ms is out of range 100-60000 ms')
  })

  it('checks the SMTP server fields', () => {
    expect(rejection({ smtp: { ...smtp, host: ' ' } }).message).toBe('smtp.host: is required')
    expect(rejection({ smtp: { ...smtp, host: 'smtp://mail.example.com' } }).message).toBe(
      "smtp.host: 'smtp://mail.example.com' is not a host name or IP address",
    )
    expect(rejection({ smtp: { ...smtp, port: 0 } }).message).toBe('smtp.port: 0 is out of range 1-65535')
    expect(rejection({ smtp: { ...smtp, port: 65_536 } }).message).toBe('smtp.port: 65536 is out of range 1-65535')
    expect(rejection({ smtp: { ...smtp, port: '25' } }).message).toBe("smtp.port: expected a whole number, got '25'")
    expect(rejection({ smtp: { ...smtp, secure: 'yes' } }).message).toBe("smtp.secure: expected true or false, got 'yes'")
    expect(rejection({ smtp: { ...smtp, user: 'alarm' } }).message).toBe('smtp.pass: a login needs a password when smtp.user is set')
    expect(rejection({ smtp: { ...smtp, pass: 'secret' } }).message).toBe('smtp.user: a login needs a user name when smtp.pass is set')
    expect(rejection({ smtp: { ...smtp, user: 7, pass: 'x' } }).message).toBe('smtp.user: expected text, got 7')
  })

  it('wants exactly one valid From address', () => {
    const from = (value: unknown) => rejection({ smtp: { ...smtp, from: value } }).message
    expect(from(undefined)).toBe('smtp.from: is required')
    expect(from('jobdesk')).toBe("smtp.from: 'jobdesk' is not one email address (e.g. alarm@example.com or JobDesk <alarm@example.com>)")
    expect(from('a@example.com, b@example.com')).toContain("'a@example.com, b@example.com' is not one email address")
    expect(from('Team: a@example.com;')).toContain('is not one email address')
    expect(from('JobDesk <>')).toContain('is not one email address')
    expect(from('a@example.com\r\nBcc: victim@example.com')).toBe('smtp.from: contains a line break or control character')
  })

  it('wants a boolean for desktop', () => {
    const error = rejection({ desktop: 'on' })
    expect(error.field).toBe('desktop')
    expect(error.message).toBe("desktop: expected true or false, got 'on'")
  })
})
