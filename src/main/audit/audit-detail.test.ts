import { describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../shared/auth'
import { KnownSecrets } from '../kernel/known-secrets'
import { AUDIT_TEXT_MAX_CHARS, redact, redactDetail } from './audit-detail'
import { auditCsv, auditJson } from './audit-export'

describe('audit details', () => {
  it('mask passwords and tokens at any depth, keep the rest', () => {
    expect(redact({ name: 'op', password: 'secret', nested: { apiToken: 'x', accessToken: '', smtp: { pass: 'p', host: 'h' } } })).toEqual({
      name: 'op',
      password: '***',
      nested: { apiToken: '***', accessToken: '', smtp: { pass: '***', host: 'h' } },
    })
  })

  it('cut long texts, saying how long they were', () => {
    const long = 'x'.repeat(AUDIT_TEXT_MAX_CHARS + 5)
    expect(redact(long)).toBe(`${'x'.repeat(AUDIT_TEXT_MAX_CHARS)}… (${AUDIT_TEXT_MAX_CHARS + 5} characters)`)
  })
})

describe('a settings save’s audit detail', () => {
  const webhook = (authorization: string, url = 'https://hooks.example.test/in?token=url-token') => ({ url, headers: { Authorization: authorization } })
  const before = {
    accessToken: 'access-token-value',
    apiToken: 'api-token-value',
    consoleToken: 'console-token-value',
    alarms: { desktop: false, smtp: { host: 'h', port: 25, secure: false, pass: 'old-pass', from: 'a@example.test' }, webhooks: [webhook('Bearer old')] },
  }
  const input = {
    logRetentionDays: 10,
    alarms: {
      desktop: false,
      smtp: { host: 'h', port: 25, secure: false, pass: 'old-pass', from: 'a@example.test' },
      webhooks: [webhook('Bearer new'), webhook('Bearer added', 'https://robot.example.test/x?key=robot-key')],
    },
  }

  it('says which secret settings the save sets or changes, never a value, before or after', () => {
    const detail = redactDetail({ params: input, before, after: { ...before, alarms: input.alarms } }, 'settings.save')
    expect((detail.params as typeof input).alarms).toEqual({
      desktop: false,
      smtp: { host: 'h', port: 25, secure: false, pass: 'unchanged', from: 'a@example.test' },
      webhooks: [
        { url: 'unchanged', headers: { Authorization: 'changed' } },
        { url: 'set', headers: { Authorization: 'set' } },
      ],
    })
    expect((detail.before as typeof before).alarms.webhooks[0]).toEqual({ url: 'https://hooks.example.test/…', headers: { Authorization: '***' } })
    expect(detail.before).toMatchObject({ accessToken: '***', apiToken: '***', consoleToken: '***' })
    const text = JSON.stringify(detail)
    for (const secret of ['old-pass', 'Bearer old', 'Bearer new', 'Bearer added', 'url-token', 'robot-key', 'token-value']) expect(text).not.toContain(secret)
  })

  it('keeps the settings a token’s regeneration answers with without any of their secrets', () => {
    const detail = redactDetail({ after: { ...before, accessToken: 'fresh-token-value' } }, 'settings.accessToken')
    expect(detail.after).toMatchObject({
      accessToken: '***',
      alarms: { webhooks: [{ url: 'https://hooks.example.test/…', headers: { Authorization: '***' } }] },
    })
    expect(JSON.stringify(detail)).not.toMatch(/fresh-token-value|old-pass|url-token|Bearer/)
  })

  it('says only "given" for a refused save, which has nothing to compare with', () => {
    const detail = redactDetail({ params: input, reason: { code: 'auth.adminOnly', message: 'no' } }, 'settings.save')
    expect((detail.params as typeof input).alarms.webhooks[1]).toEqual({ url: 'given', headers: { Authorization: 'given' } })
  })

  it('keeps a tested webhook’s URL as its origin, saved or not', () => {
    expect(redactDetail({ params: { url: 'https://robot.example.test/x?key=unsaved-key' } }, 'settings.testChannel')).toEqual({
      params: { url: 'https://robot.example.test/…' },
    })
  })

  it('takes any secret this process knows out of any other detail', () => {
    const secrets = new KnownSecrets()
    secrets.set('settings', ['robot-key-123456'])
    const detail = redactDetail({ params: { jobId: 7, executorParam: 'curl -H "X-Key: robot-key-123456"' } }, 'job.trigger', secrets)
    expect(detail).toEqual({ params: { jobId: 7, executorParam: 'curl -H "X-Key: [redacted]"' } })
  })
})

describe('audit export', () => {
  const entry: AuditEntry = {
    id: 7,
    atMs: Date.UTC(2026, 0, 2, 3, 4, 5),
    actor: '=cmd',
    actorKind: 'user',
    source: '127.0.0.1',
    via: 'mcp',
    action: 'job.trigger',
    outcome: 'ok',
    groupId: 2,
    target: 'job 1, "quoted"',
    detail: { params: { jobId: 1 } },
    count: 3,
  }

  it('writes CSV with quoting and without spreadsheet formulas', () => {
    const lines = auditCsv([entry]).split('\r\n')
    expect(lines[1]).toBe(`7,2026-01-02T03:04:05.000Z,'=cmd,user,127.0.0.1,job.trigger,ok,2,"job 1, ""quoted""","{""params"":{""jobId"":1}}",3,mcp`)
  })

  it('writes JSON with an ISO time beside the epoch milliseconds', () => {
    expect(JSON.parse(auditJson([entry]))[0]).toMatchObject({ id: 7, count: 3, time: '2026-01-02T03:04:05.000Z', atMs: entry.atMs })
  })
})
