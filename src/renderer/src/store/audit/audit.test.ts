import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuditEntry, AuditFilter } from '../../../../shared/auth'
import { setClient } from '../../api/client'
import { fakeClient } from '../../api/fake-client'
import { useJobDesk } from '../index'

const entry = (id: number, actor: string) => ({ id, actor }) as AuditEntry

afterEach(() => {
  setClient(null)
  useJobDesk.setState({ auditEntries: [], auditNextBeforeId: null })
})

describe('the audit slice', () => {
  it('keeps only the newest filter’s first page, then pages back from where it ended', async () => {
    const answers: Record<string, (page: { entries: AuditEntry[]; nextBeforeId: number | null }) => void> = {}
    const listAudit = vi.fn(
      (filter: AuditFilter) =>
        new Promise<{ entries: AuditEntry[]; nextBeforeId: number | null }>((resolve) => (answers[`${filter.actor}:${filter.beforeId ?? ''}`] = resolve)),
    )
    setClient(fakeClient({ listAudit }))
    const slow = useJobDesk.getState().fetchAudit({ actor: 'a' })
    const fresh = useJobDesk.getState().fetchAudit({ actor: 'ab' })
    answers['ab:']({ entries: [entry(9, 'ab'), entry(8, 'ab')], nextBeforeId: 8 })
    answers['a:']({ entries: [entry(7, 'a')], nextBeforeId: null })
    await Promise.all([slow, fresh])
    expect(useJobDesk.getState().auditEntries.map((e) => e.id)).toEqual([9, 8])

    const older = useJobDesk.getState().fetchOlderAudit({ actor: 'ab' })
    answers['ab:8']({ entries: [entry(5, 'ab')], nextBeforeId: null })
    await older
    expect(useJobDesk.getState().auditEntries.map((e) => e.id)).toEqual([9, 8, 5])
    expect(useJobDesk.getState().auditNextBeforeId).toBeNull()
    expect(listAudit).toHaveBeenLastCalledWith({ actor: 'ab', beforeId: 8, limit: 100 })
  })
})
