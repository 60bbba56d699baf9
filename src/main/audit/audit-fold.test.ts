import { describe, expect, it } from 'vitest'
import { auditFoldKey } from './audit-fold'
import type { AuditActor, AuditRecord } from './audit-entry'

const MINUTE_START = Date.UTC(2026, 11, 6, 21, 0, 0)
const who: AuditActor = { actor: '(unknown credential)', actorKind: 'anonymous', source: '127.0.0.7' }
const refusal: AuditRecord = {
  action: 'auth.token',
  outcome: 'refused',
  target: 'metrics',
  detail: { params: { n: 1 }, reason: { code: 'auth.tokenRefused', message: 'no bearer token' } },
}

describe('folding audit rows', () => {
  it('gives identical refusals within one minute one key, whatever their parameters', () => {
    const first = auditFoldKey(who, refusal, MINUTE_START)
    expect(first).not.toBeNull()
    expect(auditFoldKey(who, { ...refusal, detail: { ...refusal.detail, params: { n: 2 } } }, MINUTE_START + 59_999)).toBe(first)
  })

  it('keeps apart refusals of another minute, actor, address, action, target or reason', () => {
    const first = auditFoldKey(who, refusal, MINUTE_START)
    const others = [
      auditFoldKey(who, refusal, MINUTE_START + 60_000),
      auditFoldKey({ ...who, actor: 'API token', actorKind: 'api-token' }, refusal, MINUTE_START),
      auditFoldKey({ ...who, source: '127.0.0.8' }, refusal, MINUTE_START),
      auditFoldKey(who, { ...refusal, action: 'auth.console' }, MINUTE_START),
      auditFoldKey(who, { ...refusal, target: 'openapi listJobs' }, MINUTE_START),
      auditFoldKey(
        who,
        { ...refusal, detail: { reason: { code: 'auth.tokenRefused', message: 'the bearer token is not one the OpenAPI takes' } } },
        MINUTE_START,
      ),
    ]
    expect(new Set([first, ...others]).size).toBe(others.length + 1)
  })

  it('never folds what was done or failed: each of those is a row', () => {
    expect(auditFoldKey(who, { ...refusal, outcome: 'ok' }, MINUTE_START)).toBeNull()
    expect(auditFoldKey(who, { ...refusal, outcome: 'failed' }, MINUTE_START)).toBeNull()
  })
})
