import { describe, expect, it } from 'vitest'
import { failedCronRun } from './alarm-facts.fixtures'
import {
  ALARM_MESSAGE_MAX_CHARS,
  buildWebhookPayload,
  capText,
  escapeHtml,
  formatAlarmHtml,
  formatAlarmSubject,
  formatAlarmText,
  formatTimeMs,
} from './alarm-message'

const facts = failedCronRun({
  triggerMsg: 'Trigger type: CRON\nRoute: FIRST',
  handleMsg: 'Error: disk full',
  executorParam: '--date=today',
  alarmEmails: ['ops@example.com'],
})

describe('capText', () => {
  it('leaves text up to the cap alone', () => {
    const text = 'x'.repeat(ALARM_MESSAGE_MAX_CHARS)
    expect(capText(text)).toBe(text)
  })

  it('cuts longer text and says how much was dropped', () => {
    const capped = capText('abcdefghij', 4)
    expect(capped).toBe('abcd\n… [truncated: 6 more characters]')
  })

  it('does not split a surrogate pair at the cut', () => {
    const capped = capText('ab😀cd', 3)
    expect(capped.startsWith('ab\n')).toBe(true)
    expect(capped).toContain('[truncated: 4 more characters]')
  })
})

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;')
  })
})

describe('formatAlarmSubject', () => {
  it('names the job and the run', () => {
    expect(formatAlarmSubject(facts)).toBe('JobDesk alarm: job 7 Nightly export failed (run 4711)')
  })

  it('keeps a header line one line and short', () => {
    const subject = formatAlarmSubject({ ...facts, jobName: `evil\r\nBcc: victim@example.com\t${'n'.repeat(300)}` })
    expect(subject).not.toMatch(/[\r\n\t]/)
    expect(subject).toContain('evil Bcc: victim@example.com ')
    expect(subject.length).toBeLessThan(160)
  })
})

describe('formatTimeMs', () => {
  it('writes ISO UTC and a dash for a time that never happened', () => {
    expect(formatTimeMs(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02T03:04:05.000Z')
    expect(formatTimeMs(0)).toBe('—')
  })
})

describe('alarm mail bodies', () => {
  it('lists every fact in the plain text body', () => {
    const text = formatAlarmText(facts)
    for (const expected of [
      'job 7 Nightly export failed (run 4711)',
      'Billing (billing-app)',
      'CRON',
      '2026-11-30T02:00:00.000Z',
      '2026-11-30T02:00:42.000Z',
      'Handle code:      500',
      'http://10.0.0.5:9999/',
      '--date=today',
      'Trigger type: CRON\nRoute: FIRST',
      'Error: disk full',
      'Retries left:     0',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('escapes every value in the HTML body', () => {
    const hostile = { ...facts, jobName: '<b>x</b>', groupName: 'A & B', handleMsg: '<script>alert("x")</script>', executorParam: "it's" }
    const html = formatAlarmHtml(hostile)
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>x</b>')
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;')
    expect(html).toContain('A &amp; B (billing-app)')
    expect(html).toContain('it&#39;s')
  })

  it('caps long messages in both bodies', () => {
    const long = { ...facts, handleMsg: 'e'.repeat(ALARM_MESSAGE_MAX_CHARS + 5_000) }
    expect(formatAlarmText(long)).toContain('[truncated: 5000 more characters]')
    expect(formatAlarmHtml(long)).toContain('[truncated: 5000 more characters]')
    expect(formatAlarmText(long).length).toBeLessThan(ALARM_MESSAGE_MAX_CHARS + 2_000)
  })
})

describe('buildWebhookPayload', () => {
  it('carries the facts with capped texts and the send time', () => {
    const long = { ...facts, triggerMsg: 't'.repeat(ALARM_MESSAGE_MAX_CHARS + 1) }
    const payload = buildWebhookPayload(long, 1_800_000_000_000)
    expect(payload.event).toBe('job.failed')
    expect(payload.sentAtMs).toBe(1_800_000_000_000)
    expect(payload.run).toEqual({ ...facts, triggerMsg: `${'t'.repeat(ALARM_MESSAGE_MAX_CHARS)}\n… [truncated: 1 more characters]` })
  })
})
