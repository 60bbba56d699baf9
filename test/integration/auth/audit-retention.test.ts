import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AuditService } from '../../../src/main/audit/audit-service'
import { DEFAULT_AUDIT_RETENTION_DAYS } from '../../../src/main/settings/settings-service'
import { ManualClock } from '../../../src/main/kernel/clock'
import { silentLogger } from '../../../src/main/kernel/logger'
import { openSqliteStore } from '../../../src/main/store/sqlite/open-sqlite-store'
import type { Store } from '../../../src/main/store/store'
import { makeTempDir } from '../../support/temp-dir'

const DAY_MS = 86_400_000
let dir: ReturnType<typeof makeTempDir>
let store: Store

beforeEach(() => {
  dir = makeTempDir('jobdesk-audit-')
  store = openSqliteStore(`${dir.path}/jobdesk.db`)
})
afterEach(async () => {
  await store.close()
  dir.remove()
})

describe('audit retention', () => {
  it('keeps half a year by default and drops what is older', async () => {
    expect(DEFAULT_AUDIT_RETENTION_DAYS).toBeGreaterThanOrEqual(180)
    const start = Date.UTC(2026, 0, 1)
    const clock = new ManualClock(start)
    const audit = new AuditService(store.audit, clock, silentLogger)
    const who = { actor: 'admin', actorKind: 'user' as const, source: '127.0.0.1' }
    await audit.record(who, { action: 'job.create', outcome: 'ok', target: 'job 1' })
    await clock.advance(100 * DAY_MS)
    await audit.record(who, { action: 'job.delete', outcome: 'ok', target: 'job 1' })

    const now = start + (DEFAULT_AUDIT_RETENTION_DAYS + 1) * DAY_MS
    expect(await audit.purge(now, DEFAULT_AUDIT_RETENTION_DAYS)).toBe(1)
    expect((await audit.list({})).entries.map((e) => e.action)).toEqual(['job.delete'])
  })

  it('pages newest first and filters by text', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1))
    const audit = new AuditService(store.audit, clock, silentLogger)
    for (let i = 1; i <= 5; i++)
      await audit.record(
        { actor: `u${i}`, actorKind: 'user', source: 'desktop' },
        { action: 'job.trigger', outcome: 'ok', target: `job ${i}`, detail: { params: { executorParam: `p_${i}%` } } },
      )
    const first = await audit.list({ limit: 2 })
    expect(first.entries.map((e) => e.target)).toEqual(['job 5', 'job 4'])
    const second = await audit.list({ limit: 2, beforeId: first.nextBeforeId! })
    expect(second.entries.map((e) => e.target)).toEqual(['job 3', 'job 2'])
    expect((await audit.list({ text: 'p_3%' })).entries.map((e) => e.target)).toEqual(['job 3'])
  })
})
