import { describe, expect, it } from 'vitest'
import { parseAlarmReason } from '../../../shared/alarm-reason'
import { alarmMessageOf } from './alarm-reason-of'
import { KnownSecrets } from '../../kernel/known-secrets'
import { SENDER_CLOSED, type ChannelResult } from './alarm-types'

const noSmtp = (text: string): string => text
const known = new KnownSecrets()
known.set('settings', ['hook-token-42', 'Bearer header-secret', 'header-secret', 'smtp-pass-99'])
const withSecrets = (text: string): string => known.redact(text)
const failed = (result: Partial<ChannelResult> & Pick<ChannelResult, 'channel'>): ChannelResult => ({ target: 'x', ok: false, attempts: 1, ...result })

describe('alarmMessageOf', () => {
  it('is empty for a delivered alarm', () => {
    expect(alarmMessageOf({ ok: true, results: [{ channel: 'email', target: 'a@example.com', ok: true, attempts: 1 }] }, noSmtp)).toBe('')
  })

  it('names a missing SMTP server with the addresses that got nothing', () => {
    const message = alarmMessageOf(
      { ok: false, results: [failed({ channel: 'email', target: 'ops@example.com', error: 'no SMTP server configured', reason: 'smtpOff', attempts: 0 })] },
      noSmtp,
    )
    expect(message).toBe('smtpOff: ops@example.com')
    expect(parseAlarmReason(message)).toEqual({ code: 'smtpOff', detail: 'ops@example.com' })
  })

  it('puts the failure an operator fixes in Settings first, and keeps the others as detail', () => {
    const message = alarmMessageOf(
      {
        ok: false,
        results: [
          failed({ channel: 'webhook', target: 'https://hooks.example.com/in', error: 'HTTP 503: busy' }),
          failed({ channel: 'email', target: 'ops@example.com', error: '550 5.1.1 no such user' }),
        ],
      },
      noSmtp,
    )
    expect(message).toBe('emailFailed: ops@example.com: 550 5.1.1 no such user; webhook HTTP 503: busy')
  })

  it('leaves the webhook URL out and passes the detail through the redaction of the known secrets', () => {
    const message = alarmMessageOf(
      {
        ok: false,
        results: [
          failed({ channel: 'webhook', target: 'https://hooks.example.com/in?…', error: 'HTTP 401: bad token hook-token-42 / Bearer header-secret' }),
          failed({ channel: 'email', target: 'ops@example.com', error: 'EAUTH Invalid login for alarm/smtp-pass-99' }),
        ],
      },
      withSecrets,
    )
    expect(message).toBe('emailFailed: ops@example.com: EAUTH Invalid login for alarm/[redacted]; webhook HTTP 401: bad token [redacted] / [redacted]')
    expect(message).not.toMatch(/smtp-pass-99|hook-token-42|header-secret|hooks\.example\.com/)
  })

  it('tells a closed sender and a crashed alarm apart from channel failures', () => {
    expect(alarmMessageOf({ ok: false, results: [failed({ channel: 'email', target: 'a@example.com', error: SENDER_CLOSED })] }, noSmtp)).toMatch(
      /^senderClosed: /,
    )
    expect(alarmMessageOf({ ok: false, results: [] }, noSmtp)).toBe('internal: the alarm could not be built')
  })

  it('stays within the column', () => {
    const message = alarmMessageOf({ ok: false, results: [failed({ channel: 'email', target: 'a@example.com', error: 'x'.repeat(2000) })] }, noSmtp)
    expect(message).toHaveLength(500)
    expect(message.endsWith('…')).toBe(true)
  })
})
