import { describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../shared/auth'
import { AUDIT_TEXT_MAX_CHARS, redact } from './audit-detail'
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

describe('audit export', () => {
  const entry: AuditEntry = {
    id: 7,
    atMs: Date.UTC(2026, 0, 2, 3, 4, 5),
    actor: '=cmd',
    actorKind: 'user',
    source: '127.0.0.1',
    action: 'job.trigger',
    outcome: 'ok',
    groupId: 2,
    target: 'job 1, "quoted"',
    detail: { params: { jobId: 1 } },
    count: 3,
  }

  it('writes CSV with quoting and without spreadsheet formulas', () => {
    const lines = auditCsv([entry]).split('\r\n')
    expect(lines[1]).toBe(`7,2026-01-02T03:04:05.000Z,'=cmd,user,127.0.0.1,job.trigger,ok,2,"job 1, ""quoted""","{""params"":{""jobId"":1}}",3`)
  })

  it('writes JSON with an ISO time beside the epoch milliseconds', () => {
    expect(JSON.parse(auditJson([entry]))[0]).toMatchObject({ id: 7, count: 3, time: '2026-01-02T03:04:05.000Z', atMs: entry.atMs })
  })
})
